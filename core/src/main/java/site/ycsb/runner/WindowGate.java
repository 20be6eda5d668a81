package site.ycsb.runner;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The windowed mode's promise: no window of {@code throttle.window} holds more operation starts
 * than the profile offers in it, plus the allowance (a part of that share), rounded up, plus one
 * per worker. Remembers the most recent
 * starts in a ring; a start is let through when the start that many places back is at least a
 * window old. Lock-free: a start is claimed with one compare-and-set on the count, then its time
 * and its number are written; a reader that finds the number not yet there (a writer descheduled
 * between the two steps) waits a moment rather than read an older time.
 */
final class WindowGate {
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
  private static final long LONG_AGO = Long.MIN_VALUE / 4;
  private static final long WRITE_PENDING_NANOS = 20_000L;

  private final long windowNanos;
  private final int allowance;
  private final double shareAllowance;
  private final long[] starts;
  /** The number of the start whose time each place of the ring holds, written after the time. */
  private final long[] numbers;
  private final int mask;
  private final AtomicLong count = new AtomicLong();
  /** Workers that found the window full, and those that have left the wait: their difference is the queue. */
  private final AtomicLong queued = new AtomicLong();
  private final AtomicLong leftQueue = new AtomicLong();

  /**
   * @param windowNanos the window's length
   * @param allowance starts allowed beyond the profile's share (one per worker)
   * @param shareAllowance the part of the share allowed beyond it (0.01: 1%)
   * @param mostPerWindow the most starts any window may hold, share and allowance included
   */
  WindowGate(long windowNanos, int allowance, double shareAllowance, long mostPerWindow) {
    this.windowNanos = windowNanos;
    this.allowance = allowance;
    this.shareAllowance = shareAllowance;
    int need = (int) Math.min(ThrottleSettings.MOST_PER_WINDOW, Math.max(2, mostPerWindow + 1));
    int size = Integer.highestOneBit(need - 1) << 1;
    this.starts = new long[size];
    this.numbers = new long[size];
    this.mask = size - 1;
    Arrays.fill(starts, LONG_AGO);
    Arrays.fill(numbers, -1);
  }

  /** @return the caller's place in the queue of workers waiting for room; it leaves with {@link #leaveQueue} */
  long queue() {
    return queued.getAndIncrement();
  }

  /** A worker that waited for room started, or gave its slot up. */
  void leaveQueue() {
    leftQueue.incrementAndGet();
  }

  /** @return the window's length */
  long windowNanos() {
    return windowNanos;
  }

  /**
   * Lets a start through if the window ending now has room for it.
   *
   * @param nowNanos now
   * @param share operations the profile offers in the window ending now
   * @param place the asking worker's place in the queue of those waiting for room ({@link #queue}),
   *     or -1 before it waits. A full window frees one place at a time, and waking every waiting
   *     worker at each would cost a wake-up per worker per start, on a busy machine the cores' time
   *     the workers need to catch up; so each waits for the place its turn will take. A hint only:
   *     whoever asks first when a place is free takes it
   * @return 0 when the start was let through (and is counted), else how long to wait before asking again
   */
  long tryStart(long nowNanos, double share, long place) {
    long ahead = place < 0 ? 0 : Math.max(0, place - leftQueue.get());
    long most = (long) Math.ceil(share * (1 + shareAllowance) - 1e-9) + allowance;
    if (most > mask) {
      most = mask;
    }
    while (true) {
      long k = count.get();
      if (k >= most) {
        int at = (int) ((k - most) & mask);
        if ((long) SLOT.getAcquire(numbers, at) != k - most) {
          // that start is claimed but its time not yet written
          return WRITE_PENDING_NANOS;
        }
        long free = starts[at] + windowNanos - nowNanos;
        if (free > 0) {
          long turn = k - most + Math.min(ahead, most - 1);
          int turnAt = (int) (turn & mask);
          if (turn > k - most && (long) SLOT.getAcquire(numbers, turnAt) == turn) {
            free = Math.max(free, starts[turnAt] + windowNanos - nowNanos);
          }
          return free;
        }
      }
      if (count.compareAndSet(k, k + 1)) {
        int at = (int) (k & mask);
        starts[at] = nowNanos;
        SLOT.setRelease(numbers, at, k);
        return 0;
      }
    }
  }
}
