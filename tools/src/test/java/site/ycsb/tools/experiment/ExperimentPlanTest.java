package site.ycsb.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.results.ResultsFolder;

/**
 * {@code ycsb experiment PLAN -o DIR} as a user runs it: what it prints, its exit code and the
 * files it leaves. Each run of an experiment is a JVM of its own started with this JVM's class path.
 * Runs whose figures or count are the point use the simulated database on virtual time (exact, and
 * a second of a run takes a moment); a fault and a SIGTERM happen at real instants, so their runs
 * are real ones of the basic binding.
 */
class ExperimentPlanTest {
  /** The project's workloada, as an absolute path (tests run in core/). */
  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().normalize()
      .toString();

  @TempDir
  Path tmp;

  private Path plan(String name, String... lines) throws IOException {
    Path p = tmp.resolve(name);
    Files.write(p, List.of(lines), StandardCharsets.UTF_8);
    return p;
  }

  private static Run experiment(Path plan, Path out, String... more) {
    List<String> args = new ArrayList<>(List.of("experiment", plan.toString(), "-o", out.toString()));
    args.addAll(List.of(more));
    return Run.of(args.toArray(new String[0]));
  }

  private static List<String> nonBlankLines(String s) {
    return s.lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
  }

  private static String describe(Run r) {
    return "exit " + r.exitCode + "\nstdout:\n" + r.out + "\nstderr:\n" + r.err;
  }

  // ---- 1. bad plans: exit 2, one line naming the file, the line and what was expected; nothing created

  private void assertBadPlan(Path plan, int line, String... expected) {
    Path out = tmp.resolve("out-" + plan.getFileName());
    Run r = experiment(plan, out);
    assertEquals(2, r.exitCode, describe(r));
    List<String> err = nonBlankLines(r.err);
    assertEquals(1, err.size(), "exactly one line on stderr: " + describe(r));
    String msg = err.get(0);
    assertTrue(msg.startsWith("ERROR: "), msg);
    assertTrue(msg.contains(plan.toString()), "names the plan file: " + msg);
    assertTrue(msg.contains(" line " + line + ": "), "names line " + line + ": " + msg);
    for (String e : expected) {
      assertTrue(msg.contains(e), "says '" + e + "': " + msg);
    }
    assertFalse(Files.exists(out), "nothing created for a bad plan: " + out);
    assertEquals("", r.out, "nothing on stdout");
  }

  @Test
  void unknownKey() throws IOException {
    Path p = plan("unknown-key.yaml",
        "binding: basic",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "repetitons: 2");
    assertBadPlan(p, 4, "unknown key 'repetitons'", "expected one of", "repetitions");
  }

  @Test
  void sweepValueOfTheWrongType() throws IOException {
    Path p = plan("wrong-type.yaml",
        "binding: basic",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "sweep:",
        "  target: [100]",
        "  threads: [1, many]");
    assertBadPlan(p, 6, "sweep: threads", "'many' is not a whole number");
  }

