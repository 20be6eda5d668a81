package site.ycsb.measurements;

/**
 * What one phase measured, as plain values. Built by name ({@link #of}): a figure not set is 0.
 *
 * @param measured figures of the measured window
 * @param warmup figures of the warm-up (empty without one)
 * @param runtimeNanos length of the measured window (deadline-based when the deadline ended it)
 * @param warmupNanos length of the warm-up
 * @param initNanos connection setup: from the first worker's start to the last worker ready
 * @param cleanupNanos longest cleanup of one worker
 * @param threads worker threads
 * @param abandonedThreads workers still stuck in a call after the stop timeout
 * @param discardedAfterDeadline operations that completed after the deadline (not recorded)
 * @param missedSlots throttle slots skipped (windowed mode)
 * @param lateStarts operations that started late for their slot
 * @param notStartedSlots throttle slots due before the end of the window that no worker started
 * @param endedBy what ended the phase: operationcount, maxexecutiontime, interrupt, workload
 * @param stoppedOnFailedInsert whether a worker stopped early after a failed load insert
 * @param startEpochMillis wall-clock instant the measured window opened
 * @param endEpochMillis wall-clock instant it closed
 * @param inflight operations each worker kept in flight (asynchronous path), 0 on the blocking path
 * @param abandonedOperations operations still in flight when the wait for them after the end ran out
 * @param inflightLimitWaits throttled operations that found the in-flight limit reached when due
 */
public record PhaseResult(
    IntervalStats measured,
    IntervalStats warmup,
    long runtimeNanos,
    long warmupNanos,
    long initNanos,
    long cleanupNanos,
    int threads,
    int abandonedThreads,
    long discardedAfterDeadline,
    long missedSlots,
    long lateStarts,
    long notStartedSlots,
    String endedBy,
    boolean stoppedOnFailedInsert,
    long startEpochMillis,
    long endEpochMillis,
    int inflight,
    long abandonedOperations,
    long inflightLimitWaits) {

  /**
   * @param measured figures of the measured window
   * @param warmup figures of the warm-up (empty without one)
   * @return a builder whose other figures are 0 (false, and "running" for what ended the phase)
   */
  public static Builder of(IntervalStats measured, IntervalStats warmup) {
    return new Builder(measured, warmup);
  }

  /** Sets a phase's figures by name; see the record's components for what each is. */
  public static final class Builder {
    private final IntervalStats measured;
    private final IntervalStats warmup;
    private long runtimeNanos;
    private long warmupNanos;
    private long initNanos;
    private long cleanupNanos;
    private int threads;
    private int abandonedThreads;
    private long discardedAfterDeadline;
    private long missedSlots;
    private long lateStarts;
    private long notStartedSlots;
    private String endedBy = "running";
    private boolean stoppedOnFailedInsert;
    private long startEpochMillis;
    private long endEpochMillis;
    private int inflight;
    private long abandonedOperations;
    private long inflightLimitWaits;

    private Builder(IntervalStats measured, IntervalStats warmup) {
      this.measured = measured;
      this.warmup = warmup;
    }

    /** @return this, with the lengths of the measured window and of the warm-up */
    public Builder window(long runtimeNanos, long warmupNanos) {
      this.runtimeNanos = runtimeNanos;
      this.warmupNanos = warmupNanos;
      return this;
    }

    /** @return this, with the wall-clock instants the measured window opened and closed */
    public Builder epochMillis(long start, long end) {
      this.startEpochMillis = start;
      this.endEpochMillis = end;
      return this;
    }

    /** @return this, with the connection setup and the longest cleanup */
    public Builder setupAndCleanup(long initNanos, long cleanupNanos) {
      this.initNanos = initNanos;
      this.cleanupNanos = cleanupNanos;
      return this;
    }

    /** @return this, with the worker threads and the operations each kept in flight */
    public Builder workers(int threads, int inflight) {
      this.threads = threads;
      this.inflight = inflight;
      return this;
    }

    /** @return this, with what the end left behind: stuck workers, their operations, late completions */
    public Builder leftAtTheEnd(int abandonedThreads, long abandonedOperations, long discardedAfterDeadline) {
      this.abandonedThreads = abandonedThreads;
      this.abandonedOperations = abandonedOperations;
      this.discardedAfterDeadline = discardedAfterDeadline;
      return this;
    }

    /** @return this, with the throttle's counts */
    public Builder throttle(long missedSlots, long lateStarts, long notStartedSlots, long inflightLimitWaits) {
      this.missedSlots = missedSlots;
      this.lateStarts = lateStarts;
      this.notStartedSlots = notStartedSlots;
      this.inflightLimitWaits = inflightLimitWaits;
      return this;
    }

    /** @return this, with what ended the phase and whether a failed insert stopped a worker */
    public Builder ended(String endedBy, boolean stoppedOnFailedInsert) {
      this.endedBy = endedBy;
      this.stoppedOnFailedInsert = stoppedOnFailedInsert;
      return this;
    }

    /** @return the figures */
    public PhaseResult build() {
      return new PhaseResult(measured, warmup, runtimeNanos, warmupNanos, initNanos, cleanupNanos, threads,
          abandonedThreads, discardedAfterDeadline, missedSlots, lateStarts, notStartedSlots, endedBy,
          stoppedOnFailedInsert, startEpochMillis, endEpochMillis, inflight, abandonedOperations, inflightLimitWaits);
    }
  }
}
