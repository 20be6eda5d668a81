package site.ycsb.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.runner.ScriptedDB;

/**
 * Each kind of threshold passes and fails on runs crafted with the simulated database's fixed
 * service time on virtual time, whose figures are the model's whatever the host is doing: the
 * exit code, the {@code [SLO]} lines, the stderr line per broken threshold, and the refusal of a
 * threshold that cannot be read.
 */
class SloThresholdsTest {
  private static final int SLO_BROKEN = 3;

  /** A read-only run of the simulated database, each read taking {@code delayMs}, one thread. */
  private static List<String> run(int delayMs, String... extra) {
    List<String> args = new ArrayList<>(List.of("run", "simulated", "-P", "../workloads/workloadc",
        "-p", "simulated.servicetime=" + delayMs + "ms", "-p", "recordcount=1000"));
    for (String e : extra) {
      args.add("-p");
      args.add(e);
    }
    return args;
  }

  private static Run of(List<String> args) {
    return Run.of(args.toArray(new String[0]));
  }

  @Test
  void serviceLatencyThresholdPassesAboveTheDelayAndBreaksBelowIt() {
    Run met = of(run(2, "operationcount=200", "slo=READ.p99<500ms, READ.mean<=500ms"));
    assertEquals(0, met.exitCode, met.toString());
    assertEquals(1, met.count("SLO", "Passed"), met.out);
    assertEquals(2, met.count("SLO", "Thresholds"));
    assertEquals(1, met.count("SLO", "READ.p99<500ms:Passed"));
    assertEquals(500_000, met.get("SLO", "READ.p99<500ms:Limit(us)"), 0.001);
    double p99 = met.get("SLO", "READ.p99<500ms:Measured(us)");
    assertEquals(met.get("READ", "99thPercentileLatency(us)"), p99, 1.0, "the summary's own figure");
    assertTrue(met.err.contains("SLO met"), met.err);

    Run broken = of(run(2, "operationcount=200", "slo=READ.p99<1ms, READ.max<10s"));
    assertEquals(SLO_BROKEN, broken.exitCode, broken.toString());
    assertEquals(0, broken.count("SLO", "Passed"));
    assertEquals(1, broken.count("SLO", "Broken"));
    assertEquals(0, broken.count("SLO", "READ.p99<1ms:Passed"));
    assertEquals(1, broken.count("SLO", "READ.max<10s:Passed"));
    assertTrue(broken.get("SLO", "READ.p99<1ms:Measured(us)") >= 2000, broken.out);
    List<String> lines = brokenLines(broken.err);
    assertEquals(1, lines.size(), broken.err);
    assertTrue(lines.get(0).startsWith("SLO BROKEN: READ.p99<1ms: measured "), lines.get(0));
  }

  @Test
  void intendedLatencyShowsAnOverloadTheServiceLatencyHides() {
    // one thread of 5 ms calls serves 200 ops/s; asked for 400 ops/s the queue grows for the whole run
    Run over = of(run(5, "operationcount=0", "maxexecutiontime=1.5", "target=400",
        "slo=READ.p99<250ms, Intended-READ.p99<250ms, Intended-ALL.p99<250ms"));
    assertEquals(SLO_BROKEN, over.exitCode, over.toString());
    assertEquals(1, over.count("SLO", "READ.p99<250ms:Passed"), over.out);
    assertEquals(0, over.count("SLO", "Intended-READ.p99<250ms:Passed"), over.out);
    assertEquals(0, over.count("SLO", "Intended-ALL.p99<250ms:Passed"), over.out);

    Run under = of(run(5, "operationcount=0", "maxexecutiontime=1.5", "target=50",
        "slo=Intended-READ.p99<250ms"));
    assertEquals(0, under.exitCode, under.toString());
    assertEquals(1, under.count("SLO", "Passed"));
  }

  @Test
  void failureRateThreshold() {
    List<String> args = new ArrayList<>(List.of("run", "-db", ScriptedDB.class.getName(), "-P",
        "../workloads/workloada", "-p", "operationcount=2000", "-p", "scripted.failures=0.3",
        "-p", "slo=failures<50%, failures<1%"));
    Run r = of(args);
    assertEquals(SLO_BROKEN, r.exitCode, r.toString());
    assertEquals(1, r.count("SLO", "failures<50%:Passed"), r.out);
    assertEquals(0, r.count("SLO", "failures<1%:Passed"), r.out);
    assertEquals(30, r.get("SLO", "failures<1%:Measured(%)"), 5, r.out);
    assertTrue(r.err.contains("SLO BROKEN: failures<1%: measured"), r.err);
  }

  @Test
  void throughputThreshold() {
    // one thread of 2 ms calls: 500 ops/s
    Run r = of(run(2, "operationcount=300", "slo=throughput>=50, throughput>=5000"));
    assertEquals(SLO_BROKEN, r.exitCode, r.toString());
    assertEquals(1, r.count("SLO", "throughput>=50:Passed"), r.out);
    assertEquals(0, r.count("SLO", "throughput>=5000:Passed"), r.out);
    assertEquals(500, r.get("OVERALL", "Throughput(ops/sec)"), 1e-9, r.out);
    assertEquals(500, r.get("SLO", "throughput>=5000:Measured(ops/sec)"), 1e-9, r.out);
  }

