package site.ycsb.experiment;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.COULD_NOT_RUN;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.props.Masking;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/**
 * Runs an experiment's steps in their fixed order, each phase in a JVM of its own
 * ({@link PhaseProcess}) writing into its folder, and keeps {@code index.csv}, the table and the
 * availability figures current after every run. What is recorded as done in the index (and has
 * its final summary) is not run again when the experiment is started again; a run that was
 * interrupted is run again from the start.
 *
 * <p>SIGTERM (or Ctrl-C) ends the current run as it would end a single run (its results are
 * written), records it as interrupted, and stops.
 */
final class ExperimentRunner {
  /** Exit codes, as the command line's. */

  private final Plan plan;
  private final Path dir;
  private final PrintStream out;
  private final PrintStream err;
  private final List<PlannedRun> runs;
  private volatile boolean interrupted;
  private volatile PhaseProcess current;
  private final CountDownLatch stopped = new CountDownLatch(1);
  /** Maximum throughput found per combination (PlannedRun.maximumKey). */
  private final Map<String, Double> maxima = new HashMap<>();
  /** The finished runs' results, read once when each ended (or was found done on a resumed start). */
  private final Map<Path, ResultsFolder> finished = new HashMap<>();
  private ExperimentIndex index;
  private final Set<Path> loaded = new HashSet<>();
  /** Finished runs kept since the last one that ran, for the note of a resumed experiment. */
  private int kept;
  /** The runs the plan fixes; a capacity search adds its candidates after them. */
  private final int plannedRuns;
  private final TimeLeft timeLeft;

  ExperimentRunner(Plan plan, Path dir, PrintStream out, PrintStream err) {
    this.plan = plan;
    this.dir = dir;
    this.out = out;
    this.err = err;
    this.runs = PlannedRun.of(plan);
    this.plannedRuns = runs.size();
    this.timeLeft = new TimeLeft(plan);
  }

  List<PlannedRun> runs() {
    return runs;
  }

  /**
   * Checks the properties of every load and run the plan makes (workload file, plan properties,
   * the combination's values) before anything runs, so a bad value in the last combination is
   * refused at once instead of after hours of earlier runs.
   *
   * @throws PlanException naming where the bad value was given
   */
  void checkEveryRun() throws PlanException {
    PhasePropertiesCheck check = new PhasePropertiesCheck(plan);
    for (PlannedRun r : runs) {
      if (plan.load() != Plan.LoadMode.NONE) {
        check.check(r, loadArguments(r));
      }
      check.check(r, runArguments(r));
    }
  }

