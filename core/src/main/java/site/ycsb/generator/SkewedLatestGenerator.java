package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * Favours the most recently inserted items: a zipfian draw counted back from the newest
 * acknowledged key of a counter, so the distribution follows inserts as they happen.
 */
public class SkewedLatestGenerator extends NumberGenerator {
  private final CounterGenerator basis;
  private final ZipfianGenerator zipfian;

  /** @param basis the insert counter whose newest key is the most popular */
  public SkewedLatestGenerator(CounterGenerator basis) {
    this(basis, ZipfianGenerator.ZIPFIAN_CONSTANT, null);
  }

  /**
   * @param basis the insert counter whose newest key is the most popular
   * @param theta the skew
   * @param random a fixed random source, or null
   */
  public SkewedLatestGenerator(CounterGenerator basis, double theta, RandomGenerator random) {
    super(random);
    this.basis = basis;
    this.zipfian = new ZipfianGenerator(0, Math.max(0, basis.lastLong()), theta, random);
  }

  @Override
  public long nextLong() {
    long newest = basis.lastLong();
    if (newest < 0) {
      return remember(0);
    }
    return remember(newest - zipfian.nextLong(newest + 1));
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  @Override
  public double mean() {
    throw new UnsupportedOperationException("the latest distribution has no fixed mean");
  }
}
