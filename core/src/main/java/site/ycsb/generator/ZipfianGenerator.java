package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * Zipf-distributed values over [min, max]: value {@code min + r - 1} (rank r) is drawn with
 * probability {@code r^-theta / zeta(n, theta)}, so {@code min} is the most popular item.
 *
 * <p>Draws exactly from that law by rejection-inversion (Hörmann and Derflinger, "Rejection-inversion
 * to generate variates from monotone discrete distributions", 1996): invert the integral of the
 * continuous density {@code x^-theta}, round to the nearest rank, and accept unless the point fell
 * into the thin sliver between the continuous area of that rank and its true weight. Nearly every
 * draw is accepted at once, no normalising constant is needed, and the item count can change
 * between draws at no cost (as with the "latest" distribution).
 *
 * <p>Draws from the item count the generator was made for use an equally exact but faster bucket
 * sampler ({@link ZipfianBuckets}); rejection-inversion serves counts that change.
 *
 * <p>Upstream YCSB uses the approximation of Gray et al. (SIGMOD 1994) instead, which is exact for
 * the two most popular items only; from rank 3 on it is up to ~18% off the law for theta = 0.99.
 */
public class ZipfianGenerator extends NumberGenerator {
  /** The skew YCSB has always used. */
  public static final double ZIPFIAN_CONSTANT = 0.99;

  /** Beyond this many items the tail of zeta is computed by Euler–Maclaurin instead of summed. */
  private static final long EXACT_ZETA_TERMS = 1_000_000L;

  private final long base;
  private final double theta;
  /** The lower end of the sampling interval: H(1.5) - h(1), so rank 1 is always accepted. */
  private final double lowerEnd;
  /**
   * A point within this distance left of a rank is always accepted (2 - H^-1(H(2.5) - h(2)); the
   * rejected sliver only shrinks for higher ranks), which saves the exact test on most draws.
   */
  private final double squeeze;
  /** The largest item count drawn from so far; {@link #nextLong()} draws from this many. */
  private volatile Extent extent;
  /** The item count the generator was made for, and a faster exact sampler for it. */
  private final Extent builtFor;
  private final ZipfianBuckets buckets;

  /** An item count with the upper end of its sampling interval, H(items + 0.5). */
  private static final class Extent {
    final long items;
    final double upperEnd;

    Extent(long items, double upperEnd) {
      this.items = items;
      this.upperEnd = upperEnd;
    }
  }

  /** @param items the number of items, drawn from [0, items-1] */
  public ZipfianGenerator(long items) {
    this(0, items - 1);
  }

  /**
   * @param items the number of items, drawn from [0, items-1]
   * @param theta the skew, &gt; 0
   */
  public ZipfianGenerator(long items, double theta) {
    this(0, items - 1, theta);
  }

  /**
   * @param min the most popular value
   * @param max the least popular value
   */
  public ZipfianGenerator(long min, long max) {
    this(min, max, ZIPFIAN_CONSTANT);
  }

  /**
   * Upstream's form with a precomputed normalising constant. This sampler needs none (see the
   * class comment), so {@code zetan} is not used; the draws follow the law for {@code theta}.
   *
   * @param min the most popular value
   * @param max the least popular value
   * @param theta the skew, &gt; 0
   * @param zetan the sum of 1/i^theta for i = 1..(max - min + 1), as upstream's callers computed it
   */
  public ZipfianGenerator(long min, long max, double theta, double zetan) {
    this(min, max, theta);
  }

  /**
   * @param min the most popular value
   * @param max the least popular value
   * @param theta the skew, &gt; 0
   */
  public ZipfianGenerator(long min, long max, double theta) {
    this(min, max, theta, null);
  }

  /**
   * @param min the most popular value
   * @param max the least popular value
   * @param theta the skew, &gt; 0
   * @param random a fixed random source, or null
   */
  public ZipfianGenerator(long min, long max, double theta, RandomGenerator random) {
    super(random);
    if (max < min) {
      throw new IllegalArgumentException("zipfian range is empty: [" + min + ", " + max + "]");
    }
    if (!(theta > 0) || Double.isInfinite(theta)) {
      throw new IllegalArgumentException("zipfian constant must be a finite number > 0, was " + theta);
    }
    this.base = min;
    this.theta = theta;
    this.lowerEnd = integral(1.5) - 1.0;
    this.squeeze = 2.0 - inverseIntegral(integral(2.5) - density(2.0));
    this.builtFor = extentOf(max - min + 1);
    this.extent = builtFor;
    this.buckets = new ZipfianBuckets(builtFor.items, theta);
    remember(min);
  }

  /**
   * The generalised harmonic number: the sum of {@code 1 / i^theta} for i = 1..n.
   *
   * @param n the number of terms
   * @param theta the exponent
   * @return the sum, exact to double precision up to a million terms and within 1e-9 relative beyond
   */
  public static double harmonicNumber(long n, double theta) {
    long exact = Math.min(n, EXACT_ZETA_TERMS);
    double sum = partialZeta(0, exact, theta);
    if (n > exact) {
      sum += tailZeta(exact, n, theta);
    }
    return sum;
  }

  /** Sum of 1/i^theta for i in (from, to]. */
  private static double partialZeta(long from, long to, double theta) {
    double sum = 0;
    for (long i = from + 1; i <= to; i++) {
      sum += 1.0 / Math.pow(i, theta);
    }
    return sum;
  }

  /** Euler–Maclaurin estimate of the sum of 1/i^theta for i in (a, n]. */
  private static double tailZeta(long a, long n, double theta) {
    double integral = theta == 1.0 ? Math.log((double) n / a)
        : (Math.pow(n, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta);
    double ends = (Math.pow(n, -theta) - Math.pow(a, -theta)) / 2.0;
    double firstDerivative = theta / 12.0 * (Math.pow(a, -theta - 1) - Math.pow(n, -theta - 1));
    return integral + ends + firstDerivative;
  }

  @Override
  public long nextLong() {
    Extent e = extent;
    // the per-operation path: the bucket sampler avoids exp/log on most draws
    return remember(e == builtFor ? base + buckets.draw(random()) - 1 : draw(e));
  }

  /**
   * Draws from the first {@code items} items (used by the "latest" distribution as records are
   * inserted). A larger count than before becomes the count {@link #nextLong()} draws from; a
   * smaller one applies to this draw only.
   *
   * @param items the number of items to draw from, at least 1
   * @return a value in [min, min + items - 1]
   */
  public long nextLong(long items) {
    if (items < 1) {
      throw new IllegalArgumentException("zipfian item count must be at least 1, was " + items);
    }
    Extent e = extent;
    if (items != e.items) {
      e = extentOf(items);
      if (items > extent.items) {
        grow(e);
      }
    }
    return remember(draw(e));
  }

  private synchronized void grow(Extent e) {
    if (e.items > extent.items) {
      extent = e;
    }
  }

  private Extent extentOf(long items) {
    return new Extent(items, integral(items + 0.5));
  }

  /** @return a rank in [0, items - 1], rank 0 being the most popular */
  private long draw(Extent e) {
    RandomGenerator r = random();
    while (true) {
      double u = e.upperEnd + r.nextDouble() * (lowerEnd - e.upperEnd);
      double x = inverseIntegral(u);
      // nearest rank, kept inside [1, items] against rounding at the ends
      long k = Math.max(1, Math.min(e.items, (long) (x + 0.5)));
      // the area over [k-0.5, k+0.5] is at least k^-theta; accept the part of it that is exactly that
      if (k - x <= squeeze || u >= integral(k + 0.5) - density(k)) {
        return base + k - 1;
      }
    }
  }

  /** h(x) = x^-theta. */
  private double density(double x) {
    return Math.exp(-theta * Math.log(x));
  }

  /** H(x) = (x^(1-theta) - 1) / (1-theta), the integral of h from 1; log x when theta = 1. */
  private double integral(double x) {
    double logX = Math.log(x);
    return expm1OverX((1.0 - theta) * logX) * logX;
  }

  /** The inverse of {@link #integral(double)}. */
  private double inverseIntegral(double y) {
    double t = (1.0 - theta) * y;
    // below -1 only through rounding at the far end when theta > 1
    if (t < -1.0) {
      t = -1.0;
    }
    return Math.exp(log1pOverX(t) * y);
  }

  /** (e^y - 1) / y, accurate near 0 (where theta is close to 1). */
  private static double expm1OverX(double y) {
    if (Math.abs(y) > 1e-8) {
      return Math.expm1(y) / y;
    }
    return 1.0 + y / 2.0 * (1.0 + y / 3.0);
  }

  /** log(1 + y) / y, accurate near 0. */
  private static double log1pOverX(double y) {
    if (Math.abs(y) > 1e-8) {
      return Math.log1p(y) / y;
    }
    return 1.0 - y * (0.5 - y / 3.0);
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  @Override
  public double mean() {
    throw new UnsupportedOperationException("the zipfian mean is not computed");
  }
}
