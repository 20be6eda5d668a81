package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * A hot set and a cold set: a fraction {@code hotOpnFraction} of draws fall uniformly into the
 * first {@code hotsetFraction} of [lower, upper], the rest uniformly into the remainder.
 */
public class HotspotIntegerGenerator extends NumberGenerator {
  private final long lower;
  private final long upper;
  private final double hotsetFraction;
  private final long hotInterval;
  private final long coldInterval;
  private final double hotOpnFraction;

  /**
   * @param lower the smallest value
   * @param upper the largest value
   * @param hotsetFraction the share of the range that is hot, in [0, 1]
   * @param hotOpnFraction the share of draws that go to the hot set, in [0, 1]
   */
  public HotspotIntegerGenerator(long lower, long upper, double hotsetFraction, double hotOpnFraction) {
    this(lower, upper, hotsetFraction, hotOpnFraction, null);
  }

  /**
   * @param lower the smallest value
   * @param upper the largest value
   * @param hotsetFraction the share of the range that is hot, in [0, 1]
   * @param hotOpnFraction the share of draws that go to the hot set, in [0, 1]
   * @param random a fixed random source, or null
   */
  public HotspotIntegerGenerator(long lower, long upper, double hotsetFraction, double hotOpnFraction,
                                 RandomGenerator random) {
    super(random);
    if (upper < lower) {
      throw new IllegalArgumentException("hotspot range is empty: [" + lower + ", " + upper + "]");
    }
    if (hotsetFraction < 0 || hotsetFraction > 1 || hotOpnFraction < 0 || hotOpnFraction > 1) {
      throw new IllegalArgumentException("hotspot fractions must be in [0, 1]");
    }
    this.lower = lower;
    this.upper = upper;
    this.hotsetFraction = hotsetFraction;
    long interval = upper - lower + 1;
    this.hotInterval = (long) (interval * hotsetFraction);
    this.coldInterval = interval - hotInterval;
    this.hotOpnFraction = hotOpnFraction;
    remember(lower);
  }

  @Override
  public long nextLong() {
    RandomGenerator r = random();
    boolean hot = hotInterval > 0 && (coldInterval == 0 || r.nextDouble() < hotOpnFraction);
    long v = hot ? lower + r.nextLong(hotInterval) : lower + hotInterval + r.nextLong(coldInterval);
    return remember(v);
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  /** @return the smallest value */
  public long getLowerBound() {
    return lower;
  }

  /** @return the largest value */
  public long getUpperBound() {
    return upper;
  }

  /** @return the share of the range that is hot */
  public double getHotsetFraction() {
    return hotsetFraction;
  }

  /** @return the share of draws that go to the hot set */
  public double getHotOpnFraction() {
    return hotOpnFraction;
  }

  @Override
  public double mean() {
    double hotMean = lower + (hotInterval - 1) / 2.0;
    double coldMean = lower + hotInterval + (coldInterval - 1) / 2.0;
    if (hotInterval == 0) {
      return coldMean;
    }
    if (coldInterval == 0) {
      return hotMean;
    }
    return hotOpnFraction * hotMean + (1 - hotOpnFraction) * coldMean;
  }
}
