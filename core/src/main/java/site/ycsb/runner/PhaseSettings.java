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
 * @param target ops/s for the whole process ({@code -target}); 0 without one (no throttle, or a profile)
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
 * @param throttle the schedule's profile, arrivals, mode, window and tolerance; null for no throttle
 * @param recording what is recorded besides the standard figures (raw samples, error codes)
 * @param sessions whether the operations in flight stand for {@code -threads} sessions
 *     ({@code threadmode=auto}) rather than for the user's own {@code inflight}
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
    int inflight,
    ThrottleSettings throttle,
    site.ycsb.measurements.RecordingOptions recording,
    boolean sessions) {

  /** The settings of a constant target with even spacing ({@code -target}), or of no throttle. */
  public PhaseSettings(boolean load, int threads, long operations, long maxExecutionNanos, long warmupNanos,
                       long warmupOperations, double target, Throttle.Mode throttleMode, RetryPolicy retries,
                       long startEpochMillis, long threadStopTimeoutNanos, boolean ignoreInsertErrors,
                       String measurementInterval, int inflight) {
    this(load, threads, operations, maxExecutionNanos, warmupNanos, warmupOperations, target, throttleMode, retries,
        startEpochMillis, threadStopTimeoutNanos, ignoreInsertErrors, measurementInterval, inflight,
        target > 0 ? new ThrottleSettings(site.ycsb.runner.profile.LoadProfile.constant(target), throttleMode, false,
            0, ThrottleSettings.DEFAULT_WINDOW_NANOS, ThrottleSettings.DEFAULT_TOLERANCE_NANOS,
            ThrottleSettings.DEFAULT_ALLOWANCE) : null, site.ycsb.measurements.RecordingOptions.STANDARD, false);
  }

  /**
   * @param workers worker threads
   * @param inflightEach operations each keeps in flight
   * @return these settings with {@code threads} sessions run as operations in flight on other workers
   */
  public PhaseSettings asSessions(int workers, int inflightEach) {
    return new PhaseSettings(load, workers, operations, maxExecutionNanos, warmupNanos, warmupOperations, target,
        throttleMode, retries, startEpochMillis, threadStopTimeoutNanos, ignoreInsertErrors, measurementInterval,
        inflightEach, throttle, recording, true);
  }

  /** @return whether latency is also recorded from the intended start */
  public boolean measureIntended() {
    return !"op".equals(measurementInterval);
  }

  /** @return whether the phase has a warm-up part */
  public boolean hasWarmup() {
    return warmupNanos > 0 || warmupOperations > 0;
  }
}
