package site.ycsb.runner;

import site.ycsb.Status;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.WorkerRecorder;

/**
 * The calls of one workload operation, kept until the operation ends so that they and the
 * operation are recorded in one go. Decides what the window lets count: a call completing after
 * the deadline is discarded; an operation due before the deadline whose calls all ended after it
 * is recorded as unfinished, at its lateness at the deadline (a lower bound of its latency).
 * Both paths use it: the blocking worker holds one, the asynchronous worker one per operation
 * in flight. Used by one thread at a time.
 */
final class OperationCalls {
  /** Decides whether this owner may record a cut-off operation (the runner may have claimed it). */
  interface CutOffClaim {
    /** @return true when the cut-off operation is this owner's to record */
    boolean claim();
  }

  private static final int CAPACITY = 8;
  private final RunWindow window;
  private final boolean measureIntended;
  private final CutOffClaim claim;
  private long intendedStartNanos = -1;
  /** Start of the operation's first call, -1 before it (kept only for the intended-start figures). */
  private long firstCallStartNanos = -1;
  private boolean crossedDeadline;
  private int callsRecorded;
  private boolean anyCallFailed;
  private long lastRecordedEndNanos;
  private long discardedAfterDeadline;
  private final Operation[] ops = new Operation[CAPACITY];
  private final Status[] statuses = new Status[CAPACITY];
  private final long[] latencies = new long[CAPACITY];
  private final long[] intended = new long[CAPACITY];
  private final int[] retries = new int[CAPACITY];
  private final long[] bytes = new long[CAPACITY];
  private int pending;

  /**
   * @param window the phase's window
   * @param measureIntended whether latencies from the intended start are kept
   * @param claim asked before a cut-off operation is recorded
   */
  OperationCalls(RunWindow window, boolean measureIntended, CutOffClaim claim) {
    this.window = window;
    this.measureIntended = measureIntended;
    this.claim = claim;
  }

  /** Sets the intended start of the next operation, or -1 for none (no throttle). */
  void intendedStart(long nanos) {
    intendedStartNanos = nanos;
  }

  /** @return the intended start of the current operation, -1 for none */
  long intendedStart() {
    return intendedStartNanos;
  }

  /**
   * Notes the start of a call.
   *
   * @return true when this is the operation's first call and its start is kept
   */
  boolean callStarted(long startNanos) {
    // only the intended-start figures (start lag, cut-off operations) need the operation's start
    if (measureIntended && firstCallStartNanos < 0) {
      firstCallStartNanos = startNanos;
      return true;
    }
    return false;
  }

  /**
   * Keeps one call (or compound entry) of the operation, unless it ended after the deadline.
   *
   * @param recorder where a full buffer is flushed to
   */
  void record(Operation op, Status status, long startNanos, long endNanos, int tries, WorkerRecorder recorder) {
    record(op, status, startNanos, endNanos, tries, 0, recorder);
  }

  /**
   * Keeps one call with the bytes of the values it wrote or read, unless it ended after the deadline.
   *
   * @param valueBytes bytes written (update, insert) or read (read, scan) by the call
   * @param recorder where a full buffer is flushed to
   */
  void record(Operation op, Status status, long startNanos, long endNanos, int tries, long valueBytes,
              WorkerRecorder recorder) {
    if (endNanos > window.deadlineNanos()) {
      discardedAfterDeadline++;
      crossedDeadline = true;
      return;
    }
    // a stale read is a judgement of a read already recorded, not an operation that waited for its slot
    long fromIntended = !measureIntended || op == Operation.STALE_READ ? -1
        : intendedStartNanos >= 0 ? endNanos - intendedStartNanos : endNanos - startNanos;
    add(op, status, endNanos - startNanos, fromIntended, tries, valueBytes, recorder);
    lastRecordedEndNanos = endNanos;
    if (op.isCall()) {
      callsRecorded++;
      anyCallFailed |= !status.isOk();
    }
  }

  private void add(Operation op, Status status, long latency, long fromIntended, int tries, long valueBytes,
                   WorkerRecorder recorder) {
    if (pending == CAPACITY) {
      flush(recorder, false, false);
    }
    // long-lived arrays: a reference stored only when it changes (see PlannedOperation.clear)
    if (ops[pending] != op) {
      ops[pending] = op;
    }
    if (statuses[pending] != status) {
      statuses[pending] = status;
    }
    latencies[pending] = latency;
    intended[pending] = fromIntended;
    retries[pending] = tries;
    bytes[pending] = valueBytes;
    pending++;
  }

  /**
   * Ends the operation: counts it if any of its calls completed inside the window, and makes
   * ready for the next.
   *
   * @param recorder where it is recorded
   * @param failedWithoutCall whether the workload itself failed before any call
   */
  void end(WorkerRecorder recorder, boolean failedWithoutCall) {
    if (callsRecorded > 0) {
      if (measureIntended && intendedStartNanos >= 0 && firstCallStartNanos >= 0) {
        // the client's own delay: how late the operation's first call started against its slot
        add(Operation.START_LAG, null, firstCallStartNanos - intendedStartNanos, -1, 0, 0, recorder);
      }
      flush(recorder, true, anyCallFailed);
    } else if (failedWithoutCall && window.clock().nanoTime() <= window.deadlineNanos()) {
      flush(recorder, true, true);
    } else {
      if (pending > 0) {
        flush(recorder, false, false);
      }
      if (crossedDeadline) {
        recordUnfinished(recorder);
      }
    }
    crossedDeadline = false;
    callsRecorded = 0;
    anyCallFailed = false;
    firstCallStartNanos = -1;
  }

  /**
   * Records the operation as unfinished, at its lateness at the deadline (a lower bound of its
   * latency), when it was due before the deadline: one whose calls all ended after it, or one
   * still in flight when the wait for it ended. Recorded once: the runner may have claimed it.
   */
  void recordUnfinished(WorkerRecorder recorder) {
    long due = dueNanos();
    long deadline = window.deadlineNanos();
    if (measureIntended && due >= 0 && due < deadline && claim.claim()) {
      recorder.recordOne(Operation.UNFINISHED, Outcome.INTENDED, deadline - due);
    }
  }

  private void flush(WorkerRecorder recorder, boolean countOperation, boolean operationFailed) {
    recorder.recordAll(ops, statuses, latencies, intended, retries, bytes, pending, countOperation, operationFailed);
    pending = 0;
  }

  /** @return when the operation was due: its intended start, else its first call's start; -1 if unknown */
  long dueNanos() {
    return intendedStartNanos >= 0 ? intendedStartNanos : firstCallStartNanos;
  }

  long lastRecordedEndNanos() {
    return lastRecordedEndNanos;
  }

  long discardedAfterDeadline() {
    return discardedAfterDeadline;
  }
}
