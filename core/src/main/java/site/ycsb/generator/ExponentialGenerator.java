package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * Exponentially distributed values: small values (recent items, counted back from the newest)
 * are the most likely. Configured either by a mean or by "this percentage of draws falls below
 * this value" ({@code exponential.percentile}, {@code exponential.frac}).
 */
public class ExponentialGenerator extends NumberGenerator {
  /** Property: the percentage of draws that fall within {@code exponential.frac} of the records. */
  public static final String EXPONENTIAL_PERCENTILE_PROPERTY = "exponential.percentile";
  /** Default of {@link #EXPONENTIAL_PERCENTILE_PROPERTY}. */
  public static final String EXPONENTIAL_PERCENTILE_DEFAULT = "95";
  /** Property: the fraction of the records that {@code exponential.percentile} of the draws fall in. */
  public static final String EXPONENTIAL_FRAC_PROPERTY = "exponential.frac";
  /** Default of {@link #EXPONENTIAL_FRAC_PROPERTY}: one seventh. */
  public static final String EXPONENTIAL_FRAC_DEFAULT = "0.8571428571";

  private final double gamma;

  /**
   * @param mean the mean of the continuous distribution ({@link #nextValue()}); the whole numbers
   *     of {@link #nextLong()} are those values rounded down
   */
  public ExponentialGenerator(double mean) {
    super(null);
    if (!(mean > 0) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("exponential mean must be a finite number > 0, was " + mean);
    }
    this.gamma = 1.0 / mean;
  }

  /**
   * @param percentile the share (in percent) of draws below {@code range}
   * @param range the value below which that share falls
   */
  public ExponentialGenerator(double percentile, double range) {
    this(percentile, range, null);
  }

  /**
   * @param percentile the share (in percent) of draws below {@code range}
   * @param range the value below which that share falls
   * @param random a fixed random source, or null
   */
  public ExponentialGenerator(double percentile, double range, RandomGenerator random) {
    super(random);
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("exponential percentile must be in (0, 100), was " + percentile);
    }
    if (!(range > 0) || Double.isInfinite(range)) {
      throw new IllegalArgumentException("exponential range must be a finite number > 0, was " + range);
    }
    this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
  }

  /**
   * @param mean the mean of the distribution
   * @return a generator with that mean
   */
  public static ExponentialGenerator withMean(double mean) {
    // 1 - 1/e of the draws fall below the mean
    return new ExponentialGenerator((1.0 - Math.exp(-1.0)) * 100.0, mean);
  }

  @Override
  public long nextLong() {
    return remember((long) draw());
  }

  private double draw() {
    return -Math.log(1.0 - random().nextDouble()) / gamma;
  }

  /**
   * @return the next value of the continuous distribution, as upstream returns it; {@link #nextLong()}
   *     gives the same values rounded down
   */
  @Override
  public Double nextValue() {
    double v = draw();
    remembered((long) v);
    return v;
  }

  /**
   * @return the mean of the whole numbers {@link #nextLong()} returns: they are rounded down, so
   *     1/(e^gamma - 1), not the 1/gamma of the continuous values
   */
  @Override
  public double mean() {
    return 1.0 / Math.expm1(gamma);
  }
}
