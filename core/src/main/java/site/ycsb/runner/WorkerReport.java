package site.ycsb.runner;

/**
 * What the runner reads of a worker from its own thread: while the phase runs (live metrics, a
 * worker stuck in a call) and after it (what was left in flight, what came too late). Each worker
 * path answers in its own way.
 */
interface WorkerReport {
  /** @return the end of the last call recorded inside the window */
  long lastRecordedEndNanos();

  /** @return calls that completed after the deadline and were not recorded */
  long discardedAfterDeadline();

  /** @return when the operation this worker is stuck in was due, claimed for the runner; -1 for none */
  long claimInflight();

  /**
   * @return operations this worker has in flight now, for live metrics: read from another thread,
   *     so a moment old at times
   */
  int inflightNow();

  /** @return operations still in flight when the worker gave up waiting for them */
  default long abandonedOperations() {
    return 0;
  }

  /** @return throttled operations that waited for the in-flight limit after their slot was due */
  default long inflightLimitWaits() {
    return 0;
  }
}
