package site.ycsb.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;

/**
 * The capacity search against a database whose capacity is known exactly: the simulated binding,
 * N servers each answering a call in D ms, on virtual time, serves N x 1000 / D operations per
 * second and no more, whatever the host is doing; above that the intended latency grows for as
 * long as the run lasts. The search must land on it to its precision, its interval must hold it
 * (or lie above it by no more than the objective's own margin), and an interrupted search must
 * resume without running its finished runs again.
 */
class CapacitySearchTest {
  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().normalize()
      .toString();
  // on virtual time the host adds nothing to a call: the capacity is N x 1000 / D exactly
  private static final int SERVERS = 4;
  private static final int SERVICE_MS = 2;
  private static final double RUNTIME_S = 10;
  private static final double CAPACITY = SERVERS * 1000.0 / SERVICE_MS;

  @TempDir
  Path tmp;

  @Test
  void aBadSearchIsOneLineAndExitCode2BeforeAnyRun() throws IOException {
    String[][] cases = {
        {"search: {slo: \"READ.p99<<5ms\"}", "search: slo: 'READ.p99<<5ms' is not a threshold"},
        // no target can meet it: refused before the unthrottled run, not searched to "no target met"
        {"search: {slo: \"READ.p99<0us\"}", "search: slo: 'READ.p99<0us' can never be met: a latency is above 0"},
        {"search: {repetitions: 3}", "search: needs slo:"},
        {"search: {slo: \"READ.p99<5ms\", precision: 150%}", "search: precision: '150%' is out of range"},
        {"search: {slo: \"READ.p99<5ms\"}\nsweep: {target: [100, 200]}", "leave out sweep: target:"}};
    for (String[] c : cases) {
      Path plan = tmp.resolve("bad.yaml");
      Files.writeString(plan, "binding: basic\nworkloads: [" + WORKLOADA + "]\nruntime: 1s\n" + c[0] + "\n");
      Path out = tmp.resolve("bad-out");
      Run r = Run.of("experiment", plan.toString(), "-o", out.toString());
      assertEquals(2, r.exitCode, r.toString());
      List<String> err = r.err.lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
      assertEquals(1, err.size(), r.toString());
      assertTrue(err.get(0).startsWith("ERROR: " + plan + " line ") && err.get(0).contains(c[1]), err.get(0));
      assertTrue(!Files.exists(out), "nothing ran");
    }
  }

  @Test
  void findsTheKnownCapacityAndResumesWithoutRepeatingFinishedRuns() throws Exception {
    Path plan = tmp.resolve("capacity.yaml");
    Files.write(plan, List.of(
        "binding: simulated",
        "properties: {recordcount: 100, simulated.servers: " + SERVERS + ", simulated.servicetime: " + SERVICE_MS
            + "ms}",
        "workloads: [" + WORKLOADA + "]",
        "load: none",
        "runtime: " + (int) RUNTIME_S + "s",
        "warmup: 1s",
        // more workers than servers: the database, not the client, is what runs out
        "sweep: {threads: [16]}",
        // the model gives the same figures every time: one run per target is enough (a search
        // repeats each target 3 times unless told otherwise, and every run is a JVM of its own)
        "search: {slo: \"Intended-ALL.mean<50ms\", precision: 1%, repetitions: 1}"),
        StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    Run r = Run.of("experiment", plan.toString(), "-o", out.toString());
    assertEquals(0, r.exitCode, r.toString());

    List<List<String>> capacity = Csv.read(out.resolve("capacity.csv"));
    assertEquals(2, capacity.size(), capacity.toString());
    double found = Double.parseDouble(capacity.get(1).get(2));
    double low = Double.parseDouble(capacity.get(1).get(3));
    double high = Double.parseDouble(capacity.get(1).get(4));
    String summary = "found " + found + " in [" + low + ", " + high + "], known " + CAPACITY + "\n" + r.out;
    String sentence = Files.readString(out.resolve("capacity.txt"));
    assertTrue(sentence.contains("capacity " + capacity.get(1).get(2) + " ops/s at SLO Intended-ALL.mean<50ms"),
        sentence);
    assertTrue(r.out.contains(sentence.strip()), "printed at the end: " + r.out);
    List<List<String>> candidates = Csv.read(out.resolve("search.csv"));
    assertTrue(candidates.size() >= 4, "bisection from the unthrottled bound: " + candidates);
    String report = Files.readString(out.resolve("report.html"));
    assertTrue(report.contains("= capacity") && report.contains("capacity " + capacity.get(1).get(2) + " ops/s"),
        "the report marks the capacity on the latency-throughput curve");

    // an interruption during the last run leaves it recorded as interrupted; every other run is done
    Path index = out.resolve("index.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(index, StandardCharsets.UTF_8));
    int last = lines.size() - 1;
    assertTrue(lines.get(last).contains(",done,"), lines.get(last));
    lines.set(last, lines.get(last).replace(",done,", ",interrupted,"));
    Files.write(index, lines, StandardCharsets.UTF_8);
    Path kept = out.resolve(Csv.read(index).get(1).get(4)).resolve("summary.json");
    FileTime before = Files.getLastModifiedTime(kept);

    Run resumed = Run.of("experiment", plan.toString(), "-o", out.toString());
    assertEquals(0, resumed.exitCode, resumed.toString());
    List<String> runs = resumed.out.lines().filter(l -> l.startsWith("run ")).collect(Collectors.toList());
    assertEquals(1, runs.size(), "only the interrupted run runs again:\n" + resumed.out);
    assertTrue(resumed.out.contains("resuming: " + (last - 1) + " finished runs are kept"), resumed.out);
    assertEquals(before, Files.getLastModifiedTime(kept), "a finished run's results are not rewritten");
    assertTrue(resumed.out.contains("capacity "), resumed.out);

    // the known answer: above the capacity the schedule falls behind x times the time run, and the
    // mean intended latency passes 50 ms once x times half the window passes 50 ms less a call's
    // time; so the interval holds the capacity or lies above it by that much, and no more
    assertTrue((high - low) / high <= 0.01 + 1e-9, "to the precision asked: " + summary);
    double objectiveBreaks = CAPACITY * (1 + (50.0 - SERVICE_MS) / (RUNTIME_S * 1000 / 2));
    assertTrue(low <= objectiveBreaks && high >= CAPACITY, "the interval holds the capacity, or lies above it by no"
        + " more than the objective's margin (" + objectiveBreaks + " ops/s): " + summary);
    assertTrue(found >= CAPACITY * 0.99 && found <= objectiveBreaks, summary);
  }
}
