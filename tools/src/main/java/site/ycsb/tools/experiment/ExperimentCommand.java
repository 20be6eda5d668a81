package site.ycsb.tools.experiment;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.COULD_NOT_RUN;
import static site.ycsb.ExitCodes.BAD_INPUT;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import site.ycsb.commandline.CommandLines;

/**
 * {@code ycsb experiment PLAN [-o DIR] [--dry-run]}: runs every run a plan describes, in a fixed
 * order, into one experiment folder ({@code DIR}, by default {@code results/<name>}), or with
 * {@code --dry-run} lists them with the time they will take.
 */
public final class ExperimentCommand {
  private ExperimentCommand() {
  }

  /**
   * @param args the plan file and options
   * @param out progress and the dry run's list
   * @param err errors, one line each
   * @param bindingProblem why a binding name cannot be used, or null when it can
   * @return the exit code: 0 every run done, 1 a run or command failed (or interrupted), 2 a bad plan
   */
  public static int run(List<String> args, PrintStream out, PrintStream err,
                        Function<String, String> bindingProblem) {
    return CommandLines.run(new ExperimentArguments(), args, out, err,
        a -> run(a.plan, a.dir, a.dryRun, out, err, bindingProblem));
  }

  private static int run(Path planFile, Path dir, boolean dryRun, PrintStream out, PrintStream err,
                         Function<String, String> bindingProblem) {
    Plan plan;
    try {
      plan = PlanReader.read(planFile, bindingProblem);
    } catch (PlanException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    if (dir == null) {
      dir = Path.of("results", plan.name());
    }
    ExperimentRunner runner = new ExperimentRunner(plan, dir, out, err);
    try {
      runner.checkEveryRun();
    } catch (PlanException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    if (dryRun) {
      dryRun(plan, runner.runs(), out);
      return OK;
    }
    try {
      return runner.run();
    } catch (PlanException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    } catch (IOException e) {
      err.println("ERROR: experiment folder " + dir + ": " + e.getMessage());
      return COULD_NOT_RUN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return COULD_NOT_RUN;
    }
  }

  private static void dryRun(Plan plan, List<PlannedRun> runs, PrintStream out) {
    for (PlannedRun r : runs) {
      out.println(String.format(Locale.ROOT, "%4d  %s  %s  %s  -> %s", r.number(), r.workload(), r.describe(),
          r.findsMaximum() ? "maximum" : "repetition " + r.repetition(), r.folder()));
    }
    long loads = runs.stream().filter(r -> !r.findsMaximum() || plan.search() != null).map(r -> r.workload() + "/"
        + (plan.load() == Plan.LoadMode.ONCE ? "" : r.combinationName() + (plan.load() == Plan.LoadMode.EVERY_RUN
        ? "/" + r.repetition() : ""))).distinct().count();
    if (plan.load() == Plan.LoadMode.NONE) {
      loads = 0;
    }
    String time;
    if (plan.runtimeSeconds() > 0) {
      double perRun = TimeLeft.estimatePerRun(plan);
      double total = perRun * runs.size();
      time = String.format(Locale.ROOT, "about %s (%d runs of %.0f s measured + %.0f s warm-up + ~%.0f s start-up)",
          duration(total), runs.size(), plan.runtimeSeconds(), plan.warmupMillis() / 1000.0, TimeLeft.STARTUP_SECONDS);
    } else {
      time = "not estimated (runs end by operationcount)";
    }
    if (plan.search() != null) {
      Plan.Search s = plan.search();
      out.println("then per unthrottled run a capacity search at SLO " + s.slo() + ": candidate targets of "
          + s.repetitions() + " runs each until the capacity is known to within "
          + ExperimentTable.num(s.precision() * 100) + "% (at most " + s.maxCandidates() + " candidates; not in the"
          + " estimate)");
    }
    out.println(runs.size() + " runs, " + loads + (loads == 1 ? " load" : " loads") + " (not in the estimate); time: "
        + time);
  }

  private static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 120) {
      return s + " s";
    }
    if (s < 7200) {
      return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
  }
}
