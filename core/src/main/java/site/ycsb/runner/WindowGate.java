package site.ycsb.runner;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The windowed mode's promise: no window of {@code throttle.window} holds more operation starts
 * than the profile offers in it (rounded up) plus one per worker. Remembers the most recent
 * starts in a ring; a start is let through when the start that many places back is at least a
 * window old. Lock-free: a start is claimed with one compare-and-set on the count, then its time
 * is written; a reader that overtakes a write in progress sees an older time, which lets one
 * more start through, so the allowance covers it.
 */
final class WindowGate {
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
  private static final long LONG_AGO = Long.MIN_VALUE / 4;

  private final long windowNanos;
  private final int allowance;
  private final long[] starts;
  private final int mask;
  private final AtomicLong count = new AtomicLong();

  /**
   * @param windowNanos the window's length
   * @param allowance starts allowed beyond the profile's share (one per worker)
   * @param mostPerWindow the most starts any window may hold, share and allowance included
   */
  WindowGate(long windowNanos, int allowance, long mostPerWindow) {
    this.windowNanos = windowNanos;
    this.allowance = allowance;
    int need = (int) Math.min(ThrottleSettings.MOST_PER_WINDOW, Math.max(2, mostPerWindow + 1));
    int size = Integer.highestOneBit(need - 1) << 1;
    this.starts = new long[size];
    this.mask = size - 1;
    Arrays.fill(starts, LONG_AGO);
  }

  /** @return the window's length */
  long windowNanos() {
    return windowNanos;
  }

  /** Forgets every start: a new schedule begins. */
  void reset() {
    Arrays.fill(starts, LONG_AGO);
    count.set(0);
  }

  /**
   * Lets a start through if the window ending now has room for it.
   *
   * @param nowNanos now
   * @param share operations the profile offers in the window ending now
   * @return 0 when the start was let through (and is counted), else how long to wait before asking again
   */
  long tryStart(long nowNanos, double share) {
    long most = (long) Math.ceil(share - 1e-9) + allowance;
    if (most > mask) {
      most = mask;
    }
    while (true) {
      long k = count.get();
      if (k >= most) {
        long oldest = (long) SLOT.getAcquire(starts, (int) ((k - most) & mask));
        long free = oldest + windowNanos - nowNanos;
        if (free > 0) {
          return free;
        }
      }
      if (count.compareAndSet(k, k + 1)) {
        SLOT.setRelease(starts, (int) (k & mask), nowNanos);
        return 0;
      }
    }
  }
}
