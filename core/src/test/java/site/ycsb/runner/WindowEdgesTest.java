package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * The edges of the measured window where figures used to come out false: a stall still running
 * at the deadline, a windowed schedule after a stall, a warm-up that is stuck or ends unevenly,
 * the first and last time-series rows, and what ended the run. Each holds on both paths (blocking,
 * and asynchronous with the same number of operations at once). Figures come from the simulated
 * database on virtual time, exact whatever the host does; a call stuck in a driver, garbage
 * collections and the client's own scheduling delay are real, and so is their time.
 */
class WindowEdgesTest {
  private static final String DB = ScriptedDB.class.getName();
  private static final String WORKLOAD = "../workloads/workloada";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  @BeforeEach
  void reset() {
    ScriptedDB.reset();
  }

  private static String[] args(EnginePath path, int atOnce, String... more) {
    return args(EnginePath.concat(path.atOnce(atOnce), more));
  }

  /** A blocking worker stuck in a call is abandoned; an asynchronous one leaves the operation behind. */
  private static void assertAbandoned(EnginePath path, long n, Run r) {
    if (path == EnginePath.BLOCKING) {
      assertEquals(n, r.count("OVERALL", "AbandonedThreads"), r.toString());
    } else {
      assertEquals(0, r.count("OVERALL", "AbandonedThreads"), r.toString());
      assertEquals(n, r.count("OVERALL", "AbandonedOperations"), r.toString());
    }
  }

