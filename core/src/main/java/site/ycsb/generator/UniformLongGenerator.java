package site.ycsb.generator;

import java.util.random.RandomGenerator;

/** Uniformly distributed longs in [lower, upper], both inclusive. */
public class UniformLongGenerator extends NumberGenerator {
  private final long lower;
  private final long upper;

  /**
   * @param lower the smallest value
   * @param upper the largest value
   */
  public UniformLongGenerator(long lower, long upper) {
    this(lower, upper, null);
  }

  /**
   * @param lower the smallest value
   * @param upper the largest value
   * @param random a fixed random source, or null
   */
  public UniformLongGenerator(long lower, long upper, RandomGenerator random) {
    super(random);
    if (upper < lower) {
      throw new IllegalArgumentException("uniform range is empty: [" + lower + ", " + upper + "]");
    }
    this.lower = lower;
    this.upper = upper;
  }

  @Override
  public long nextLong() {
    long v;
    if (upper != Long.MAX_VALUE) {
      v = random().nextLong(lower, upper + 1);
    } else if (lower != Long.MIN_VALUE) {
      // upper + 1 would overflow: shift the half-open range down by one instead
      v = random().nextLong(lower - 1, upper) + 1;
    } else {
      v = random().nextLong();
    }
    return remember(v);
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  @Override
  public double mean() {
    return (lower + (double) upper) / 2.0;
  }
}
