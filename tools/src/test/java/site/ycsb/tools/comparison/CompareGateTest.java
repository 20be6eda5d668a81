package site.ycsb.tools.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ExitCodes;
import site.ycsb.cli.Run;
import site.ycsb.results.HistogramEncoding;
import site.ycsb.simulation.SimulatedDB;

/**
 * {@code ycsb compare --fail-on} end to end: runs of the simulated database on virtual time, each
 * call's service time drawn between 0 and twice its mean from a seed of the run's own, compared
 * through the command line, judged by their exit codes and what they print. A run's two seconds
 * take a moment, and its latencies are the model's whatever the host is doing.
 */
class CompareGateTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  /** Each run draws its own service times, as two runs of one configuration do. */
  private int seed;

  /** A run phase of two seconds in 100 ms intervals, every call taking {@code meanMs} on average. */
  private Path run(Path dir, int meanMs, String... extra) {
    List<String> args = new ArrayList<>(List.of("run", "-db", SimulatedDB.class.getName(), "-P",
        "../workloads/workloada", "-p", "simulated.servicetime=" + meanMs + "ms",
        "-p", "simulated.servicedistribution=uniform", "-p", "simulated.seed=" + ++seed, "-p", "recordcount=200",
        "-p", "operationcount=0", "-p", "maxexecutiontime=2", "-p", "timeseries.granularity=100", "-threads", "4",
        "-p", "resultsdir=" + dir));
    args.addAll(List.of(extra));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return dir;
  }

  @Test
  void aSignificantRegressionBeyondTheThresholdFails() {
    Path a = run(tmp.resolve("a"), 1);
    Path b = run(tmp.resolve("b"), 3);
    Run c = Run.of("compare", "--baseline", a.toString(), b.toString(), "--fail-on", "READ.mean>+20%, throughput<-90%");
    assertEquals(ExitCodes.REGRESSION, c.exitCode, c.toString());
    assertTrue(c.err.startsWith("REGRESSION: READ.mean>+20%: +"), c.err);
    assertTrue(c.out.lines().anyMatch(l -> l.startsWith("READ.mean (us)") && l.endsWith("slower")), c.out);
    assertTrue(c.out.contains("fail-on READ.mean>+20%: +"), c.out);
    assertTrue(c.out.contains("fail-on throughput<-90%: -"), c.out);
  }

  @Test
  void aChangeWithinTheThresholdPasses() {
    Path a = run(tmp.resolve("a"), 2);
    Path b = run(tmp.resolve("b"), 2);
    Run c = Run.of("compare", "--baseline", a.toString(), b.toString(), "--fail-on",
        "READ.mean>+50%, READ.p50>+50%, throughput<-50%");
    assertEquals(ExitCodes.OK, c.exitCode, c.toString());
    assertEquals("", c.err);
    assertTrue(c.out.contains("fail-on READ.mean>+50%: "), c.out);
    assertTrue(c.out.contains(": within: the interval rules out a change beyond +50%"), c.out);
  }

  @Test
  void runsTooShortToTellAreInconclusiveNotPassed() {
    Path a = run(tmp.resolve("a"), 1, "-p", "operationcount=40", "-p", "timeseries.granularity=1000");
    Path b = run(tmp.resolve("b"), 1, "-p", "operationcount=40", "-p", "timeseries.granularity=1000");
    Run c = Run.of("compare", "--baseline", a.toString(), b.toString(), "--fail-on", "READ.mean>+20%");
    assertEquals(ExitCodes.INCONCLUSIVE, c.exitCode, c.toString());
    assertTrue(c.err.startsWith("INCONCLUSIVE: READ.mean>+20%: cannot tell: the baseline has 1 interval, at least"
        + " 10 are needed"), c.err);
    assertTrue(c.out.lines().anyMatch(l -> l.startsWith("READ.mean (us)") && l.contains("cannot tell (1)")), c.out);
  }

  @Test
  void thresholdsAndLevelsThatCannotBeReadAreRefused() {
    Path a = run(tmp.resolve("a"), 1, "-p", "operationcount=20");
    for (String bad : new String[] {"READ.p99>10", "REED.p99>+10%", "READ.p99>-10%", "failures>+1%",
        "throughput<-5%,", "READ.p99>+10ms/s"}) {
      Run c = Run.of("compare", "--baseline", a.toString(), a.toString(), "--fail-on", bad);
      assertEquals(ExitCodes.BAD_INPUT, c.exitCode, bad + ": " + c);
      assertTrue(c.err.startsWith("ERROR: --fail-on"), c.err);
      assertEquals(1, c.err.strip().lines().count(), c.err);
    }
    Run level = Run.of("compare", "--baseline", a.toString(), a.toString(), "--confidence", "5");
    assertEquals(ExitCodes.BAD_INPUT, level.exitCode, level.toString());
    assertEquals(1, level.err.strip().lines().count(), level.err);
    Run one = Run.of("compare", a.toString(), "--fail-on", "READ.p99>+10%");
    assertEquals(ExitCodes.BAD_INPUT, one.exitCode, one.toString());
    assertTrue(one.err.contains("needs a baseline and a candidate"), one.err);
  }

  @Test
  void jsonCarriesEveryVerdictAndTheGate() throws Exception {
    Path a = run(tmp.resolve("a"), 1);
    Path b = run(tmp.resolve("b"), 3);
    Run c = Run.of("compare", "--baseline", a.toString(), b.toString(), "--json", "--confidence", "99",
        "--fail-on", "READ.mean>+20%");
    assertEquals(ExitCodes.REGRESSION, c.exitCode, c.toString());
    JsonNode root = JSON.readTree(c.out);
    assertEquals(0.99, root.path("confidence").asDouble(), 1e-12);
    assertEquals("intervals", root.path("method").asText());
    JsonNode mean = figure(root, "READ.mean");
    assertEquals("slower", mean.path("verdict").asText());
    assertTrue(mean.path("lowPercent").asDouble() > 0, mean.toString());
    assertEquals(4, root.path("gate").path("exitCode").asInt());
    assertEquals("regression", root.path("gate").path("thresholds").get(0).path("outcome").asText());
  }

  @Test
  void combinationsOfAnExperimentAreComparedOverTheirRepetitions() {
    Path fast = tmp.resolve("exp/workloada/simulated.servicetime-1ms");
    Path slow = tmp.resolve("exp/workloada/simulated.servicetime-3ms");
    for (int r = 1; r <= 3; r++) {
      run(fast.resolve(Integer.toString(r)), 1, "-p", "maxexecutiontime=1");
      run(slow.resolve(Integer.toString(r)), 3, "-p", "maxexecutiontime=1");
    }
    Run c = Run.of("compare", "--baseline", fast.toString(), slow.toString(), "--fail-on", "READ.mean>+20%");
    assertEquals(ExitCodes.REGRESSION, c.exitCode, c.toString());
    assertTrue(c.out.contains("method: repetitions, each run one sample (A: 3 runs, B: 3)"), c.out);
    assertTrue(c.out.lines().anyMatch(l -> l.startsWith("READ.mean (us)") && l.endsWith("slower")), c.out);
  }

  @Test
  void mergedClientsAreComparedOnTheirAddedHistograms() throws Exception {
    Path c0 = run(tmp.resolve("c0"), 1, "-p", "clientcount=2", "-p", "clientid=0");
    Path c1 = run(tmp.resolve("c1"), 2, "-p", "clientcount=2", "-p", "clientid=1");
    Path merged = tmp.resolve("merged");
    Run m = Run.of("merge", c0.toString(), c1.toString(), "-o", merged.toString());
    assertEquals(0, m.exitCode, m.toString());
    Run c = Run.of("compare", "--baseline", c0.toString(), merged.toString(), "--json");
    assertEquals(0, c.exitCode, c.toString());
    Histogram both = new Histogram(3);
    for (Path p : List.of(c0, c1)) {
      both.add(HistogramEncoding.decode(JSON.readTree(p.resolve("summary.json").toFile()).path("sections")
          .path("READ").path("histogram").asText()));
    }
    JsonNode root = JSON.readTree(c.out);
    assertEquals(both.getValueAtPercentile(99) / 1000.0, figure(root, "READ.p99").path("candidate").asDouble(), 0.0);
    assertEquals(both.getValueAtPercentile(50) / 1000.0, figure(root, "READ.p50").path("candidate").asDouble(), 0.0);
    assertEquals(both.getMaxValue() / 1000.0, figure(root, "READ.max").path("candidate").asDouble(), 0.0);
    assertEquals(both.getMean() / 1000.0, figure(root, "READ.mean").path("candidate").asDouble(), 1e-9);
  }

  private static JsonNode figure(JsonNode root, String name) {
    for (JsonNode f : root.path("figures")) {
      if (name.equals(f.path("figure").asText())) {
        return f;
      }
    }
    throw new AssertionError("no figure " + name + " in " + root);
  }
}
