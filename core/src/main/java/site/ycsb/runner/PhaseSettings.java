package site.ycsb.runner;

/**
 * What the runner needs to know about one phase, already parsed and validated.
 *
 * @param load true for the load phase (doInsert), false for the run phase (doTransaction)
 * @param threads worker threads
 * @param operations operations to measure; negative for no limit (the deadline decides)
 * @param maxExecutionNanos length of the measured window; 0 for none
 * @param warmupNanos warm-up by time; 0 for none
 * @param warmupOperations warm-up by count; 0 for none
 * @param target ops/s for the whole process; 0 for no throttle
 * @param throttleMode open or windowed schedule
 * @param retries retry policy
 * @param startEpochMillis wall-clock instant to start at; 0 to start when ready
 * @param threadStopTimeoutNanos how long to wait for a worker after the deadline before abandoning it
 * @param ignoreInsertErrors whether a failed insert in the load phase lets the worker go on
 * @param measurementInterval which latencies are reported: {@code op} (from the actual start),
 *     {@code intended} (from the intended start) or {@code both}; without a throttle the intended
 *     start is the actual start, so {@code op} unless the user asked otherwise
 * @param inflight operations each worker keeps in flight through the binding's asynchronous
 *     side; 0 for the blocking path
 */
public record PhaseSettings(
    boolean load,
    int threads,
    long operations,
    long maxExecutionNanos,
    long warmupNanos,
    long warmupOperations,
    double target,
    Throttle.Mode throttleMode,
    RetryPolicy retries,
    long startEpochMillis,
    long threadStopTimeoutNanos,
    boolean ignoreInsertErrors,
    String measurementInterval,
    int inflight) {

  /** @return whether latency is also recorded from the intended start */
  public boolean measureIntended() {
    return !"op".equals(measurementInterval);
  }

  /** @return whether the phase has a warm-up part */
  public boolean hasWarmup() {
    return warmupNanos > 0 || warmupOperations > 0;
  }
}
