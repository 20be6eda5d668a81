package site.ycsb.slo;

/**
 * Whether one threshold was met, with the figure behind the answer.
 *
 * @param threshold the threshold
 * @param measured for a whole-window threshold the figure in its unit; for a per-interval one the
 *     share of intervals that met it, in percent; NaN when nothing could be measured
 * @param passed whether the threshold was met
 * @param intervals intervals checked (per-interval thresholds), else 0
 * @param metIntervals of those, the ones that met it
 */
public record Verdict(Threshold threshold, double measured, boolean passed, long intervals, long metIntervals) {

  /** @return the limit in the unit of {@link #measured}: the threshold's, or the required share in percent */
  public double limit() {
    return threshold.perInterval() ? threshold.intervalShare() * 100.0 : threshold.limit();
  }

  /** @return the unit of {@link #measured} and {@link #limit} */
  public String unit() {
    return threshold.perInterval() ? "%" : threshold.figure().unit();
  }
}
