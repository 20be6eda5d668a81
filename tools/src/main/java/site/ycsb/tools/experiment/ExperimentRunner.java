package site.ycsb.tools.experiment;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.COULD_NOT_RUN;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
  private final PhaseCommandLines arguments;

  ExperimentRunner(Plan plan, Path dir, PrintStream out, PrintStream err) {
    this.plan = plan;
    this.dir = dir;
    this.out = out;
    this.err = err;
    this.runs = PlannedRun.of(plan);
    this.plannedRuns = runs.size();
    this.timeLeft = new TimeLeft(plan);
    this.arguments = new PhaseCommandLines(plan, dir, key -> maxima.getOrDefault(key, 0.0));
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
        check.check(r, arguments.load(r));
      }
      check.check(r, arguments.run(r));
    }
  }

  /** @return the exit code */
  int run() throws IOException, InterruptedException, PlanException {
    ExperimentFolder.prepare(dir, plan);
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
    ExperimentFolder.deleteTree(folder);
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
    List<String> args = arguments.run(r);
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
          + ExperimentFolder.lastLine(folder.resolve("stderr.txt")));
    }
    if (faults != null) {
      new AvailabilityTables(plan, dir).write(folder, runs, finished);
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
    ExperimentFolder.deleteTree(folder);
    Files.createDirectories(folder);
    List<String> args = arguments.load(r);
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
        interrupted ? "interrupted" : exit == 0 ? "done" : "failed", "", PhaseCommandLines.masked(args));
    index.record(e);
    if (interrupted) {
      return COULD_NOT_RUN;
    }
    if (exit != 0) {
      return failed(r, "the load for " + r.workload() + " (" + rel + ") ended with exit code " + exit + ": "
          + ExperimentFolder.lastLine(folder.resolve("stderr.txt")));
    }
    return OK;
  }

  private ExperimentIndex.Entry entry(PlannedRun r, String status, String throughput, List<String> args) {
    return new ExperimentIndex.Entry("run", r.workload(), r.describe(),
        r.findsMaximum() ? "maximum" : Integer.toString(r.repetition()), r.folder().toString(), status, throughput,
        PhaseCommandLines.masked(args));
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

  private void writeTable() throws IOException {
    ExperimentTable table = new ExperimentTable(plan, runs, finished);
    table.write(dir);
    ExperimentReport.write(plan, table, dir);
  }
}
