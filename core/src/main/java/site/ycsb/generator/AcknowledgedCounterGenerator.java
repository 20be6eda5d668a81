package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A counter whose {@link #lastLong()} is the highest value below which every value has been
 * acknowledged: inserts hand out keys with {@link #nextLong()} and call {@link #acknowledge(long)}
 * when the record exists, so reads never pick a key whose insert is still in flight.
 *
 * <p>Acknowledgements are kept in a sliding window; a value more than the window size ahead of
 * the acknowledged limit waits for the gap to close, at most {@link #GAP_WAIT_NANOS}: a value
 * never acknowledged (its insert stuck in a driver call) must not hold every later insert. Past
 * that, the limit skips over the oldest unacknowledged values, which reads may then choose.
 */
public class AcknowledgedCounterGenerator extends CounterGenerator {
  private static final int WINDOW = 1 << 20;
  /** Upstream's name of the window size, which its tests in this package use. */
  static final int WINDOW_SIZE = WINDOW;
  private static final int MASK = WINDOW - 1;
  /** How long an acknowledgement waits for the window to move before the limit skips ahead. */
  static final long GAP_WAIT_NANOS = 1_000_000_000L;

  private final AtomicLongArray acked = new AtomicLongArray(WINDOW);
  private final AtomicLong limit;
  private final Object advance = new Object();

  /** @param start the first value */
  public AcknowledgedCounterGenerator(long start) {
    super(start);
    limit = new AtomicLong(start - 1);
    for (int i = 0; i < WINDOW; i++) {
      acked.set(i, Long.MIN_VALUE);
    }
  }

  /** @return the highest value such that it and every smaller handed-out value are acknowledged */
  @Override
  public long lastLong() {
    return limit.get();
  }

  @Override
  public Long lastValue() {
    return lastLong();
  }

  /**
   * Marks a value handed out by {@link #nextLong()} as done.
   *
   * @param value the value
   */
  public void acknowledge(long value) {
    if (value <= limit.get()) {
      // the limit skipped past it while its insert was stuck: its slot may hold a later value now
      return;
    }
    long waitingSince = 0;
    while (value - limit.get() > WINDOW) {
      long now = System.nanoTime();
      if (waitingSince == 0) {
        waitingSince = now;
      } else if (now - waitingSince > GAP_WAIT_NANOS) {
        skipTo(value - WINDOW);
        break;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(100_000L);
    }
    acked.set((int) (value & MASK), value);
    // only one thread moves the limit at a time; others have left their mark for it to find
    synchronized (advance) {
      long next = limit.get() + 1;
      while (acked.get((int) (next & MASK)) == next) {
        next++;
      }
      limit.set(next - 1);
    }
  }

  /** Moves the limit to at least {@code floor}, as if every value up to it had been acknowledged. */
  private void skipTo(long floor) {
    synchronized (advance) {
      if (limit.get() < floor) {
        limit.set(floor);
      }
    }
  }
}