  /** @return the exit code */
  int run() throws IOException, InterruptedException, PlanException {
    prepareFolder();
    index = ExperimentIndex.open(dir);
    Thread hook = new Thread(this::onSignal, "ycsb-experiment-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return steps();
    } finally {
      stopped.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook is running and waits for the latch above
      }
    }
  }

  private void onSignal() {
    interrupted = true;
    PhaseProcess p = current;
    if (p != null) {
      p.interrupt(60);
    }
    try {
      // let the main loop record the interrupted run in the index before the JVM ends
      stopped.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Creates the folder with a copy of the plan, or checks that it holds this plan's results. */
  private void prepareFolder() throws IOException, PlanException {
    Files.createDirectories(dir);
    Path copy = dir.resolve("plan.yaml");
    String text = Files.readString(plan.file(), StandardCharsets.UTF_8);
    if (Files.exists(copy)) {
      if (!Files.readString(copy, StandardCharsets.UTF_8).equals(text)) {
        throw new PlanException(dir + " holds the results of another plan (its plan.yaml differs from "
            + plan.file() + "): choose another folder with -o, or remove it");
      }
    } else {
      Files.writeString(copy, text, StandardCharsets.UTF_8);
    }
  }

  private int steps() throws IOException, InterruptedException {
    for (PlannedRun r : runs) {
      ResultsFolder done = index.done(r.folder()) ? finalResults(r.folder()) : null;
      if (done != null) {
        finished.put(r.folder(), done);
        noteMaximum(r, done);
        kept++;
        continue;
      }
      noteKept();
      if (interrupted) {
        return COULD_NOT_RUN;
      }
      int code = oneRun(r, loaded);
      if (code != OK) {
        return code;
      }
    }
    if (plan.search() != null) {
      int code = searchCapacity();
      if (code != OK) {
        return code;
      }
    }
    writeTable();
    out.println("experiment " + plan.name() + ": " + runs.size() + " runs in " + dir + "; table in "
        + dir.resolve("results.txt") + ", report in " + dir.resolve("report.html"));
    return OK;
  }

  /** Says how many finished runs a resumed experiment kept, before the first one it runs. */
  private void noteKept() {
    if (kept > 0) {
      out.println("resuming: " + kept + " finished run" + (kept == 1 ? " is" : "s are") + " kept");
      kept = 0;
    }
  }

  /** Runs the capacity search of every combination after its unthrottled run. */
  private int searchCapacity() throws IOException, InterruptedException {
    CapacitySearch search = new CapacitySearch(plan);
    CapacityReport report = new CapacityReport(search, dir);
    for (PlannedRun max : new ArrayList<>(runs)) {
      if (!max.findsMaximum()) {
        continue;
      }
      CapacitySearch.Result result = search.search(max, maxima.getOrDefault(max.maximumKey(), 0.0), runs.size() + 1,
          this::execute, out);
      report.add(max, result);
      report.write();
      if (!result.complete()) {
        return COULD_NOT_RUN;
      }
      out.println(search.describe(result, max));
    }
    return OK;
  }

  /** @return the run's results: found done in the index, or run now; null when it failed or was interrupted */
  private ResultsFolder execute(PlannedRun r) throws IOException, InterruptedException {
    if (runs.stream().noneMatch(x -> x.folder().equals(r.folder()))) {
      runs.add(r);
    }
    ResultsFolder done = index.done(r.folder()) ? finalResults(r.folder()) : null;
    if (done != null) {
      finished.put(r.folder(), done);
      kept++;
      return done;
    }
    noteKept();
    if (interrupted || oneRun(r, loaded) != OK) {
      return null;
    }
    return finished.get(r.folder());
  }

  /** @return the folder's results when its summary is final, else null (missing, unreadable, cut off) */
  private ResultsFolder finalResults(Path folder) {
    try {
      ResultsFolder f = ResultsFolder.read(dir.resolve(folder), false);
      return f.complete() ? f : null;
    } catch (ResultsInputException e) {
      return null;
    }
  }

  private void noteMaximum(PlannedRun r, ResultsFolder results) {
    if (r.findsMaximum()) {
      Number t = results.line("OVERALL", "Throughput(ops/sec)");
      maxima.put(r.maximumKey(), t == null ? 0 : t.doubleValue());
    }
  }

  private int oneRun(PlannedRun r, Set<Path> loaded) throws IOException, InterruptedException {
    Path folder = dir.resolve(r.folder());
    deleteTree(folder);
    Files.createDirectories(folder);
    Map<String, String> env = environment(r, folder);
    Path log = folder.resolve("commands.log");

    if (needsLoad(r, loaded)) {
      int code = load(r);
      if (code != OK) {
        return code;
      }
      loaded.add(loadFolder(r));
    }
    long began = System.nanoTime();
    for (Plan.Command c : plan.beforeRun()) {
      int exit = ShellCommand.run(c, env, log);
      if (exit != 0) {
        return failed(r, "run " + r.number() + ": the before-run command of plan line " + c.line() + " failed (exit "
            + exit + "): " + c.text() + " (its output: " + log + ")");
      }
    }
    List<String> args = runArguments(r);
    out.println("run " + r.number() + "/" + runs.size() + ": " + r.workload() + " " + r.describe()
        + (r.findsMaximum() ? "" : " repetition " + r.repetition()) + " (" + timeLeft(r) + ")");
    PhaseProcess p = PhaseProcess.start(args, folder);
    current = p;
    stopIfInterrupted(p);
    FaultSchedule faults = plan.faults().isEmpty() ? null : FaultSchedule.start(plan.faults(), folder, env, log, p);
    int exit = p.await();
    current = null;
    List<String> faultProblems = faults == null ? List.of() : faults.finish();
    if (interrupted) {
      index.record(entry(r, "interrupted", "", args));
      err.println("experiment interrupted during run " + r.number() + " (" + r.folder() + "); start it again to"
          + " resume from that run");
      return COULD_NOT_RUN;
    }
    if (!faultProblems.isEmpty()) {
      // the run did not see the fault the plan describes: its figures must not be read as if it had
      index.record(entry(r, "failed", "", args));
      return failed(r, "run " + r.number() + " (" + r.folder() + "): " + String.join("; ", faultProblems)
          + " (its output: " + log + "); the run is not counted");
    }
    // exit code 3: the run is complete and broke its objective, which is a finding, not a failure
    ResultsFolder results = exit == 0 || exit == 3 ? finalResults(r.folder()) : null;
    if (results != null) {
      index.record(entry(r, "done", throughput(results), args));
      finished.put(r.folder(), results);
      noteMaximum(r, results);
    } else {
      index.record(entry(r, "failed", "", args));
    }
    for (Plan.Command c : plan.afterRun()) {
      int code = ShellCommand.run(c, env, log);
      if (code != 0) {
        return failed(r, "run " + r.number() + ": the after-run command of plan line " + c.line() + " failed (exit "
            + code + "): " + c.text() + " (its output: " + log + ")");
      }
    }
    if (results == null) {
      return failed(r, "run " + r.number() + " (" + r.folder() + ") ended with exit code " + exit + ": "
          + lastLine(folder.resolve("stderr.txt")));
    }
    if (faults != null) {
      writeAvailability(r, folder);
    }
    writeTable();
    timeLeft.finished((System.nanoTime() - began) / 1e9);
    return OK;
  }

  /** @return what the run's line says of the time the rest takes: this run's and the planned runs' after it */
  private String timeLeft(PlannedRun r) {
    if (r.number() > plannedRuns) {
      return "capacity search: how many runs it takes is not known ahead";
    }
    // a later run found done when the experiment was started again is not run again
    int left = 1 + (int) runs.subList(r.number(), plannedRuns).stream().filter(x -> !index.done(x.folder())).count();
    String said = timeLeft.describe(left);
    return plan.search() != null && said.endsWith(" left") ? said + " before the capacity search" : said;
  }

  /**
   * A signal that came while no phase ran (during a before-run command, a load's or run's start)
   * found no phase to stop: the phase started since is stopped here, so it cannot outlive the
   * experiment and is recorded as interrupted.
   */
  private void stopIfInterrupted(PhaseProcess p) {
    if (interrupted) {
      p.interrupt(60);
    }
  }

  private int failed(PlannedRun r, String message) {
    err.println("ERROR: " + message);
    return COULD_NOT_RUN;
  }

  /** @return whether the run's data is to be loaded first: its load folder not loaded yet (every run: always) */
  private boolean needsLoad(PlannedRun r, Set<Path> loaded) {
    switch (plan.load()) {
      case NONE:
        return false;
      case EVERY_RUN:
        return true;
      default:
        Path folder = loadFolder(r);
        return !loaded.contains(folder) && !index.done(folder);
    }
  }

  private Path loadFolder(PlannedRun r) {
    switch (plan.load()) {
      case ONCE:
        return Path.of(r.workload(), "load");
      case PER_COMBINATION:
        return Path.of(r.workload(), r.combinationName(), "load");
      default:
        return r.folder().resolve("load");
    }
  }

  private int load(PlannedRun r) throws IOException, InterruptedException {
    Path rel = loadFolder(r);
    Path folder = dir.resolve(rel);
    deleteTree(folder);
    Files.createDirectories(folder);
    List<String> args = loadArguments(r);
    args.add("-p");
    args.add("resultsdir=" + folder.resolve("results"));
    out.println("load: " + r.workload() + (plan.load() == Plan.LoadMode.ONCE ? "" : " " + r.describe()));
    PhaseProcess p = PhaseProcess.start(args, folder);
    current = p;
    stopIfInterrupted(p);
    int exit = p.await();
    current = null;
    ExperimentIndex.Entry e = new ExperimentIndex.Entry("load", r.workload(),
        plan.load() == Plan.LoadMode.ONCE ? "" : r.describe(), "", rel.toString(),
        interrupted ? "interrupted" : exit == 0 ? "done" : "failed", "", masked(args));
    index.record(e);
    if (interrupted) {
      return COULD_NOT_RUN;
    }
    if (exit != 0) {
      return failed(r, "the load for " + r.workload() + " (" + rel + ") ended with exit code " + exit + ": "
          + lastLine(folder.resolve("stderr.txt")));
    }
    return OK;
  }

  /** @return the load's arguments, but for its results folder */
  private List<String> loadArguments(PlannedRun r) {
    List<String> args = new ArrayList<>(List.of("load", plan.binding(), "-P", r.workloadFile()));
    for (Map.Entry<String, String> e : phaseProperties(r, false).entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    return args;
  }

  /** @return the properties of the plan and of the run's combination (without threads and target for a load) */
  private Map<String, String> phaseProperties(PlannedRun r, boolean run) {
    Map<String, String> p = new LinkedHashMap<>(plan.properties());
    for (Map.Entry<String, String> e : r.combination().entrySet()) {
      if (!run && ("target".equals(e.getKey()))) {
        continue;
      }
      p.put(e.getKey(), e.getValue());
    }
    return p;
  }

  List<String> runArguments(PlannedRun r) {
    List<String> args = new ArrayList<>(List.of("run", plan.binding(), "-P", r.workloadFile()));
    Map<String, String> p = phaseProperties(r, true);
    if (plan.runtimeSeconds() > 0) {
      p.putIfAbsent("operationcount", "0"); // the run ends by time, not by a workload file's count
      p.put("maxexecutiontime", ExperimentTable.num(plan.runtimeSeconds()).replaceFirst("\\.00$", ""));
    }
    if (plan.warmupMillis() > 0) {
      p.put("warmupexecutiontime", Long.toString(plan.warmupMillis()));
    }
    if (r.findsMaximum()) {
      p.put("target", "0");
    } else if (r.targetFraction() > 0) {
      double max = maxima.getOrDefault(r.maximumKey(), 0.0);
      p.put("target", Long.toString(Math.max(1, Math.round(r.targetFraction() * max))));
    }
    p.put("timeseries.granularity", Long.toString(plan.granularityMillis()));
    if (plan.search() != null) {
      p.put("slo", plan.search().slo());
    }
    if (!p.containsKey("hdrhistogram.percentiles")) {
      Set<String> ps = new java.util.LinkedHashSet<>(List.of("50", "90", "95", "99", "99.9", "99.99"));
      ps.addAll(plan.percentiles());
      p.put("hdrhistogram.percentiles", String.join(",", ps));
    }
    for (Map.Entry<String, String> e : p.entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    args.add("-p");
    args.add("resultsdir=" + dir.resolve(r.folder()));
    return args;
  }

  private ExperimentIndex.Entry entry(PlannedRun r, String status, String throughput, List<String> args) {
    return new ExperimentIndex.Entry("run", r.workload(), r.describe(),
        r.findsMaximum() ? "maximum" : Integer.toString(r.repetition()), r.folder().toString(), status, throughput,
        masked(args));
  }

  /** @return the phase's arguments as one line, with secrets masked */
  private static String masked(List<String> args) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      out.add(eq > 0 ? a.substring(0, eq + 1) + Masking.maskIfSecret(a.substring(0, eq), a.substring(eq + 1)) : a);
    }
    return String.join(" ", out);
  }

  private static String throughput(ResultsFolder results) {
    Number t = results.line("OVERALL", "Throughput(ops/sec)");
    return t == null ? "" : ExperimentTable.num(t.doubleValue());
  }

  private Map<String, String> environment(PlannedRun r, Path folder) {
    Map<String, String> env = new HashMap<>();
    env.put("YCSB_EXPERIMENT_DIR", dir.toAbsolutePath().toString());
    env.put("YCSB_RUN_DIR", folder.toAbsolutePath().toString());
    env.put("YCSB_WORKLOAD", r.workload());
    env.put("YCSB_REPETITION", Integer.toString(r.repetition()));
    return env;
  }

  private void writeAvailability(PlannedRun r, Path folder) throws IOException {
    List<Availability.Interval> intervals = Availability.intervals(folder.resolve("timeseries.csv"));
    Number lostWrites = lostWrites(folder);
    StringBuilder b = new StringBuilder(Availability.CSV_HEADER)
        .append(lostWrites != null ? Availability.DURABILITY_COLUMNS : "").append('\n');
    List<Plan.Fault> faults = plan.faults();
    for (int k = 0; k < faults.size(); k++) {
      long at = faults.get(k).atMillis();
      b.append(Availability.of(intervals, at).csv());
      if (lostWrites != null) {
        long until = k + 1 < faults.size() ? faults.get(k + 1).atMillis() : Long.MAX_VALUE;
        b.append(',').append(Availability.staleReadsBetween(intervals, at, until)).append(',').append(lostWrites);
      }
      b.append('\n');
    }
    ExperimentTable.replace(folder.resolve("availability.csv"), b.toString());
    // and the experiment's table of every run with a fault; durability columns when any run has them
    List<String> rows = new ArrayList<>();
    boolean durability = false;
    for (PlannedRun x : runs) {
      Path a = dir.resolve(x.folder()).resolve("availability.csv");
      if (finished.containsKey(x.folder()) && Files.isRegularFile(a)) {
        List<String> lines = Files.readAllLines(a, StandardCharsets.UTF_8);
        durability |= !lines.isEmpty() && lines.get(0).endsWith(Availability.DURABILITY_COLUMNS);
        for (int i = 1; i < lines.size(); i++) {
          rows.add(x.workload() + ',' + ExperimentCsv.quote(x.describe()) + ','
              + (x.findsMaximum() ? "maximum" : Integer.toString(x.repetition())) + ',' + x.folder() + ','
              + lines.get(i));
        }
      }
    }
    String header = "workload,combination,repetition,folder," + Availability.CSV_HEADER;
    StringBuilder all = new StringBuilder(header).append(durability ? Availability.DURABILITY_COLUMNS : "")
        .append('\n');
    int columns = (header + (durability ? Availability.DURABILITY_COLUMNS : "")).split(",").length;
    for (String row : rows) {
      all.append(row).append(",".repeat(Math.max(0, columns - ExperimentCsv.cells(row).size()))).append('\n');
    }
    ExperimentTable.replace(dir.resolve("availability.csv"), all.toString());
  }

  /** @return the run's lost writes ({@code [DURABILITY] LostWrites}), null when it did not count them */
  private static Number lostWrites(Path folder) {
    try {
      return site.ycsb.results.ResultsFolder.read(folder, true).line("DURABILITY", "LostWrites");
    } catch (site.ycsb.results.ResultsInputException | RuntimeException e) {
      return null;
    }
  }

  private void writeTable() throws IOException {
    ExperimentTable table = new ExperimentTable(plan, runs, finished);
    table.write(dir);
    ExperimentReport.write(plan, table, dir);
  }

  private static String lastLine(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return lines.get(i).trim();
        }
      }
    } catch (IOException e) {
      // fall through
    }
    return "(no message; see " + file + ")";
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (var walk = Files.walk(p)) {
      List<Path> all = walk.sorted(java.util.Comparator.reverseOrder()).toList();
      for (Path x : all) {
        Files.delete(x);
      }
    }
  }
}
