package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;

/** Cycles through [lower, upper] in order, wrapping around. */
public class SequentialGenerator extends NumberGenerator {
  private final long lower;
  private final long span;
  private final AtomicLong counter = new AtomicLong();

  /**
   * @param lower the first value
   * @param upper the last value before wrapping
   */
  public SequentialGenerator(long lower, long upper) {
    if (upper < lower) {
      throw new IllegalArgumentException("sequential range is empty: [" + lower + ", " + upper + "]");
    }
    this.lower = lower;
    this.span = upper - lower + 1;
    remember(lower);
  }

  @Override
  public long nextLong() {
    return remember(lower + Math.floorMod(counter.getAndIncrement(), span));
  }

  /** @return the next value, with upstream's declared type */
  @Override
  public Number nextValue() {
    return remembered(nextLong());
  }

  /** @return the value most recently returned to the calling thread */
  @Override
  public Number lastValue() {
    return lastLong();
  }

  @Override
  public double mean() {
    return lower + (span - 1) / 2.0;
  }
}
