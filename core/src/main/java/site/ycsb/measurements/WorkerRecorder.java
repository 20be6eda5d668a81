package site.ycsb.measurements;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import site.ycsb.Status;

/**
 * The recorder one worker thread writes into, without locks: the worker records into the
 * active {@link IntervalStats}; a reader thread swaps in a fresh one and reads the finished one
 * once the write that may have started before the swap has ended.
 *
 * <p>There is exactly one writer, so a sequence number does what a general writer-reader phaser
 * does with two atomic increments per write: the writer makes it odd (a volatile store, whose
 * fence keeps the read of the active interval after it) and even again when done (a plain
 * release store). A reader that has swapped the interval and still sees the number odd waits
 * until it changes; if it sees it even, any later write already reads the new interval. This
 * halves the fenced instructions on the path every operation takes.
 */
public final class WorkerRecorder {
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
  /** Longs on each side of the sequence number: 64 bytes, a cache line. */
  private static final int PAD = 8;

  /**
   * The sequence number, odd while the writer is recording, alone in the middle of its array:
   * recorders of different workers are allocated next to each other, and a sequence number
   * sharing a cache line with another worker's would make each write miss the cache.
   */
  private final long[] sequence = new long[2 * PAD + 1];
  private final RecordingOptions options;
  private final boolean tracksErrorCodes;
  private volatile IntervalStats active;
  private IntervalStats spare;

  /** A recorder of the standard figures. */
  public WorkerRecorder() {
    this(RecordingOptions.STANDARD);
  }

  /** @param options what is recorded beyond the standard figures */
  public WorkerRecorder(RecordingOptions options) {
    this.options = options;
    this.tracksErrorCodes = options.tracksErrorCodes();
    active = new IntervalStats(options.rawSamples());
    spare = new IntervalStats(options.rawSamples());
  }

  /**
   * Records the calls of one workload operation and counts the operation, in one critical section.
   * Called only by the owning worker thread.
   *
   * @param ops the operations of the calls
   * @param statuses their return codes
   * @param latencies their latencies from actual start (ns)
   * @param intended their latencies from intended start (ns), negative when not measured
   * @param retries their retries
   * @param n how many entries of the arrays to record
   * @param countOperation whether to count one workload operation
   * @param operationFailed whether that operation failed
   */
  public void recordAll(Operation[] ops, Status[] statuses, long[] latencies, long[] intended, int[] retries,
                        int n, boolean countOperation, boolean operationFailed) {
    recordAll(ops, statuses, latencies, intended, retries, null, n, countOperation, operationFailed);
  }

  /**
   * Records the calls of one workload operation with the bytes of their values, and counts the
   * operation, in one critical section. Called only by the owning worker thread.
   *
   * @param ops the operations of the calls
   * @param statuses their return codes
   * @param latencies their latencies from actual start (ns)
   * @param intended their latencies from intended start (ns), negative when not measured
   * @param retries their retries
   * @param bytes the bytes of the values each call wrote or read, or null for none
   * @param n how many entries of the arrays to record
   * @param countOperation whether to count one workload operation
   * @param operationFailed whether that operation failed
   */
  public void recordAll(Operation[] ops, Status[] statuses, long[] latencies, long[] intended, int[] retries,
                        long[] bytes, int n, boolean countOperation, boolean operationFailed) {
    long inside = (long) SLOT.get(sequence, PAD) + 1;
    SLOT.setVolatile(sequence, PAD, inside);
    try {
      IntervalStats s = active;
      for (int i = 0; i < n; i++) {
        int o = ops[i].ordinal();
        // no status: a figure of the schedule (start lag), not a call
        boolean ok = statuses[i] == null || statuses[i].isOk();
        s.at(o, ok ? 0 : 1).record(latencies[i], statuses[i], retries[i], bytes == null ? 0 : bytes[i]);
        if (intended[i] >= 0) {
          s.at(o, 2).record(intended[i], null, 0);
        }
        if (!ok && tracksErrorCodes && tracked(statuses[i])) {
          s.atErrorCode(o, statuses[i].getName()).record(latencies[i], statuses[i], retries[i]);
        }
      }
      if (s.raw() != null) {
        recordRaw(s.raw(), ops, statuses, latencies, n);
      }
      if (countOperation) {
        s.recordTransaction(operationFailed);
      }
    } finally {
      SLOT.setRelease(sequence, PAD, inside + 1);
    }
  }

