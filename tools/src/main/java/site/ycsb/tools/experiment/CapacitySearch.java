package site.ycsb.tools.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsb.results.ResultsFolder;
import site.ycsb.slo.Slo;
import site.ycsb.slo.Threshold;
import site.ycsb.tools.stats.Repetitions;

/**
 * Finds the highest target whose runs meet the objective of a plan's {@code search:}, for one
 * workload and combination. The unthrottled run bounds it from above (its throughput x 1.1).
 * The first candidate target is the unthrottled throughput itself; while no candidate has passed,
 * the next ones step down from it by precision x 1, 2, 4, ... (0.98, 0.96, 0.92 ... of it at 2%);
 * once one has passed, the interval between the highest passing and the lowest failing target is
 * bisected. Each candidate runs {@code repetitions} times; a candidate passes when, for every threshold, the pessimistic end of
 * the 95% confidence interval over its repetitions meets the threshold, and its mean achieved
 * throughput is within {@code tolerance} of the target. It stops once the interval is narrower
 * than {@code precision} of its upper end. The targets follow from the verdicts alone, so a
 * resumed search takes the same path and reuses the runs the index records as done.
 */
final class CapacitySearch {
  /**
   * How far above the unthrottled throughput the search looks: a short unthrottled run can fall a
   * little short of what the store sustains (operations cut off at its end, its first slow calls).
   */
  static final double HEADROOM = 1.1;

  /** Runs one planned run, or finds it done; null when it failed or the experiment was interrupted. */
  interface Executor {
    ResultsFolder execute(PlannedRun run) throws IOException, InterruptedException;
  }

  /**
   * One candidate target with its verdict.
   *
   * @param target the target (ops/s)
   * @param achieved the achieved throughput over the repetitions
   * @param pessimistic per threshold, its figure on the pessimistic side of the interval
   * @param passed whether it met the objective
   * @param folders the folders of its runs
   */
  record Candidate(double target, Repetitions.Estimate achieved, Map<String, Double> pessimistic, boolean passed,
                   List<Path> folders) {
  }

  /**
   * The search's outcome for one combination.
   *
   * @param low the highest target that passed (0 when none did)
   * @param high the lowest target that failed, or the upper bound when none failed
   * @param maximum the unthrottled run's throughput
   * @param candidates in the order they ran
   * @param complete whether it ran to its precision (false: a run failed or it was interrupted)
   */
  record Result(double low, double high, double maximum, List<Candidate> candidates, boolean complete) {
  }

  private final Plan plan;
  private final Slo slo;

  CapacitySearch(Plan plan) {
    this.plan = plan;
    this.slo = Slo.parse(plan.search().slo());
  }

  /**
   * @param maximumRun the unthrottled run of the combination
   * @param maximum its throughput
   * @param firstNumber the number the first candidate run gets
   * @param executor runs the candidate runs
   * @param out progress
   * @return the result
   */
  Result search(PlannedRun maximumRun, double maximum, int firstNumber, Executor executor, PrintStream out)
      throws IOException, InterruptedException {
    Plan.Search s = plan.search();
    double low = 0;
    double high = maximum * HEADROOM;
    // until a candidate passes, the targets step down from the unthrottled throughput by
    // precision x 1, 2, 4, ...; once one has passed, the interval [passed, failed] is bisected
    double step = 0;
    boolean bracketed = false;
    List<Candidate> candidates = new ArrayList<>();
    int number = firstNumber;
    while (candidates.size() < s.maxCandidates() && !(bracketed && (high - low) / high <= s.precision())) {
      double target = round(bracketed ? (low + high) / 2 : maximum * (1 - step));
      if (target <= low || target >= high) {
        break;
      }
      List<ResultsFolder> reps = new ArrayList<>();
      List<Path> folders = new ArrayList<>();
      for (int r = 1; r <= s.repetitions(); r++) {
        PlannedRun run = candidateRun(maximumRun, candidates.size() + 1, target, r, number++);
        ResultsFolder f = executor.execute(run);
        if (f == null) {
          return new Result(low, high, maximum, candidates, false);
        }
        reps.add(f);
        folders.add(run.folder());
      }
      Candidate c = judge(target, reps, folders);
      candidates.add(c);
      if (c.passed()) {
        low = target;
        bracketed = true;
      } else {
        high = target;
        step = step == 0 ? s.precision() : step * 2;
        if (!bracketed && step >= 1) {
          break;
        }
      }
      out.println("search: target " + num(target) + " ops/s " + (c.passed() ? "met" : "broke") + " the objective"
          + " (achieved " + num(round(c.achieved().mean())) + " ops/s); capacity now between " + num(low) + " and "
          + num(high) + " ops/s");
    }
    return new Result(low, high, maximum, candidates, true);
  }