  @Test
  void perIntervalThresholdsCountTheIntervalsThatMetThem(@TempDir Path dir) throws Exception {
    Run r = of(run(2, "operationcount=0", "maxexecutiontime=2", "timeseries.granularity=250",
        "resultsdir=" + dir.resolve("r"), "slo=READ.p99<1s in 75%, throughput>=5000 in 50%"));
    assertEquals(SLO_BROKEN, r.exitCode, r.toString());
    String met = "READ.p99<1s in 75% of intervals";
    String missed = "throughput>=5000 in 50% of intervals";
    assertEquals(1, r.count("SLO", met + ":Passed"), r.out);
    assertEquals(8, r.count("SLO", met + ":Intervals"), "2 s in intervals of 250 ms: " + r.out);
    assertEquals(100, r.get("SLO", met + ":Measured(%)"), 0.001, r.out);
    assertEquals(0, r.count("SLO", missed + ":Passed"), r.out);
    assertEquals(0, r.get("SLO", missed + ":Measured(%)"), 0.001);
    assertTrue(r.err.contains("SLO BROKEN: " + missed + ": met in 0 of "), r.err);
    // the results folder carries the verdicts as well
    JsonNode slo = new ObjectMapper().readTree(dir.resolve("r/summary.json").toFile()).path("slo");
    assertFalse(slo.path("passed").asBoolean(true));
    assertEquals(2, slo.path("thresholds").size());
    assertEquals(met, slo.path("thresholds").get(0).path("threshold").asText());
    assertTrue(slo.path("thresholds").get(0).path("passed").asBoolean());
  }

  @Test
  void abortEndsAnOverloadedRunAfterTheGracePeriod() {
    Run r = of(run(5, "operationcount=0", "maxexecutiontime=30", "target=400", "slo=Intended-READ.p99<20ms",
        "slo.abort=true", "slo.grace=1"));
    assertEquals(SLO_BROKEN, r.exitCode, r.toString());
    assertEquals(1, r.count("SLO", "Aborted"), r.out);
    assertEquals(1000, r.count("OVERALL", "RunTime(ms)"), "ended when its 1 s of grace did, not after its 30 s\n"
        + r.out);
    assertTrue(r.err.contains("ended early (slo.abort=true)"), r.err);
    assertFalse(r.err.contains("the run was interrupted"), r.err);
  }

  @Test
  void aThresholdThatCannotBeReadIsOneLineAndExitCode2BeforeTheRun() {
    for (String bad : List.of("READ.p99<<5ms", "READ.p99<5", "REED.p99<5ms", "failures<0.1", "READ.p99<5ms,",
        "READ.p99<5ms in 150%")) {
      Run r = of(run(1, "operationcount=10", "slo=" + bad));
      assertEquals(2, r.exitCode, bad + "\n" + r);
      assertEquals("", r.out, "nothing ran");
      String[] lines = r.err.strip().split("\n");
      assertEquals(1, lines.length, r.err);
      assertTrue(lines[0].startsWith("ERROR: property slo: "), lines[0]);
      assertTrue(lines[0].contains("expected") || lines[0].contains("must"), lines[0]);
    }
  }

  /**
   * A limit the figure can never have, or one no run can meet, would break every run whatever the
   * database did: it is refused before the run, naming the threshold and what the figure can be.
   */
  @Test
  void aThresholdNoRunCanMeetIsOneLineAndExitCode2BeforeTheRun() {
    String[][] cases = {
        {"failures<150%", "'failures<150%': a failure rate is from 0% to 100% of the calls: expected e.g."
            + " failures<0.1%"},
        {"failures<0%", "'failures<0%' can never be met: a failure rate is from 0% to 100%"},
        {"failures>100%", "'failures>100%' can never be met"},
        {"READ.p99<0us", "'READ.p99<0us' can never be met: a latency is above 0: expected e.g. READ.p99<5ms"},
        {"Intended-ALL.max<=0ms", "'Intended-ALL.max<=0ms' can never be met: a latency is above 0: expected e.g."
            + " Intended-ALL.max<5ms"},
        {"READ.p99<-5ms", "'READ.p99<-5ms': a latency is above 0"},
        {"READ.p99>-5ms in 90%", "'READ.p99>-5ms in 90%': a latency is above 0"},
        {"throughput<0", "'throughput<0' can never be met: a throughput is 0 or more operations per second"},
        {"throughput>=-1", "'throughput>=-1': a throughput is 0 or more"},
        {"READ.p101<5ms", "p101 is not a percentile"}};
    for (String[] c : cases) {
      Run r = of(run(1, "operationcount=10", "slo=READ.p99<5ms, " + c[0]));
      assertEquals(2, r.exitCode, c[0] + "\n" + r);
      assertEquals("", r.out, "nothing ran");
      String[] lines = r.err.strip().split("\n");
      assertEquals(1, lines.length, r.err);
      assertTrue(lines[0].startsWith("ERROR: property slo: ") && lines[0].contains(c[1]), lines[0]);
    }
    for (String meetable : List.of("failures<=0%", "failures<=100%", "throughput>=0", "READ.p99<1us",
        "READ.p99>0us")) {
      ThresholdParser.parse(meetable);
    }
  }

  private static List<String> brokenLines(String err) {
    List<String> out = new ArrayList<>();
    for (String l : err.split("\n")) {
      if (l.startsWith("SLO BROKEN")) {
        out.add(l);
      }
    }
    return out;
  }
}
