package site.ycsb.durability;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client's write sequence numbers and the first one still in flight. A write that completed
 * before another was sent is ordered before it; writes in flight together are not ordered, and a
 * database may apply them either way. So a read that returns a write numbered at or above the
 * first one in flight when the expected write was sent saw a write that may legitimately be the
 * newest: only an older one is stale. Lock-free: completions are marked in a ring, and the first
 * number in flight moves over the marked ones.
 */
final class WriteSequence {
  private static final int RING = 1 << 20;
  private static final int MASK = RING - 1;
  private static final VarHandle DONE = MethodHandles.arrayElementVarHandle(byte[].class);

  private final AtomicLong next;
  /** Every number below it has completed. */
  private final AtomicLong firstInFlight;
  private final byte[] done = new byte[RING];

  /** @param first the first number */
  WriteSequence(long first) {
    next = new AtomicLong(first);
    firstInFlight = new AtomicLong(first);
  }

  /** @return the number of a write about to be sent */
  long issue() {
    long s = next.getAndIncrement();
    long first = firstInFlight.get();
    if (s - first >= RING) {
      // a write in flight for more than a million others (a call stuck past every timeout) no
      // longer holds back the order of the rest
      firstInFlight.compareAndSet(first, s - RING + 1);
    }
    return s;
  }

  /** Marks a write complete, acknowledged or failed. */
  void complete(long s) {
    DONE.setRelease(done, (int) (s & MASK), (byte) 1);
    while (true) {
      long f = firstInFlight.get();
      int at = (int) (f & MASK);
      if (f >= next.get() || (byte) DONE.getAcquire(done, at) == 0) {
        return;
      }
      if (firstInFlight.compareAndSet(f, f + 1)) {
        DONE.setRelease(done, at, (byte) 0);
      }
    }
  }

  /** @return the first number still in flight: every write below it completed */
  long firstInFlight() {
    return firstInFlight.get();
  }
}
