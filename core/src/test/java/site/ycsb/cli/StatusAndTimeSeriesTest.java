package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Status lines go to stderr only; time series keep their granularity whatever the status pace. */
class StatusAndTimeSeriesTest {
  @Test
  void statusLinesAreOnStderrOnlyAndTimeSeriesKeepsItsGranularity(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("r");
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-s", "-p", "status.interval=0.25",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=1", "-p", "operationcount=0",
        "-p", "maxexecutiontime=2", "-p", "timeseries.granularity=1000", "-p", "resultsdir=" + results,
        "-p", "measurementtype=timeseries", "-threads", "2");
    assertEquals(0, r.exitCode, r.toString());
    long statusLines = r.err.lines().filter(l -> l.contains(" sec: ") && l.contains("current ops/sec")).count();
    assertTrue(statusLines >= 5, "a status line every 0.25 s:\n" + r.err);
    assertTrue(r.err.contains("[READ: Count="), r.err);
    assertFalse(r.out.contains(" sec: "), "no status line in the results:\n" + r.out);
    List<String> overallRows = Files.readAllLines(results.resolve("timeseries.csv")).stream()
        .filter(l -> l.contains(",OVERALL,")).toList();
    // two 1000 ms intervals, and a last sliver when an operation finished just before the deadline
    assertTrue(overallRows.size() == 2 || overallRows.size() == 3, "1000 ms intervals in a 2 s run: " + overallRows);
    // each row is labelled with the instant it was read: at its tick or a little after
    long first = Long.parseLong(overallRows.get(0).split(",")[0]);
    long second = Long.parseLong(overallRows.get(1).split(",")[0]);
    assertTrue(first >= 1000 && first < 1100 && second >= 2000 && second < 2100, overallRows.toString());
    long summed = overallRows.stream().mapToLong(l -> Long.parseLong(l.split(",")[3])).sum();
    assertEquals(r.count("OVERALL", "Operations"), summed, "time series rows add up to the total");
    assertTrue(r.has("READ", "0") && r.has("READ", "1000"), "YCSB-style time series lines:\n" + r.out);
  }
}
