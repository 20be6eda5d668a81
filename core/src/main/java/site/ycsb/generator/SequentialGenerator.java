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

  @Override
  public double mean() {
    return lower + (span - 1) / 2.0;
  }
}