  @Test
  void missingBinding() throws IOException {
    Path p = plan("no-binding.yaml",
        "# a comment line first, so the line number is not simply 1",
        "binding: nosuch",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s");
    assertBadPlan(p, 2, "unknown binding 'nosuch'", "expected one of", "basic");
  }

  @Test
  void missingWorkloadFile() throws IOException {
    Path p = plan("no-workload.yaml",
        "binding: basic",
        "runtime: 1s",
        "workloads:",
        "  - " + WORKLOADA,
        "  - workloads/nosuch");
    assertBadPlan(p, 5, "no workload file 'workloads/nosuch'", "looked in the current folder, beside the plan");
  }

  // ---- 1b. a plan and its workload file as a Windows editor saves them: a byte-order mark, CRLF, blanks after values

  private Path savedOnWindows(String name, String... lines) throws IOException {
    byte[] text = (String.join("  \r\n", lines) + " \r\n").getBytes(StandardCharsets.UTF_8);
    byte[] saved = new byte[text.length + 3];
    saved[0] = (byte) 0xEF;
    saved[1] = (byte) 0xBB;
    saved[2] = (byte) 0xBF;
    System.arraycopy(text, 0, saved, 3, text.length);
    return Files.write(tmp.resolve(name), saved);
  }

  @Test
  void aPlanAndItsWorkloadFileSavedOnWindowsAreReadAsMeant() throws IOException {
    // without the first line (recordcount) the run would have no records to read
    savedOnWindows("windows.wl", "recordcount=10", "fieldlength=10", "workload=site.ycsb.workloads.CoreWorkload",
        "basicdb.verbose=false");
    Path p = savedOnWindows("windows.yaml", "binding: basic", "workloads: [windows.wl]", "load: none",
        "properties:", "  operationcount: 37");
    Path out = tmp.resolve("out-windows");
    Run r = experiment(p, out);
    assertEquals(0, r.exitCode, describe(r));
    ResultsFolder run = assertComplete(out.resolve("windows/default/1"));
    assertEquals(37L, run.line("OVERALL", "Operations").longValue());
    assertEquals("10", run.properties().getProperty("recordcount"));
    assertEquals("10", run.properties().getProperty("fieldlength"), "no blank after the value");
  }

  // ---- 2. a before-run command that fails on the second run

  @Test
  void failingBeforeRunCommandStopsTheExperimentAndKeepsTheFirstRun() throws IOException {
    // the runs are on virtual time: the before-run command is what is tested, not a real second of work
    Path p = plan("before.yaml",
        "binding: simulated",
        "properties: {recordcount: 100}",
        "workloads: [" + WORKLOADA + "]",
        "repetitions: 2",
        "runtime: 1s",
        "before-run: 'test \"$YCSB_REPETITION\" != 2'");
    Path out = tmp.resolve("out");
    Run r = experiment(p, out);
    assertEquals(1, r.exitCode, describe(r));
    List<String> err = nonBlankLines(r.err);
    assertEquals(1, err.size(), describe(r));
    assertTrue(err.get(0).startsWith("ERROR: run 2: the before-run command of plan line 6 failed (exit 1)"),
        err.get(0));

    Path first = out.resolve("workloada/default/1");
    ResultsFolder f = assertComplete(first);
    assertTrue(f.line("OVERALL", "Operations").longValue() > 0, "the first run did operations");
    List<List<String>> index = Csv.read(out.resolve("index.csv"));
    assertEquals(List.of("step", "workload", "combination", "repetition", "folder", "status",
        "throughput_ops_per_sec", "arguments"), index.get(0));
    assertEquals(List.of("load", "workloada/load", "done"), cells(index.get(1), 0, 4, 5));
    assertEquals(List.of("run", "1", "workloada/default/1", "done"), cells(index.get(2), 0, 3, 4, 5));
    assertEquals(3, index.size(), "the second run is not recorded: " + index);
    assertFalse(Files.exists(out.resolve("workloada/default/2/summary.json")), "the second run never started");
    // the table holds what finished
    List<List<String>> table = Csv.read(out.resolve("results.csv"));
    assertEquals(2, table.size(), table.toString());
    assertEquals("1", Csv.cell(table, 1, "repetitions"));
  }

  // ---- 3. --dry-run

  @Test
  void dryRunListsEveryRunInOrderAndRunsNothing() throws IOException {
    Path p = plan("dry.yaml",
        "binding: basic",
        "properties: {recordcount: 100}",
        "workloads: [" + WORKLOADA + "]",
        "repetitions: 2",
        "runtime: 1s",
        "granularity: 250ms",
        "sweep: {threads: [1, 2], target: [200, 400]}");
    Path out = tmp.resolve("out");
    Run r = experiment(p, out, "--dry-run");
    assertEquals(0, r.exitCode, describe(r));
    assertEquals("", r.err);
    List<String> lines = nonBlankLines(r.out);
    String[] folders = {
        "workloada/threads-1_target-200/1", "workloada/threads-1_target-200/2",
        "workloada/threads-1_target-400/1", "workloada/threads-1_target-400/2",
        "workloada/threads-2_target-200/1", "workloada/threads-2_target-200/2",
        "workloada/threads-2_target-400/1", "workloada/threads-2_target-400/2"};
    assertEquals(folders.length + 1, lines.size(), r.out);
    for (int i = 0; i < folders.length; i++) {
      String l = lines.get(i).trim();
      assertTrue(l.startsWith((i + 1) + " "), "run " + (i + 1) + " in its place: " + l);
      assertTrue(l.endsWith("-> " + folders[i]), "run " + (i + 1) + " goes to " + folders[i] + ": " + l);
      assertTrue(l.contains("repetition " + (i % 2 + 1)), l);
    }
    String total = lines.get(folders.length);
    assertTrue(total.startsWith("8 runs, 1 load"), total);
    assertTrue(total.contains("time: about"), total);
    assertFalse(Files.exists(out), "a dry run creates nothing");
  }

  // ---- 3b. every run's properties are checked before anything runs

  @Test
  void aBadValueInAnyCombinationIsRefusedBeforeTheFirstRun() throws IOException {
    Path p = plan("late-bad-value.yaml",
        "binding: basic",
        "properties: {recordcount: 100, basicdb.verbose: false}",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "sweep: {properties: {fieldlength: [100, -5]}}");
    Path out = tmp.resolve("out-late");
    Run r = experiment(p, out);
    assertEquals(2, r.exitCode, describe(r));
    assertEquals(1, nonBlankLines(r.err).size(), describe(r));
    assertEquals("ERROR: " + p + " line 5: sweep: property fieldlength=-5 is invalid: expected an integer >= 1",
        r.err.strip(), "names the sweep's line");
    assertFalse(Files.exists(out), "nothing ran, nothing was written: " + describe(r));
    assertFalse(r.out.contains("run 1/"), describe(r));

    Path q = plan("bad-recordcount.yaml",
        "binding: basic",
        "properties: {recordcount: abc}",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s");
    Run s = experiment(q, tmp.resolve("out-abc"), "--dry-run");
    assertEquals(2, s.exitCode, describe(s));
    assertEquals("ERROR: " + q + " line 2: properties: property recordcount=abc is invalid: expected an integer >= 0",
        s.err.strip(), describe(s));
    assertFalse(Files.exists(tmp.resolve("out-abc")));
  }

  @Test
  void aPropertyTheExperimentSetsItselfIsNamedAtItsOwnLine() throws IOException {
    Path p = plan("own-property.yaml",
        "binding: basic",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "properties:",
        "  recordcount: 100",
        "  basicdb.verbose: false",
        "  threadcount: 4");
    assertBadPlan(p, 7, "property 'threadcount' is set by the experiment itself: use sweep: threads: instead");
    Path q = plan("own-slo.yaml",
        "binding: basic",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "properties:",
        "  recordcount: 100",
        "  slo: READ.p99<5ms",
        "search: {slo: \"READ.p99<5ms\"}");
    assertBadPlan(q, 6, "property 'slo' is set by search: slo: for every run");
  }

  @Test
  void withoutALoadABadSweptValueIsNamedAsTheSweepsNotAsALoads() throws IOException {
    Path p = plan("no-load.yaml",
        "binding: basic",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 1s",
        "load: none",
        "properties:",
        "  recordcount: 100",
        "sweep:",
        "  properties:",
        "    fieldlength: [100, -5]");
    Run r = experiment(p, tmp.resolve("out-no-load"), "--dry-run");
    assertEquals(2, r.exitCode, describe(r));
    assertEquals("ERROR: " + p + " line 9: sweep: property fieldlength=-5 is invalid: expected an integer >= 1",
        r.err.strip());
  }

  @Test
  void aBadValueInTheWorkloadFileIsNamedThere() throws IOException {
    Path wl = savedOnWindows("bad-value.wl", "fieldlength=-5", "recordcount=10");
    Path p = plan("bad-workload-value.yaml",
        "binding: basic",
        "workloads: [" + wl + "]",
        "runtime: 1s");
    Run r = experiment(p, tmp.resolve("out-bad-wl"), "--dry-run");
    assertEquals(2, r.exitCode, describe(r));
    assertEquals("ERROR: workload file " + wl + ": property fieldlength=-5 is invalid: expected an integer >= 1",
        r.err.strip(), "read past its byte-order mark");
  }

  @Test
  void aFaultCommandThatFailsIsReportedAndTheRunIsNotCounted() throws IOException {
    Path p = plan("bad-fault.yaml",
        "binding: basic",
        "properties: {recordcount: 100, basicdb.verbose: false}",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 2s",
        "faults:",
        "  - at: 500ms",
        "    run: exit 3");
    Path out = tmp.resolve("out-fault");
    Run r = experiment(p, out);
    assertEquals(1, r.exitCode, describe(r));
    assertTrue(r.err.contains("the fault at 500 ms (plan line 7, exit 3) failed with exit code 3"), describe(r));
    assertTrue(r.err.contains("the run is not counted"), describe(r));
    List<List<String>> index = Csv.read(out.resolve("index.csv"));
    assertEquals("failed", index.get(index.size() - 1).get(5), index.toString());
    assertFalse(Files.exists(out.resolve("availability.csv")), "no availability figures for a fault that did not"
        + " happen");
  }

  // ---- 4. target as fractions of the maximum

  @Test
  void targetFractionsOfTheMeasuredMaximum() throws IOException {
    // the simulated database on virtual time, 2 ms per call and one thread: a maximum of exactly
    // 500 operations per second, whatever the host is doing
    Path p = plan("fractions.yaml",
        "binding: simulated",
        "properties: {recordcount: 100, simulated.servicetime: 2ms}",
        "workloads: [" + WORKLOADA + "]",
        "load: none",
        "runtime: 1s",
        "sweep: {threads: [1], target: {fractions: [0.5, 1.0]}}");
    Path out = tmp.resolve("out");
    Run r = experiment(p, out);
    assertEquals(0, r.exitCode, describe(r));
    List<String> runLines = r.out.lines().filter(l -> l.startsWith("run ")).collect(Collectors.toList());
    assertEquals(3, runLines.size(), r.out);
    assertTrue(runLines.get(0).startsWith("run 1/3: workloada threads=1 target=unthrottled"), runLines.get(0));

    List<List<String>> index = Csv.read(out.resolve("index.csv"));
    List<String> folders = new ArrayList<>();
    for (List<String> row : index.subList(1, index.size())) {
      if ("run".equals(row.get(0))) {
        folders.add(row.get(4));
        assertEquals("done", row.get(5), row.toString());
      }
    }
    assertEquals(List.of("workloada/threads-1_maximum", "workloada/threads-1_target-0.5/1",
        "workloada/threads-1_target-1.0/1"), folders, "the maximum run comes first");

    ResultsFolder max = assertComplete(out.resolve("workloada/threads-1_maximum"));
    assertEquals("0", max.properties().getProperty("target"), "the maximum run is unthrottled");
    double maximum = max.line("OVERALL", "Throughput(ops/sec)").doubleValue();
    assertEquals(500, maximum, 1e-9, "one call at a time, 2 ms each");
    for (double fraction : new double[] {0.5, 1.0}) {
      ResultsFolder f = assertComplete(out.resolve("workloada/threads-1_target-" + fraction + "/1"));
      long expected = Math.round(fraction * maximum);
      assertEquals(Long.toString(expected), f.properties().getProperty("target"),
          fraction + " x maximum " + maximum + " (properties.txt)");
      assertEquals(expected, f.summary().path("target").asDouble(), 0.0,
          fraction + " x maximum " + maximum + " (summary.json)");
    }
    // the table has the two fractions, not the maximum run
    List<List<String>> table = Csv.read(out.resolve("results.csv"));
    assertEquals(3, table.size(), table.toString());
    assertEquals("threads-1_target-0.5", Csv.cell(table, 1, "combination"));
    assertEquals("threads-1_target-1.0", Csv.cell(table, 2, "combination"));
  }

  // ---- 5. SIGTERM while a before-run command runs: the run that follows must not go on without the experiment

  @Test
  void sigtermDuringABeforeRunCommandStopsTheRunThatFollows() throws Exception {
    // a long run: if the stop were missed, it would outlive the experiment's JVM
    Path p = plan("stop.yaml",
        "binding: basic",
        "properties: {recordcount: 100, basicdb.verbose: false, basicdb.simulatedelay: 1}",
        "workloads: [" + WORKLOADA + "]",
        "load: none",
        "runtime: 120s",
        "before-run: 'touch \"$YCSB_EXPERIMENT_DIR/before-$YCSB_REPETITION\"; sleep 2'");
    Path out = tmp.resolve("out");
    Process experiment = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.cli.Ycsb", "experiment", p.toString(),
        "-o", out.toString())
        .redirectOutput(tmp.resolve("experiment.out").toFile())
        .redirectError(tmp.resolve("experiment.err").toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.exists(out.resolve("before-1")) && experiment.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(Files.exists(out.resolve("before-1")), "the before-run command started");
      experiment.destroy(); // SIGTERM, while the before-run command sleeps
      assertTrue(experiment.waitFor(120, TimeUnit.SECONDS), "the experiment exits after SIGTERM");
      assertTrue(experiment.exitValue() != 0, "exit " + experiment.exitValue());
      String err = Files.readString(tmp.resolve("experiment.err"), StandardCharsets.UTF_8);
      assertTrue(err.contains("experiment interrupted during run 1"), err);
      List<List<String>> index = Csv.read(out.resolve("index.csv"));
      assertEquals(2, index.size(), index.toString());
      assertEquals(List.of("run", "workloada/default/1", "interrupted"), cells(index.get(1), 0, 4, 5));
      assertEquals(List.of(), runsStillGoing(out), "no run of the experiment is left running");
    } finally {
      experiment.destroyForcibly();
      for (ProcessHandle h : runsStillGoing(out)) {
        h.destroyForcibly();
      }
    }
  }

  /** @return the processes of runs writing into the experiment folder {@code out} */
  private static List<ProcessHandle> runsStillGoing(Path out) {
    String resultsdir = "resultsdir=" + out;
    return ProcessHandle.allProcesses().filter(h -> h.info().arguments()
        .map(a -> java.util.Arrays.stream(a).anyMatch(x -> x.startsWith(resultsdir))).orElse(false))
        .collect(Collectors.toList());
  }

  // ---- helpers

  static ResultsFolder assertComplete(Path folder) {
    try {
      ResultsFolder f = ResultsFolder.read(folder, false);
      assertTrue(f.complete(), folder + " complete");
      return f;
    } catch (site.ycsb.results.ResultsInputException e) {
      throw new AssertionError(folder + ": " + e.getMessage(), e);
    }
  }

  private static List<String> cells(List<String> row, int... columns) {
    List<String> out = new ArrayList<>();
    for (int c : columns) {
      out.add(row.get(c));
    }
    return out;
  }
}
