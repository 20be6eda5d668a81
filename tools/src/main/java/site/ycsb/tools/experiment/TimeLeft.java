package site.ycsb.tools.experiment;

import site.ycsb.props.Durations;

/**
 * How long the rest of an experiment will take: the dry run's estimate of the runs left, scaled by
 * how long the runs finished so far took against that estimate (a slow start-up, a before-run
 * command that restarts a server, a loaded machine). Loads are in neither, as in the dry run.
 */
final class TimeLeft {
  /** Start-up of a run's JVM and its connection, for the estimate. */
  static final double STARTUP_SECONDS = 2;

  private final double estimatePerRun;
  private double actualSeconds;
  private double estimatedSeconds;
  private int finishedRuns;

  /** @param plan whose runtime and warm-up make the estimate */
  TimeLeft(Plan plan) {
    this.estimatePerRun = estimatePerRun(plan);
  }

  /**
   * @param plan the experiment
   * @return the seconds one run is expected to take, start-up included; 0 when its runs end by
   *     operationcount, whose length is not known ahead
   */
  static double estimatePerRun(Plan plan) {
    if (plan.runtimeSeconds() <= 0) {
      return 0;
    }
    return plan.runtimeSeconds() + plan.warmupMillis() / 1000.0 + STARTUP_SECONDS;
  }

  /**
   * Notes a run that has finished.
   *
   * @param seconds how long it took, from after its load to after its after-run commands
   */
  void finished(double seconds) {
    actualSeconds += seconds;
    estimatedSeconds += estimatePerRun;
    finishedRuns++;
  }

  /**
   * @param runs runs still to do, the one about to start included
   * @return the seconds they will take; negative when not known (runs that end by count, none finished)
   */
  double seconds(int runs) {
    if (estimatePerRun > 0) {
      // the dry run's figure until a run has shown how far off it is
      double ratio = finishedRuns > 0 && estimatedSeconds > 0 ? actualSeconds / estimatedSeconds : 1;
      return runs * estimatePerRun * ratio;
    }
    return finishedRuns > 0 ? runs * actualSeconds / finishedRuns : -1;
  }

  /**
   * @param runs runs still to do, the one about to start included
   * @return e.g. {@code about 2 min 5 s left}, or {@code time left not known until a run has finished}
   */
  String describe(int runs) {
    double s = seconds(runs);
    if (s < 0) {
      return "time left not known until a run has finished";
    }
    return "about " + Durations.describe(Math.round(s * 1000)) + " left";
  }
}