  private static String[] args(String... more) {
    List<String> a = new ArrayList<>(List.of("run", "-db", DB, "-P", WORKLOAD));
    a.addAll(Arrays.asList(more));
    return a.toArray(new String[0]);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void abandonedWorkersCallsCountAsUnfinishedToo(EnginePath path) {
    // on virtual time: the database stalls from 1 s to 9 s, every worker is in a call at the 2 s
    // deadline and is left 0.5 s later; each of the 2000 slots is either done or unfinished
    Run r = Run.of(simulated(path, 4, "-target", "1000", "-p", "operationcount=0", "-p", "maxexecutiontime=2",
        "-p", "simulated.servicetime=0.1ms", "-p", "simulated.pause=1s-9s", "-p", "threadstoptimeout=0.5"));
    assertEquals(0, r.exitCode, r.toString());
    assertAbandoned(path, 4, r);
    assertEquals(1000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(1000, r.count("Intended-UNFINISHED", "Operations"), r.toString());
    // the call due when the stall began is shown at its lateness at the deadline
    assertEquals(1_000_000, r.count("Intended-UNFINISHED", "MaxLatency(us)"), r.toString());
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  @Timeout(20)
  void aTimedWarmupStuckInACallStillEnds(EnginePath path) {
    // real time: a worker stuck in a real call, which only threadstoptimeout ends
    long t0 = System.nanoTime();
    Run r = Run.of(args(path, 1, "-p", "operationcount=0", "-p", "warmupexecutiontime=300",
        "-p", "maxexecutiontime=1", "-p", "threadstoptimeout=1", "-p", "scripted.hangonce=true"));
    assertEquals(0, r.exitCode, r.toString());
    assertAbandoned(path, 1, r);
    assertEquals(1000, r.count("OVERALL", "RunTime(ms)"), 5, r.toString());
    if (path == EnginePath.BLOCKING) {
      // the blocking worker is inside the call; the asynchronous one ends its warm-up on time itself
      assertTrue(r.err.contains("warm-up did not end"), r.err);
    }
    assertTrue((System.nanoTime() - t0) / 1e9 < 10, "ended in warm-up + 2 x threadstoptimeout + window");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  @Timeout(20)
  void aWarmupByCountStuckInACallStillEnds(EnginePath path) {
    // real time: a worker stuck in a real call, which only threadstoptimeout ends
    Run r = Run.of(args(path, 1, "-p", "operationcount=0", "-p", "warmupoperationcount=100",
        "-p", "maxexecutiontime=1", "-p", "threadstoptimeout=1", "-p", "scripted.hangonce=true"));
    assertEquals(0, r.exitCode, r.toString());
    assertAbandoned(path, 1, r);
    assertEquals(1000, r.count("OVERALL", "RunTime(ms)"), 5, r.toString());
  }

  /** The arguments of a phase on the simulated clock against the simulated database. */
  private static String[] simulated(EnginePath path, int atOnce, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "-db", WatchedSimulatedDB.class.getName(), "-P", WORKLOAD));
    a.addAll(Arrays.asList(path.atOnce(atOnce)));
    a.addAll(Arrays.asList(more));
    return a.toArray(new String[0]);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void waitingForTheSlowestAtTheEndOfWarmupIsNotQueueing(EnginePath path) {
    // 8 workers of 300 ms calls keep up with 10/s easily; 20 warm-up operations end unevenly, and
    // the early workers wait up to a call's length for the last. Were the schedule to run on through
    // that wait, the first measured operations would be up to 300 ms late before they start. On the
    // simulated clock: every measured call starts at its slot and takes its 300 ms, exactly
    Run r = Run.of(simulated(path, 8, "-target", "10", "-p", "operationcount=0", "-p", "maxexecutiontime=3",
        "-p", "warmupoperationcount=20", "-p", "simulated.servicetime=300ms"));
    assertEquals(0, r.exitCode, r.toString());
    for (String op : new String[] {"READ", "UPDATE"}) {
      if (r.has("Intended-" + op, "MaxLatency(us)")) {
        assertEquals(300_000, r.count("Intended-" + op, "MaxLatency(us)"), "the schedule restarts with the window\n" + r);
      }
    }
  }

  /** The arguments of a phase on the simulated clock against a database whose sessions take time to open and close. */
  private static String[] slowSessions(EnginePath path, int atOnce, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "-db", SlowSessionSimulatedDB.class.getName(), "-P", WORKLOAD));
    a.addAll(Arrays.asList(path.atOnce(atOnce)));
    a.addAll(Arrays.asList(more));
    return a.toArray(new String[0]);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theFirstMeasuredRowAfterWarmupHasTheTrueRate(EnginePath path) throws IOException {
    Path dir = tmp.resolve("r");
    Run r = Run.of(simulated(path, 2, "-target", "1000", "-p", "operationcount=0", "-p", "maxexecutiontime=2",
        "-p", "warmupexecutiontime=1500", "-p", "simulated.servicetime=0.1ms", "-p", "timeseries.granularity=1000",
        "-p", "resultsdir=" + dir));
    assertEquals(0, r.exitCode, r.toString());
    List<String[]> rows = overallRows(dir);
    assertTrue(rows.size() >= 3, "rows of 0.5, 1 and 0.5 s: " + rows.size());
    for (String[] row : rows) {
      // the schedule's rate over the row's own length: a row whose length counted warm-up time would show 500
      assertEquals(1000, Double.parseDouble(row[10]), 1e-6, "every row offers the steady 1000 ops/s: "
          + String.join(",", row));
      // and the achieved rate over the same length
      assertEquals(1000, Double.parseDouble(row[4]), 1e-6, "a row's achieved rate over its true length: "
          + String.join(",", row));
    }
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void timeSeriesAndIntervalLogsCountFromTheRealStart(EnginePath path) throws IOException {
    Path dir = tmp.resolve("r");
    // connecting takes 1.5 s of virtual time: the clock of the rows must start when the workers
    // are released, to the millisecond
    Run r = Run.of(slowSessions(path, 2, "-p", "session.connectms=1500", "-p", "operationcount=0",
        "-p", "maxexecutiontime=1", "-p", "simulated.servicetime=1ms", "-p", "timeseries.granularity=200",
        "-p", "resultsdir=" + dir));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1500, r.count("OVERALL", "DbInitTime(ms)"), "connecting took its 1.5 s");
    long windowStart = summary(dir).path("window").path("startEpochMillis").asLong();
    List<String[]> rows = overallRows(dir);
    assertEquals(5, rows.size(), "a row every 200 ms of the 1 s window");
    for (String[] row : rows) {
      long base = Long.parseLong(row[1]) - Long.parseLong(row[0]);
      assertEquals(windowStart, base, 1, "epoch_ms - elapsed_ms is the phase start: " + String.join(",", row));
    }
    String startLine = Files.readAllLines(dir.resolve("hdr/READ.hlog")).stream()
        .filter(l -> l.startsWith("#[StartTime: ")).findFirst().orElseThrow();
    double logStart = Double.parseDouble(startLine.substring(13, startLine.indexOf(' ', 13)));
    assertEquals(windowStart, logStart * 1000, 1, startLine);
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  @Timeout(20)
  void noRowIsWrittenPastTheDeadlineAndTheLastRowIsNotEmpty(EnginePath path) throws IOException {
    // real time: a worker stuck in a real call, which only threadstoptimeout ends
    Path dir = tmp.resolve("r");
    Run r = Run.of(args(path, 2, "-p", "operationcount=0", "-p", "maxexecutiontime=2",
        "-p", "scripted.hangonce=true", "-p", "threadstoptimeout=1.5", "-p", "scripted.delayms=1",
        "-p", "timeseries.granularity=500", "-p", "resultsdir=" + dir));
    assertEquals(0, r.exitCode, r.toString());
    assertAbandoned(path, 1, r);
    List<String[]> rows = overallRows(dir);
    for (String[] row : rows) {
      assertTrue(Long.parseLong(row[0]) <= 2005, "a row after the 2000 ms window: " + String.join(",", row));
    }
    assertTrue(Long.parseLong(rows.get(rows.size() - 1)[3]) > 0, "the last row holds operations");
    long summed = rows.stream().mapToLong(row -> Long.parseLong(row[3])).sum();
    assertEquals(r.count("OVERALL", "Operations"), summed);
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void warmupGarbageCollectionsAndSamplesAreLeftOut(EnginePath path) {
    // each of the 5 warm-up calls forces a collection; the measured calls allocate next to nothing
    Run r = Run.of(args(path, 1, "-p", "operationcount=0", "-p", "warmupoperationcount=5",
        "-p", "scripted.gcfirstcalls=5", "-p", "warmupexecutiontime=1000", "-p", "maxexecutiontime=0.5",
        "-p", "timeseries.granularity=100", "-p", "scripted.delayms=1"));
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.count("TOTAL_GCs", "Count") < 5, "the warm-up's collections are not the window's:\n" + r);
    assertTrue(r.count("CLIENT", "Samples") <= 7, "about 5 samples of 100 ms in a 0.5 s window:\n" + r);
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void aRunEndedByItsOperationCountSaysSoEvenWhenResultsComeAfterTheDeadline(EnginePath path) {
    // on virtual time: 50 calls of 10 ms end at 0.5 s; disconnecting takes until 1.2 s, past the 1 s deadline
    Run r = Run.of(slowSessions(path, 1, "-p", "session.disconnectms=700", "-p", "operationcount=50",
        "-p", "maxexecutiontime=1", "-p", "simulated.servicetime=10ms", "-p", "resultsdir=" + tmp.resolve("r")));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(50, r.count("OVERALL", "Operations"));
    assertEquals(500, r.count("OVERALL", "RunTime(ms)"), "the window ends with the last call: " + r);
    assertEquals(700, r.count("OVERALL", "CleanupTime(ms)"), "disconnecting ended past the deadline: " + r);
    assertEquals("operationcount", summaryUnchecked(tmp.resolve("r")).path("window").path("endedBy").asText());
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void theClientsOwnSchedulingDelayIsReportedApart(EnginePath path) {
    Run r = Run.of(args(path, 2, "-target", "500", "-p", "operationcount=500", "-p", "scripted.delayms=0.05"));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(500, r.count("START-LAG", "Operations"), "one start lag per operation:\n" + r);
    double lagP50 = r.get("START-LAG", "50thPercentileLatency(us)");
    double intendedP50 = Math.max(r.get("Intended-READ", "50thPercentileLatency(us)"),
        r.get("Intended-UPDATE", "50thPercentileLatency(us)"));
    assertTrue(lagP50 >= 0 && lagP50 <= intendedP50, "the lag is part of the intended latency:\n" + r);
    assertFalse(r.has("ALL", "Operations") && r.count("ALL", "Operations") != 500, "ALL holds calls only:\n" + r);
  }

  @Test
  void timeSpansTooLongForTheClockAreRefused() {
    for (String p : new String[] {"maxexecutiontime=1e10", "threadstoptimeout=1e10", "warmupexecutiontime=1e16"}) {
      Run r = Run.of(args("-p", p, "-p", "operationcount=1"));
      assertEquals(2, r.exitCode, p + ": " + r);
      assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
      assertTrue(r.err.contains(p.substring(0, p.indexOf('='))), r.err);
    }
  }

  private static List<String[]> overallRows(Path dir) throws IOException {
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("timeseries.csv"))) {
      if (line.contains(",OVERALL,")) {
        rows.add(line.split(",", -1));
      }
    }
    return rows;
  }

  private static JsonNode summary(Path dir) throws IOException {
    return JSON.readTree(dir.resolve("summary.json").toFile());
  }

  private static JsonNode summaryUnchecked(Path dir) {
    try {
      return summary(dir);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
