package site.ycsb.measurements;

import java.util.Arrays;

/**
 * Every call of one interval as recorded ({@code measurementtype=raw}): its section, when it ended
 * on the wall clock and its latency, in growing primitive arrays. Exists only when raw output
 * was asked for; the arrays are kept across intervals, so a steady run stops allocating.
 */
public final class RawSamples {
  private Operation[] ops = new Operation[256];
  private boolean[] failed = new boolean[256];
  private long[] endEpochMillis = new long[256];
  private long[] latencyNanos = new long[256];
  private int size;

  void add(Operation op, boolean callFailed, long endMillis, long nanos) {
    if (size == ops.length) {
      int n = size * 2;
      ops = Arrays.copyOf(ops, n);
      failed = Arrays.copyOf(failed, n);
      endEpochMillis = Arrays.copyOf(endEpochMillis, n);
      latencyNanos = Arrays.copyOf(latencyNanos, n);
    }
    ops[size] = op;
    failed[size] = callFailed;
    endEpochMillis[size] = endMillis;
    latencyNanos[size] = nanos;
    size++;
  }

  void addAll(RawSamples other) {
    for (int i = 0; i < other.size; i++) {
      add(other.ops[i], other.failed[i], other.endEpochMillis[i], other.latencyNanos[i]);
    }
  }

  /** Reverses the order of the entries from {@code from} on (added last call first). */
  void reverseFrom(int from) {
    for (int i = from, j = size - 1; i < j; i++, j--) {
      Operation o = ops[i];
      ops[i] = ops[j];
      ops[j] = o;
      boolean f = failed[i];
      failed[i] = failed[j];
      failed[j] = f;
      long e = endEpochMillis[i];
      endEpochMillis[i] = endEpochMillis[j];
      endEpochMillis[j] = e;
      long l = latencyNanos[i];
      latencyNanos[i] = latencyNanos[j];
      latencyNanos[j] = l;
    }
  }

  void clear() {
    size = 0;
  }

  /** @return the number of calls held */
  public int size() {
    return size;
  }

  /** @return the section of call {@code i}: {@code READ} or {@code READ-FAILED} */
  public String section(int i) {
    return (failed[i] ? Outcome.FAILED : Outcome.OK).section(ops[i]);
  }

  /** @return when call {@code i} ended, epoch milliseconds */
  public long endEpochMillis(int i) {
    return endEpochMillis[i];
  }

  /** @return the latency of call {@code i} in nanoseconds */
  public long latencyNanos(int i) {
    return latencyNanos[i];
  }
}