  private boolean tracked(Status status) {
    return options.everyErrorCode() || options.trackedErrorCodes().contains(status.getName());
  }

  /**
   * The calls of one workload operation ran one after the other and the last ended just now, so
   * each call's end is now less the latencies of the calls after it. A compound entry
   * (read-modify-write, verification) spans calls already counted and takes no time of its own.
   */
  private static void recordRaw(RawSamples raw, Operation[] ops, Status[] statuses, long[] latencies, int n) {
    long nowMillis = System.currentTimeMillis();
    long laterNanos = 0;
    int first = raw.size();
    for (int i = n - 1; i >= 0; i--) {
      if (statuses[i] == null) {
        // a figure of the schedule (start lag), not a call
        continue;
      }
      raw.add(ops[i], !statuses[i].isOk(), nowMillis - laterNanos / 1_000_000L, latencies[i]);
      if (ops[i].isCall()) {
        laterNanos += latencies[i];
      }
    }
    raw.reverseFrom(first);
  }

  /**
   * Records one value outside any operation (a slot the throttle gave up, an operation the
   * deadline cut off). Called only by the owning thread.
   *
   * @param op the kind
   * @param outcome the figures it belongs to
   * @param nanos the value
   */
  public void recordOne(Operation op, Outcome outcome, long nanos) {
    long inside = (long) SLOT.get(sequence, PAD) + 1;
    SLOT.setVolatile(sequence, PAD, inside);
    try {
      active.at(op.ordinal(), outcome.ordinal()).record(nanos, null, 0);
    } finally {
      SLOT.setRelease(sequence, PAD, inside + 1);
    }
  }

  /**
   * Records what a binding or workload measured itself through {@link Measurements}: a latency, a
   * return code, or both. A name the engine uses for its own figures ({@code VERIFY},
   * {@code READ-MODIFY-WRITE}, {@code UPDATE}...) adds to those, as it did upstream, where one
   * name was one set of figures; any other name gets figures of its own. Called only by the
   * owning thread (or under this recorder's lock, for the phase's shared recorder).
   *
   * @param name the section name
   * @param intended whether the latency is from the intended start ({@code [Intended-NAME]})
   * @param nanos the latency, or negative for none
   * @param status the return code, or null for none
   */
  public void recordNamed(String name, boolean intended, long nanos, Status status) {
    long inside = (long) SLOT.get(sequence, PAD) + 1;
    SLOT.setVolatile(sequence, PAD, inside);
    try {
      Operation op = Operation.fromLabel(name);
      LatencyStats s = op != null
          ? active.at(op.ordinal(), (intended ? Outcome.INTENDED : Outcome.OK).ordinal())
          : active.namedAt(name, intended);
      if (nanos >= 0) {
        s.record(nanos, status, 0);
      } else if (status != null) {
        s.countStatus(status);
      }
    } finally {
      SLOT.setRelease(sequence, PAD, inside + 1);
    }
  }

  /**
   * Swaps the interval and adds the finished one to {@code into}. Called by one reader thread
   * at a time.
   *
   * @param into receives everything recorded since the previous swap
   */
  public synchronized void drainInto(IntervalStats into) {
    spare.reset();
    IntervalStats finished = active;
    active = spare;
    long seen = (long) SLOT.getVolatile(sequence, PAD);
    if ((seen & 1) != 0) {
      // the writer entered before the swap and may still be writing into the finished interval
      while ((long) SLOT.getVolatile(sequence, PAD) == seen) {
        Thread.onSpinWait();
      }
    }
    spare = finished;
    into.add(finished);
  }
}
