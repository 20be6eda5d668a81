package site.ycsb.measurements;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * All recorders of one phase (measured run or warm-up) and what has been read from them so far.
 * Workers write to their own {@link WorkerRecorder}; one sampling thread calls {@link #sample()}
 * to take the interval since the previous sample and add it to the running total.
 */
public final class RunMeasurements {
  private final List<WorkerRecorder> recorders = new CopyOnWriteArrayList<>();
  private final IntervalStats total = new IntervalStats();
  /** What the last {@link #sample()} took, emptied and filled again by the next. */
  private final IntervalStats interval;
  private final RecordingOptions options;

  /** Recorders of the standard figures. */
  public RunMeasurements() {
    this(RecordingOptions.STANDARD);
  }

  /** @param options what the recorders keep beyond the standard figures */
  public RunMeasurements(RecordingOptions options) {
    this.options = options;
    this.interval = new IntervalStats(options.rawSamples());
  }

  /** @return a new recorder for one worker thread */
  public WorkerRecorder newRecorder() {
    WorkerRecorder r = new WorkerRecorder(options);
    recorders.add(r);
    return r;
  }

  /**
   * Takes everything recorded since the previous call.
   *
   * @return the interval just ended, also added to {@link #total()}; valid until the next call,
   *     which empties and fills the same object again
   */
  public synchronized IntervalStats sample() {
    interval.reset();
    for (WorkerRecorder r : recorders) {
      r.drainInto(interval);
    }
    total.add(interval);
    return interval;
  }

  /**
   * The running total up to the last {@link #sample()}. Read it only from the sampling thread,
   * or after sampling has stopped.
   *
   * @return the cumulative figures (live)
   */
  public synchronized IntervalStats total() {
    return total;
  }
}