  /** @return the candidate's verdict: every threshold on the pessimistic side, and the throughput reached */
  Candidate judge(double target, List<ResultsFolder> reps, List<Path> folders) {
    boolean passed = true;
    Map<String, Double> pessimistic = new LinkedHashMap<>();
    for (Threshold t : slo.thresholds()) {
      String unit = t.perInterval() ? "%" : t.figure().unit();
      double[] values = new double[reps.size()];
      boolean measured = true;
      for (int i = 0; i < reps.size(); i++) {
        Number v = reps.get(i).line("SLO", t.text() + ":Measured(" + unit + ")");
        measured &= v != null;
        values[i] = v == null ? Double.NaN : v.doubleValue();
      }
      if (!measured) {
        pessimistic.put(t.text(), Double.NaN);
        passed = false;
        continue;
      }
      Repetitions.Estimate e = Repetitions.estimate(values);
      boolean largerIsBetter = t.perInterval() || t.comparison().largerIsBetter();
      double p = e.n() < 2 ? e.mean() : largerIsBetter ? e.low() : e.high();
      pessimistic.put(t.text(), p);
      boolean ok = t.perInterval() ? p >= t.intervalShare() * 100.0 - 1e-9 : t.met(p);
      passed &= ok;
    }
    double[] achieved = new double[reps.size()];
    for (int i = 0; i < reps.size(); i++) {
      Number v = reps.get(i).line("OVERALL", "Throughput(ops/sec)");
      achieved[i] = v == null ? 0 : v.doubleValue();
    }
    Repetitions.Estimate a = Repetitions.estimate(achieved);
    passed &= a.mean() >= target * (1 - plan.search().tolerance());
    return new Candidate(target, a, pessimistic, passed, folders);
  }

  private static PlannedRun candidateRun(PlannedRun maximumRun, int k, double target, int repetition, int number) {
    Map<String, String> combination = new LinkedHashMap<>(maximumRun.combination());
    combination.put("target", num(target));
    String base = maximumRun.combinationName().replaceFirst("_maximum$", "");
    String name = base + "_search-" + k + "_target-" + num(target);
    return new PlannedRun(number, maximumRun.workloadFile(), maximumRun.workload(), combination, name, repetition,
        Path.of(maximumRun.workload(), name, Integer.toString(repetition)), 0, null);
  }

  /** Targets are whole operations per second above 100, two decimals below (a small store's capacity). */
  static double round(double target) {
    return target >= 100 ? Math.round(target) : Math.round(target * 100) / 100.0;
  }

  static String num(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** @return the sentence that states the result */
  String describe(Result r, PlannedRun maximumRun) {
    String where = maximumRun.workload() + (maximumRun.combination().isEmpty() ? ""
        : " " + PlannedRun.describe(maximumRun.combination()));
    int runs = r.candidates().stream().mapToInt(c -> c.folders().size()).sum() + 1;
    if (r.low() == 0) {
      return where + ": no target met the objective " + slo.describe() + " (the lowest tried: "
          + num(r.high()) + " ops/s); " + runs + " runs";
    }
    return where + ": capacity " + num(r.low()) + " ops/s at SLO " + slo.describe() + " (between " + num(r.low())
        + " and " + num(r.high()) + " ops/s: the highest target that met it and the lowest that did not"
        + (r.candidates().stream().noneMatch(c -> !c.passed()) ? ", the upper bound being 1.1 x the unthrottled "
        + num(r.maximum()) + " ops/s" : "") + "; " + runs + " runs" + (r.complete() ? "" : "; INCOMPLETE") + ")";
  }

  /** @return the objective searched at */
  Slo slo() {
    return slo;
  }
}
