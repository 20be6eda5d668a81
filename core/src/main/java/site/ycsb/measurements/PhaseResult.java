package site.ycsb.measurements;


/**
 * What one phase measured, as plain values.
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
}
