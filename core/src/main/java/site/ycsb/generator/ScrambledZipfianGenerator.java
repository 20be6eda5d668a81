package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * Zipf-distributed popularity spread over the key range: the popular items are scattered
 * rather than clustered at the start. A zipfian draw over a very large item space is hashed
 * onto [min, max], so the popularity law holds (approximately) whatever the range size.
 */
public class ScrambledZipfianGenerator extends NumberGenerator {
  /** The size of the item space drawn from before hashing. */
  public static final long ITEM_SPACE = 10_000_000_000L;
  /** Upstream's name for {@link #ITEM_SPACE}. */
  public static final long ITEM_COUNT = ITEM_SPACE;
  /** The skew upstream's item space was sized for. */
  public static final double USED_ZIPFIAN_CONSTANT = ZipfianGenerator.ZIPFIAN_CONSTANT;
  /** The sum of 1/i^0.99 over the item space: the normalising constant upstream precomputed. */
  public static final double ZETAN = 26.46902820178302;

  /** @param items the number of items, drawn from [0, items-1] */
  public ScrambledZipfianGenerator(long items) {
    this(0, items - 1);
  }

  private final ZipfianGenerator zipfian;
  private final long min;
  private final long items;

  /**
   * @param min the smallest value
   * @param max the largest value
   */
  public ScrambledZipfianGenerator(long min, long max) {
    this(min, max, ZipfianGenerator.ZIPFIAN_CONSTANT, null);
  }

  /**
   * @param min the smallest value
   * @param max the largest value
   * @param theta the skew
   */
  public ScrambledZipfianGenerator(long min, long max, double theta) {
    this(min, max, theta, null);
  }

  /**
   * @param min the smallest value
   * @param max the largest value
   * @param theta the skew
   * @param random a fixed random source, or null
   */
  public ScrambledZipfianGenerator(long min, long max, double theta, RandomGenerator random) {
    super(random);
    this.min = min;
    this.items = max - min + 1;
    this.zipfian = new ZipfianGenerator(0, ITEM_SPACE - 1, theta, random);
    // only this generator draws from it; its last value is never asked for
    this.zipfian.withoutLastValue();
    remember(min);
  }

  @Override
  public long nextLong() {
    return remember(min + Math.floorMod(FnvHash.hash64(zipfian.nextLong()), items));
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  @Override
  public double mean() {
    return min + (items - 1) / 2.0;
  }
}
