package site.ycsb.runner;

import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * An asynchronous worker's places in flight: the operations it keeps, reused from one to the
 * next, and which of them are free. The worker's thread alone uses it (live metrics read how
 * many are taken).
 */
final class Places {
  private final OperationSlot[] all;
  private final OperationSlot[] free;
  private int freeCount;

  /**
   * @param n how many places
   * @param make makes the operation of place i
   */
  Places(int n, IntFunction<OperationSlot> make) {
    all = new OperationSlot[n];
    free = new OperationSlot[n];
    for (int i = 0; i < n; i++) {
      all[i] = make.apply(i);
      free[i] = all[i];
    }
    freeCount = n;
  }

  boolean anyFree() {
    return freeCount > 0;
  }

  boolean allFree() {
    return freeCount == all.length;
  }

  /** @return places taken; from another thread (live metrics) a plain read, at times a moment old */
  int inUse() {
    return all.length - freeCount;
  }

  /** @return a free place, now taken; only when one is free */
  OperationSlot take() {
    OperationSlot s = free[--freeCount];
    s.busy = true;
    return s;
  }

  /** Frees the place of an operation that ended. */
  void release(OperationSlot s) {
    s.busy = false;
    free[freeCount++] = s;
  }

  /**
   * Ends the part: what each place discarded after the deadline, and the places still taken.
   *
   * @param stillTaken called with each operation still in flight
   * @return the calls that completed after the deadline and were not recorded, over all places
   */
  long end(Consumer<OperationSlot> stillTaken) {
    long discarded = 0;
    for (OperationSlot s : all) {
      discarded += s.calls.discardedAfterDeadline();
      if (s.busy) {
        stillTaken.accept(s);
      }
    }
    return discarded;
  }
}
