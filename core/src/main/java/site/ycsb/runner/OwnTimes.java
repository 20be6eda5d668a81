package site.ycsb.runner;

import site.ycsb.workloads.TimedOperations;

/**
 * The due times of a workload whose operations carry their own (a replayed trace): a worker waits
 * for its next operation's time as for a slot of a schedule, so the latency measured from that
 * time shows a database falling behind; nothing is sent after the deadline.
 */
final class OwnTimes {
  /** A stop request is seen at least this often while a worker waits. */
  private static final long LONGEST_NAP = 10_000_000L;
  private final TimedOperations workload;
  private final RunWindow window;
  private final site.ycsb.clock.Clock clock;

  OwnTimes(TimedOperations workload, RunWindow window) {
    this.workload = workload;
    this.window = window;
    this.clock = window.clock();
  }

  /** @return whether the worker has another operation */
  boolean hasMore(Object workerState) {
    return workload.nextDueNanos(workerState) != TimedOperations.NO_MORE;
  }

  /**
   * Waits until the worker's next operation is due.
   *
   * @param partEndNanos the end of the part the operation would belong to (the warm-up's)
   * @param idle how the worker waits
   * @return its intended start; {@link Throttle#UNPACED} for one that goes at once; {@link
   *     Throttle#STOP} when it lies at or after the deadline or the phase is stopped; {@link
   *     Throttle#PAST_PART} when it belongs after the part's end, which has then come
   */
  long await(Object workerState, long partEndNanos, Throttle.Idle idle) {
    long offset = workload.nextDueNanos(workerState);
    if (offset == TimedOperations.AT_ONCE) {
      return Throttle.UNPACED;
    }
    long due = window.phaseStartNanos() + offset;
    if (due >= window.deadlineNanos()) {
      return Throttle.STOP;
    }
    long until = Math.min(due, partEndNanos);
    long now;
    while ((now = clock.nanoTime()) < until && !window.stopRequested()) {
      idle.idle(Math.min(until - now, LONGEST_NAP));
    }
    if (window.stopRequested()) {
      return Throttle.STOP;
    }
    return due >= partEndNanos ? Throttle.PAST_PART : due;
  }
}
