package site.ycsb.slo;

import java.util.List;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.PhaseListener;

/**
 * Follows a running phase for its objective: adds the sampler's readings up into the
 * time-series intervals (on the same grid as the results folder's rows) and checks each against
 * the per-interval thresholds; with {@code slo.abort}, ends the run once, after the grace period,
 * the figures so far break a threshold. Runs in the sampler thread, never in a worker.
 */
public final class SloMonitor implements PhaseListener {
  private final Slo slo;
  private final IntervalTally tally;
  private final long granularityNanos;
  private final boolean abort;
  private final long graceNanos;
  private final Runnable stop;
  private final IntervalStats pending = new IntervalStats();
  private long pendingNanos;
  private long nextRowEndNanos;
  private long measuredNanos;
  private volatile String abortedBy;

  /**
   * @param slo the objective
   * @param granularityNanos the length of an interval (timeseries.granularity)
   * @param abort whether a broken threshold ends the run early
   * @param graceNanos measured time before an early end may happen
   * @param stop ends the run (as its deadline would)
   */
  public SloMonitor(Slo slo, long granularityNanos, boolean abort, long graceNanos, Runnable stop) {
    this.slo = slo;
    this.tally = slo.newTally(granularityNanos);
    this.granularityNanos = granularityNanos;
    this.nextRowEndNanos = granularityNanos;
    this.abort = abort;
    this.graceNanos = graceNanos;
    this.stop = stop;
  }

  /** @return the intervals checked so far */
  public IntervalTally tally() {
    return tally;
  }

  /** @return the threshold that ended the run early, or null when none did */
  public String abortedBy() {
    return abortedBy;
  }

  @Override
  public void onSample(long elapsedNanos, long sampleNanos, IntervalStats sample, IntervalStats total,
                       boolean warmingUp) {
    if (warmingUp) {
      // the first measured interval starts where the measured window opens
      nextRowEndNanos = (elapsedNanos / granularityNanos + 1) * granularityNanos;
      return;
    }
    pending.add(sample);
    pendingNanos += sampleNanos;
    measuredNanos += sampleNanos;
    if (elapsedNanos >= nextRowEndNanos) {
      closeInterval();
      nextRowEndNanos = (elapsedNanos / granularityNanos + 1) * granularityNanos;
    }
    if (abort && abortedBy == null && measuredNanos >= graceNanos) {
      checkSoFar(total);
    }
  }

  @Override
  public void onEnd() {
    if (pendingNanos > 0) {
      closeInterval();
    }
  }

  private void closeInterval() {
    tally.add(pending, pendingNanos);
    pending.reset();
    pendingNanos = 0;
  }

  private void checkSoFar(IntervalStats total) {
    List<Verdict> verdicts = slo.evaluate(total, measuredNanos, tally);
    for (Verdict v : verdicts) {
      // a per-interval threshold is broken for good only once more intervals missed it than its share allows
      // over the intervals so far; no interval checked yet is no evidence
      if (!v.passed() && (!v.threshold().perInterval() || v.intervals() > 0)) {
        abortedBy = v.threshold().text() + ": " + SloLines.explain(v);
        stop.run();
        return;
      }
    }
  }
}
