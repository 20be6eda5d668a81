package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * A generator of long values. {@link #nextLong()} is the allocation-free form used on the
 * per-operation path; {@link #nextValue()} boxes.
 */
public abstract class NumberGenerator extends Generator<Long> {
  private volatile long last;

  protected NumberGenerator() {
    super();
  }

  protected NumberGenerator(RandomGenerator random) {
    super(random);
  }

  /** @return the next value */
  public abstract long nextLong();

  /** @return the mean of the distribution, where it is known */
  public abstract double mean();

  /** Remembers a value so {@link #lastLong()} can return it. */
  protected final long remember(long value) {
    last = value;
    return value;
  }

  /** @return the value most recently returned */
  public long lastLong() {
    return last;
  }

  @Override
  public Long nextValue() {
    return nextLong();
  }

  @Override
  public Long lastValue() {
    return lastLong();
  }
}
