package site.ycsb.workloads;

/**
 * A workload whose operations carry their own due times, such as a replayed trace: each worker
 * waits for its next operation's time instead of taking a slot of a target's schedule, and its
 * latency is measured from that time too (the {@code Intended-} figures), so a database that
 * falls behind the trace shows it.
 *
 * <p>The engine asks before each operation; the workload's {@code plan} (or {@code doTransaction})
 * then makes that operation.
 */
public interface TimedOperations {
  /** What {@link #nextDueNanos} returns for an operation that goes as soon as the worker is free. */
  long AT_ONCE = -1;
  /** What {@link #nextDueNanos} returns when the worker has no more operations: it stops. */
  long NO_MORE = Long.MAX_VALUE;

  /**
   * @param threadState what {@code initThread} returned for this worker
   * @return when the worker's next operation is due, in nanoseconds after the phase's start
   *     (the release of its workers); {@link #AT_ONCE}; or {@link #NO_MORE}
   */
  long nextDueNanos(Object threadState);
}
