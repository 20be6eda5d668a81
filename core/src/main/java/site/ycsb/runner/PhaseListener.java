package site.ycsb.runner;

import site.ycsb.measurements.IntervalStats;

/**
 * Receives what the sampler reads while a phase runs: status lines, time series and periodic
 * exports hang off this, never off the workers.
 */
public interface PhaseListener {
  /**
   * One sampling interval ended.
   *
   * @param elapsedNanos time since the phase started
   * @param intervalNanos length of this interval
   * @param interval what was recorded in it (measured window only)
   * @param total everything measured so far
   * @param warmingUp whether the phase is still in warm-up
   */
  void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                boolean warmingUp);

  /** The phase has ended; the last sample has been delivered. */
  default void onEnd() {
  }

  /** A listener that does nothing. */
  PhaseListener NONE = (elapsed, length, interval, total, warmingUp) -> { };
}
