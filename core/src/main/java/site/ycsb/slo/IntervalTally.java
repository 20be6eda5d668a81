package site.ycsb.slo;

import java.util.List;
import site.ycsb.measurements.IntervalStats;

/**
 * Counts, for every per-interval threshold, the time-series intervals checked and the ones that
 * met it. Fed the intervals of a running phase by {@link SloMonitor}, or those read back from a
 * merged results folder.
 */
public final class IntervalTally {
  private final List<Threshold> thresholds;
  private final long minimumNanos;
  private final long[] checked;
  private final long[] met;

  /**
   * @param thresholds the objective's thresholds (the whole-window ones are ignored here)
   * @param granularityNanos the length of an interval: a shorter trailing piece of the window is
   *     not checked when it covers less than half of one, as its rate and percentiles rest on too little
   */
  IntervalTally(List<Threshold> thresholds, long granularityNanos) {
    this.thresholds = thresholds;
    this.minimumNanos = granularityNanos / 2;
    this.checked = new long[thresholds.size()];
    this.met = new long[thresholds.size()];
  }

  /**
   * Checks one interval. An interval without any operation counts as missed by every threshold
   * (the database stalled); one with operations but none of a threshold's kind is not checked by it.
   *
   * @param interval what the interval recorded
   * @param nanos its length
   */
  public synchronized void add(IntervalStats interval, long nanos) {
    if (nanos < minimumNanos) {
      return;
    }
    for (int i = 0; i < thresholds.size(); i++) {
      Threshold t = thresholds.get(i);
      if (!t.perInterval()) {
        continue;
      }
      double v = t.measure(interval, nanos);
      if (Double.isNaN(v) && interval.operations() > 0) {
        continue;
      }
      checked[i]++;
      if (t.met(v)) {
        met[i]++;
      }
    }
  }

  /** @return intervals checked by threshold {@code i} */
  public synchronized long checked(int i) {
    return checked[i];
  }

  /** @return intervals that met threshold {@code i} */
  public synchronized long met(int i) {
    return met[i];
  }
}
