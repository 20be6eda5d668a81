package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Status lines as upstream prints them: a first one, one per interval, a final one. */
class StatusLinesTest {
  private static List<String> statusLines(Run r) {
    return r.err.lines().filter(l -> l.contains(" sec: ") && l.contains(" operations;")).toList();
  }

  @Test
  void aRunShorterThanTheStatusIntervalStillGetsAFirstAndAFinalLine() {
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-s", "-p", "status.interval=10",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=1", "-p", "operationcount=0",
        "-p", "maxexecutiontime=0.5");
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = statusLines(r);
    assertTrue(lines.size() >= 2, "a first and a final status line:\n" + r.err);
    assertTrue(lines.get(0).contains(" 0 sec: 0 operations; starting;"), "the first line comes at the start: " + lines);
    String last = lines.get(lines.size() - 1);
    assertTrue(last.contains(" " + r.count("OVERALL", "Operations") + " operations;"),
        "the final line counts every operation: " + last + "\n" + r.out);
  }

  @Test
  void duringWarmUpTheLineSaysSoInsteadOfAZeroThroughput() {
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-s", "-p", "status.interval=0.1",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=1", "-p", "operationcount=0",
        "-p", "warmupexecutiontime=600", "-p", "maxexecutiontime=0.5");
    assertEquals(0, r.exitCode, r.toString());
    List<String> warming = statusLines(r).stream().filter(l -> l.contains("warming up")).toList();
    assertFalse(warming.isEmpty(), "lines during the warm-up:\n" + r.err);
    for (String l : warming) {
      assertFalse(l.contains("current ops/sec"), "no throughput figure while warming up: " + l);
    }
    assertTrue(statusLines(r).stream().anyMatch(l -> l.contains("current ops/sec")), r.err);
  }
}
