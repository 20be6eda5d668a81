package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A counter whose {@link #lastLong()} is the highest value below which every value has been
 * acknowledged: inserts hand out keys with {@link #nextLong()} and call {@link #acknowledge(long)}
 * when the record exists, so reads never pick a key whose insert is still in flight.
 *
 * <p>Acknowledgements are kept in a sliding window; a value more than the window size ahead of
 * the acknowledged limit blocks the acknowledging thread until the gap closes.
 */
public class AcknowledgedCounterGenerator extends CounterGenerator {
  private static final int WINDOW = 1 << 20;
  private static final int MASK = WINDOW - 1;

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

  /**
   * Marks a value handed out by {@link #nextLong()} as done.
   *
   * @param value the value
   */
  public void acknowledge(long value) {
    while (value - limit.get() > WINDOW) {
      Thread.onSpinWait();
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
}
