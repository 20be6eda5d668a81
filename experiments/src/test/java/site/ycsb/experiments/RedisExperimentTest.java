package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * {@code ycsb experiment PLAN -o DIR} against a real redis-server, as a user runs it: the folders,
 * index and table an experiment leaves, resuming after SIGTERM, and what a frozen server costs
 * as the availability figures tell it. Each run of an experiment is a JVM of its own started with
 * this JVM's class path.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisExperimentTest {
  /** t(0.975, df = 1): the 95% interval of two repetitions. */
  private static final double T_975_DF1 = 12.7062;

  @RegisterExtension
  final RedisServerExtension redis = new RedisServerExtension();


  @TempDir
  Path tmp;

  /** @return a plan file for redis on the test's server with workloada, then the given lines */
  private Path plan(String name, String... lines) throws IOException {
    List<String> all = new ArrayList<>(List.of(
        "binding: redis",
        "properties: {recordcount: 200, redis.host: " + redis.server().host()
            + ", redis.port: " + redis.server().port() + "}",
        "workloads: [" + YcsbRun.workload("workloada") + "]"));
    all.addAll(List.of(lines));
    Path p = tmp.resolve(name);
    Files.write(p, all, StandardCharsets.UTF_8);
    return p;
  }

  /** One in-process {@code ycsb experiment}, with what it printed. */
  private record Result(int exitCode, String out, String err) {
    String describe() {
      return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  private static Result experiment(Path plan, Path dir) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Ycsb.execute(new String[] {"experiment", plan.toString(), "-o", dir.toString()}, o, e);
    }
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  // ---- 1. end to end: layout, index, and the table recomputed from the runs' own summaries

  @Test
  void sweepOfTargetsAndThreadsWithRepetitions() throws Exception {
    // target 0 is unthrottled: its throughput varies between repetitions, so the sd and the
    // interval are not trivially 0 as they are for a target the server reaches exactly
    Path p = plan("sweep.yaml",
        "repetitions: 2",
        "runtime: 500ms",
        "granularity: 250ms",
        "sweep: {threads: [1, 2], target: [500, 0]}");
    Path dir = tmp.resolve("sweep");
    Result r = experiment(p, dir);
    assertEquals(0, r.exitCode(), r.describe());

    String[] combinations = {"threads-1_target-500", "threads-1_target-0", "threads-2_target-500",
        "threads-2_target-0"};
    List<String> folders = new ArrayList<>();
    for (String c : combinations) {
      for (int rep = 1; rep <= 2; rep++) {
        folders.add("workloada/" + c + "/" + rep);
      }
    }
    // the folder layout: every run's results complete in its own folder
    for (String f : folders) {
      ResultsFolder rf = complete(dir.resolve(f));
      assertTrue(rf.line("OVERALL", "Operations").longValue() > 0, f + " did operations");
      assertEquals(0L, rf.line("OVERALL", "FailedOperations").longValue(), f + " had no failures");
    }
    assertEquals(8, r.out().lines().filter(l -> l.startsWith("run ")).count(), r.out());

    // index.csv: the load, then the 8 runs in the fixed order, all done
    List<List<String>> index = readCsv(dir.resolve("index.csv"));
    assertEquals(10, index.size(), "header, a load and 8 runs: " + index);
    assertEquals(List.of("load", "workloada", "workloada/load", "done"), cells(index.get(1), 0, 1, 4, 5));
    for (int i = 0; i < folders.size(); i++) {
      List<String> row = index.get(i + 2);
      assertEquals(List.of("run", "workloada", Integer.toString(i % 2 + 1), folders.get(i), "done"),
          cells(row, 0, 1, 3, 4, 5), "run " + (i + 1));
      assertTrue(row.get(7).contains("resultsdir=" + dir.resolve(folders.get(i))), row.get(7));
    }

    // results.csv: one row per combination, recomputed from the runs' summaries
    List<List<String>> table = readCsv(dir.resolve("results.csv"));
    assertEquals(combinations.length + 1, table.size(), table.toString());
    for (int c = 0; c < combinations.length; c++) {
      int row = c + 1;
      assertEquals(combinations[c], cell(table, row, "combination"));
      assertEquals("2", cell(table, row, "repetitions"));
      double[] throughput = new double[2];
      double[] readP99 = new double[2];
      for (int rep = 1; rep <= 2; rep++) {
        ResultsFolder f = complete(dir.resolve("workloada/" + combinations[c] + "/" + rep));
        throughput[rep - 1] = f.line("OVERALL", "Throughput(ops/sec)").doubleValue();
        readP99[rep - 1] = f.line("READ", "99thPercentileLatency(us)").doubleValue();
      }
      String where = combinations[c] + " " + table.get(0) + "\n" + table.get(row);
      double mean = (throughput[0] + throughput[1]) / 2;
      double sd = sd(throughput);
      double half = T_975_DF1 * sd / Math.sqrt(2);
      assertPrinted(mean, cell(table, row, "throughput_mean"), "throughput mean of " + where);
      assertPrinted(sd, cell(table, row, "throughput_sd"), "throughput sd of " + where);
      assertPrinted(mean - half, cell(table, row, "throughput_ci_low"), "throughput CI low of " + where);
      assertPrinted(mean + half, cell(table, row, "throughput_ci_high"), "throughput CI high of " + where);

      double pMean = (readP99[0] + readP99[1]) / 2;
      double pHalf = T_975_DF1 * sd(readP99) / Math.sqrt(2);
      assertPrinted(pMean, cell(table, row, "READ_p99_us_mean"), "READ p99 mean of " + where);
      assertPrinted(pMean - pHalf, cell(table, row, "READ_p99_us_ci_low"), "READ p99 CI low of " + where);
      assertPrinted(pMean + pHalf, cell(table, row, "READ_p99_us_ci_high"), "READ p99 CI high of " + where);
    }
    assertTrue(Files.isRegularFile(dir.resolve("results.txt")), "the text table is written too");

    // the report: a latency-vs-throughput chart per operation and percentile, a line per thread
    // count, each point labelled with its offered load
    String report = Files.readString(dir.resolve("report.html"));
    for (String chart : List.of("workloada · READ p99", "workloada · UPDATE p99", "workloada · READ p95")) {
      assertTrue(report.contains(chart + " latency vs throughput"), chart);
    }
    assertTrue(report.contains(">threads=1</text>") && report.contains(">threads=2</text>"), "a line per thread count");
    assertTrue(report.contains(">500 ops/s</text>") && report.contains(">unthrottled</text>"), "points labelled");
  }

  // ---- 2. resume after SIGTERM: finished runs are kept, the rest is run

  @Test
  void sigtermThenStartAgainResumesWithoutRepeatingFinishedRuns() throws Exception {
    Path p = plan("resume.yaml",
        "repetitions: 2",
        "runtime: 1s",
        "granularity: 250ms",
        "sweep: {threads: [1, 2], target: [400]}");
    Path dir = tmp.resolve("resume");
    String[] folders = {"workloada/threads-1_target-400/1", "workloada/threads-1_target-400/2",
        "workloada/threads-2_target-400/1", "workloada/threads-2_target-400/2"};

    Process first = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.cli.Ycsb", "experiment", p.toString(),
        "-o", dir.toString())
        .redirectOutput(tmp.resolve("first.out").toFile())
        .redirectError(tmp.resolve("first.err").toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (runsDone(dir) < 2 && first.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(2, runsDone(dir), "two runs done before the stop; the experiment's stderr:\n"
          + Files.readString(tmp.resolve("first.err")));
      first.destroy(); // SIGTERM
      assertTrue(first.waitFor(120, TimeUnit.SECONDS), "the experiment exits after SIGTERM");
    } finally {
      first.destroyForcibly();
    }
    assertNotEquals(0, first.exitValue(), "an interrupted experiment does not exit 0");

    List<List<String>> index = readCsv(dir.resolve("index.csv"));
    String statusOf3 = null;
    for (List<String> row : index) {
      if (row.get(4).equals(folders[2])) {
        statusOf3 = row.get(5);
      }
      assertTrue(!row.get(4).equals(folders[3]), "the fourth run never started: " + index);
    }
    assertTrue(statusOf3 == null || "interrupted".equals(statusOf3), "run 3 is interrupted or absent: " + index);

    byte[][] summaries = new byte[2][];
    FileTime[] mtimes = new FileTime[2];
    for (int i = 0; i < 2; i++) {
      Path f = dir.resolve(folders[i]);
      Files.writeString(f.resolve("marker.txt"), "kept");
      summaries[i] = Files.readAllBytes(f.resolve("summary.json"));
      mtimes[i] = Files.getLastModifiedTime(f.resolve("summary.json"));
    }

    Result again = experiment(p, dir);
    assertEquals(0, again.exitCode(), again.describe());
    assertTrue(again.out().contains("resuming: 2 finished runs are kept"), again.out());
    assertEquals(List.of("run 3/4", "run 4/4"), again.out().lines().filter(l -> l.startsWith("run "))
        .map(l -> l.substring(0, l.indexOf(':'))).collect(Collectors.toList()), "only runs 3 and 4 ran again");
    for (int i = 0; i < 2; i++) {
      Path f = dir.resolve(folders[i]);
      assertTrue(Files.isRegularFile(f.resolve("marker.txt")), folders[i] + " was not run again");
      assertArrayEquals(summaries[i], Files.readAllBytes(f.resolve("summary.json")), folders[i] + " summary.json");
      assertEquals(mtimes[i], Files.getLastModifiedTime(f.resolve("summary.json")), folders[i] + " summary.json");
    }
    index = readCsv(dir.resolve("index.csv"));
    List<String> done = new ArrayList<>();
    for (List<String> row : index.subList(1, index.size())) {
      if ("run".equals(row.get(0))) {
        assertEquals("done", row.get(5), row.toString());
        done.add(row.get(4));
      }
    }
    assertEquals(List.of(folders), done, "every run done, each once, in order");
    for (String f : folders) {
      complete(dir.resolve(f));
    }
    List<List<String>> table = readCsv(dir.resolve("results.csv"));
    assertEquals(3, table.size(), table.toString());
    assertEquals("threads-1_target-400", cell(table, 1, "combination"));
    assertEquals("threads-2_target-400", cell(table, 2, "combination"));
    for (int row = 1; row <= 2; row++) {
      assertEquals("2", cell(table, row, "repetitions"), table.get(row).toString());
      assertTrue(!cell(table, row, "throughput_ci_low").isEmpty(), table.get(row).toString());
    }
  }

  /** @return the runs index.csv records as done so far (0 while it does not exist) */
  private static int runsDone(Path dir) throws IOException {
    Path index = dir.resolve("index.csv");
    if (!Files.isRegularFile(index)) {
      return 0;
    }
    int n = 0;
    for (List<String> row : readCsv(index)) {
      if ("run".equals(row.get(0)) && "done".equals(row.get(5))) {
        n++;
      }
    }
    return n;
  }

  // ---- 3. a fault inside a run: redis frozen for 2 s, 2 s into the run

  @Test
  void frozenServerShowsAsTwoSecondsUnavailable() throws Exception {
    long pid = redis.server().process().pid();
    long granularity = 200;
    // the command notes the wall clock before and after each signal: when the freeze began and ended
    // is what it measured, however late a busy host ran it
    String note = "date +%s%3N >> \"$YCSB_RUN_DIR/freeze.txt\"";
    Path p = plan("fault.yaml",
        "runtime: 6s",
        "granularity: " + granularity + "ms",
        "sweep: {threads: [4], target: [2000]}",
        "faults:",
        "  - {at: 2s, run: '" + note + "; kill -STOP " + pid + "; " + note + "; sleep 2; " + note + "; kill -CONT "
            + pid + "; " + note + "'}");
    Path dir = tmp.resolve("fault");
    Result r;
    try {
      r = experiment(p, dir);
    } finally {
      try {
        redis.server().process().resume();
      } catch (RuntimeException e) {
        // the server is gone: nothing to resume
      }
    }
    assertEquals(0, r.exitCode(), r.describe());
    Path run = dir.resolve("workloada/threads-4_target-2000/1");
    complete(run);
    // since the phase started: before and after SIGSTOP, before and after SIGCONT
    long phaseStart = Long.parseLong(Files.readString(run.resolve("start.txt")).trim());
    long[] t = Files.readAllLines(run.resolve("freeze.txt")).stream().mapToLong(l -> Long.parseLong(l.trim()) - phaseStart)
        .toArray();
    assertEquals(4, t.length, "the fault command ran to its end: " + Arrays.toString(t));
    long stopBefore = t[0];
    long stopAfter = t[1];
    long contBefore = t[2];
    long contAfter = t[3];

    List<List<String>> faults = readCsv(run.resolve("faults.csv"));
    assertEquals(List.of("planned_at_ms", "started_at_ms", "status", "command"), faults.get(0));
    assertEquals(2, faults.size(), faults.toString());
    assertEquals("2000", faults.get(1).get(0));
    long startedAt = Long.parseLong(faults.get(1).get(1));
    // never before its time, and started before it noted its first instant
    assertTrue(startedAt >= 2000 && startedAt <= stopBefore, "started at " + startedAt + " ms, noted " + stopBefore);
    assertEquals("exit 0", faults.get(1).get(2), faults.toString());

    List<List<String>> availability = readCsv(run.resolve("availability.csv"));
    assertEquals(List.of("fault_at_ms", "baseline_ops_per_sec", "impact_after_ms", "unavailable_ms",
        "recovered_after_ms"), availability.get(0));
    assertEquals(2, availability.size(), availability.toString());
    List<String> a = availability.get(1);
    String timeSeries = overallLines(run.resolve("timeseries.csv"));
    String what = availability + "\nfrozen between " + stopBefore + "-" + stopAfter + " and " + contBefore + "-"
        + contAfter + " ms\nOVERALL time series:\n" + timeSeries;
    assertEquals("2000", a.get(0), what);
    // the throughput of the intervals before the fault in which every operation succeeded, as the
    // time series holds them
    assertEquals(baselineBefore(run.resolve("timeseries.csv"), 2000), Double.parseDouble(a.get(1)), 0.051, what);
    // the first interval wholly inside the freeze has no success: it starts at most one interval
    // after the freeze began, or where the sampler closed the interval the freeze began in (on a
    // starved machine it may close one late)
    long impact = Long.parseLong(a.get(2));
    long closedAfterFreeze = firstIntervalEndAtOrAfter(timeSeries, stopAfter);
    assertTrue(impact >= 0 && impact <= Math.max(stopAfter + 2 * granularity, closedAfterFreeze) - 2000,
        "impact within 2 intervals of the freeze, or at the end of the interval it began in: " + what);
    // unavailable from the impact until the server answers again, to within two intervals (a
    // starved client may read replies the server sent before the freeze after it began: that moves
    // the impact, bounded above, not the end); never longer than the freeze and an interval, with
    // 150 ms more for the client's and the sampler's own wake-up on a loaded machine
    long unavailable = Long.parseLong(a.get(3));
    long unavailableEnd = 2000 + impact + unavailable;
    assertTrue(unavailableEnd >= contBefore - 2 * granularity
        && unavailable <= contAfter - stopBefore + granularity + 150, "unavailable as long as the freeze: " + what);
    // back at 90% of the baseline only once the server answers again, within 5 intervals of that
    long recovered = Long.parseLong(a.get(4));
    assertTrue(recovered >= contBefore - 2000 && recovered < contAfter - 2000 + 5 * granularity,
        "recovered after the freeze: " + what);

    // the experiment's own availability.csv carries the run's row
    List<List<String>> all = readCsv(dir.resolve("availability.csv"));
    assertEquals(2, all.size(), all.toString());
    assertEquals("workloada/threads-4_target-2000/1", cell(all, 1, "folder"));
    assertEquals(a, all.get(1).subList(4, 9));
  }

  /**
   * @return the mean throughput (the OVERALL rows' ops/s) of the intervals ending at or before the
   *     instant in which operations succeeded and none failed
   */
  private static double baselineBefore(Path timeSeries, long atMillis) throws IOException {
    Map<Long, double[]> byEnd = new TreeMap<>();
    List<String> lines = Files.readAllLines(timeSeries);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      long end = Long.parseLong(f[0]);
      String section = f[2];
      double[] v = byEnd.computeIfAbsent(end, k -> new double[3]);
      if ("OVERALL".equals(section)) {
        v[0] = Double.parseDouble(f[4]);
      } else if (section.endsWith("-FAILED") && !section.startsWith("Intended-")) {
        v[2] += Long.parseLong(f[3]);
      } else if (!section.startsWith("Intended-") && !section.equals("STALE-READ")) {
        v[1] += Long.parseLong(f[3]);
      }
    }
    double sum = 0;
    int n = 0;
    for (Map.Entry<Long, double[]> e : byEnd.entrySet()) {
      double[] v = e.getValue();
      if (e.getKey() <= atMillis && v[1] > 0 && v[2] == 0) {
        sum += v[0];
        n++;
      }
    }
    assertTrue(n > 0, "intervals before the fault");
    return sum / n;
  }

  private static String overallLines(Path timeSeries) throws IOException {
    return Files.readAllLines(timeSeries).stream().filter(l -> l.contains(",OVERALL,"))
        .collect(Collectors.joining("\n"));
  }

  /** @return the first OVERALL line's time (ms since the phase started) at or after {@code atMillis}, else max */
  private static long firstIntervalEndAtOrAfter(String overallLines, long atMillis) {
    return overallLines.lines().mapToLong(l -> Long.parseLong(l.substring(0, l.indexOf(','))))
        .filter(t -> t >= atMillis).findFirst().orElse(Long.MAX_VALUE);
  }

  // ---- helpers

  private static ResultsFolder complete(Path folder) {
    try {
      ResultsFolder f = ResultsFolder.read(folder, false);
      assertTrue(f.complete(), folder + " complete");
      return f;
    } catch (ResultsInputException e) {
      throw new AssertionError(folder + ": " + e.getMessage(), e);
    }
  }

  /** @return the sample standard deviation (n - 1) */
  private static double sd(double[] v) {
    double mean = 0;
    for (double x : v) {
      mean += x;
    }
    mean /= v.length;
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return Math.sqrt(ss / (v.length - 1));
  }

  /**
   * The table prints a value with 2 decimals below 100 and none from 100 on: the printed value
   * must be the expected one within 0.1% or that rounding, whichever is larger.
   */
  private static void assertPrinted(double expected, String printed, String what) {
    assertTrue(!printed.isEmpty(), what + ": empty, expected " + expected);
    double v = Double.parseDouble(printed);
    double unit = Math.abs(v) >= 100 || Math.abs(expected) >= 99.995 ? 1 : 0.01;
    double tolerance = Math.max(0.001 * Math.abs(expected), unit / 2 + 1e-9);
    assertTrue(Math.abs(v - expected) <= tolerance, what + ": printed " + printed + ", expected " + expected
        + " (tolerance " + tolerance + ")");
  }

  private static List<String> cells(List<String> row, int... columns) {
    List<String> out = new ArrayList<>();
    for (int c : columns) {
      out.add(row.get(c));
    }
    return out;
  }

  private static String cell(List<List<String>> table, int row, String column) {
    int c = table.get(0).indexOf(column);
    if (c < 0) {
      throw new AssertionError("no column " + column + " in " + table.get(0));
    }
    return table.get(row).get(c);
  }

  /** @return every line's cells (RFC 4180 quoting), the header first */
  private static List<List<String>> readCsv(Path file) throws IOException {
    return site.ycsb.tools.experiment.ExperimentCsv.read(file);
  }
}
