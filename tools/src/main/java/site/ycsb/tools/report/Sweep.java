package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs that differ only in their offered load: the same binding, workload files and phase, and
 * either the same thread count with different targets or the same target with different thread
 * counts. Such a series yields the latency-versus-throughput curve of a stepwise load test.
 */
final class Sweep {
  /** What varies between the runs. */
  enum Varying {
    TARGET, THREADS
  }

  final Varying varying;
  /** The runs in increasing offered load (an unthrottled run counts as the highest target). */
  final List<ReportRun> runs;

  private Sweep(Varying varying, List<ReportRun> runs) {
    this.varying = varying;
    this.runs = runs;
  }

  /**
   * @return the sweep the runs form
   * @throws IllegalArgumentException with the reason, for the page, when they form none
   */
  static Sweep of(List<ReportRun> all) {
    if (all.size() < 2) {
      throw new IllegalArgumentException("it needs at least two runs");
    }
    ReportRun first = all.get(0);
    for (ReportRun r : all) {
      if (!r.db.equals(first.db)) {
        throw new IllegalArgumentException("the runs use different bindings (" + first.db + ", " + r.db + ")");
      }
      // by file name: the same workload file given by another relative path is the same workload
      if (!r.workloadNames().equals(first.workloadNames())) {
        throw new IllegalArgumentException("the runs use different workload files");
      }
      if (!r.phase.equals(first.phase)) {
        throw new IllegalArgumentException("the runs are of different phases (" + first.phase + ", " + r.phase + ")");
      }
    }
    Set<Double> targets = new HashSet<>();
    Set<Integer> threads = new HashSet<>();
    for (ReportRun r : all) {
      targets.add(r.target);
      threads.add(r.threadcount);
    }
    List<ReportRun> ordered = new ArrayList<>(all);
    if (threads.size() == 1 && targets.size() > 1) {
      ordered.sort(Comparator.comparingDouble(r -> r.target > 0 ? r.target : Double.POSITIVE_INFINITY));
      return new Sweep(Varying.TARGET, ordered);
    }
    if (targets.size() == 1 && threads.size() > 1) {
      ordered.sort(Comparator.comparingInt(r -> r.threadcount));
      return new Sweep(Varying.THREADS, ordered);
    }
    if (targets.size() == 1) {
      throw new IllegalArgumentException("every run has the same target and thread count");
    }
    throw new IllegalArgumentException("both the target and the thread count differ between runs");
  }

  /** @return how a point of the curve is labelled, e.g. {@code 500/s} or {@code 8 thr} */
  String pointLabel(ReportRun r) {
    if (varying == Varying.THREADS) {
      return r.threadcount + " thr";
    }
    return r.target > 0 ? Axis.compact(r.target) + "/s" : "unthrottled";
  }
}
