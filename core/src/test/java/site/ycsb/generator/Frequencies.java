package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counting and goodness-of-fit helpers shared by the generator tests. Every test draws from a
 * fixed seed, so a result is reproducible; the bounds are still set at a one-in-ten-thousand
 * level so that a change of seed would not make a correct generator fail.
 */
final class Frequencies {
  /** The standard normal quantile for an upper tail of 1e-4. */
  private static final double Z_1E4 = 3.719;

  private Frequencies() {
  }

  /**
   * Counts draws per value of a generator over [min, min + buckets - 1], failing on a value outside.
   *
   * @return the count of each value, index 0 being {@code min}
   */
  static long[] count(NumberGenerator generator, long min, int buckets, int draws) {
    long[] counts = new long[buckets];
    for (int i = 0; i < draws; i++) {
      long v = generator.nextLong();
      long index = v - min;
      if (index < 0 || index >= buckets) {
        throw new AssertionError("draw " + i + " gave " + v + ", outside [" + min + ", "
            + (min + buckets - 1) + "]");
      }
      counts[(int) index]++;
    }
    return counts;
  }

  /** @return Pearson's chi-square statistic of the counts against the given probabilities */
  static double chiSquare(long[] observed, double[] probabilities) {
    long total = 0;
    for (long o : observed) {
      total += o;
    }
    double chi = 0;
    for (int i = 0; i < observed.length; i++) {
      double expected = probabilities[i] * total;
      double d = observed[i] - expected;
      chi += d * d / expected;
    }
    return chi;
  }

  /**
   * The chi-square value exceeded with probability 1e-4 for {@code df} degrees of freedom
   * (Wilson–Hilferty approximation, good to a fraction of a percent for df of 10 and more).
   */
  static double chiSquareLimit(int df) {
    double c = 2.0 / (9.0 * df);
    double q = 1.0 - c + Z_1E4 * Math.sqrt(c);
    return df * q * q * q;
  }

  /** Asserts the counts fit the probabilities (chi-square at the 1e-4 level). */
  static void assertFits(long[] observed, double[] probabilities, String what) {
    double chi = chiSquare(observed, probabilities);
    double limit = chiSquareLimit(observed.length - 1);
    assertTrue(chi < limit, what + ": chi-square " + chi + " over " + (observed.length - 1)
        + " degrees of freedom exceeds " + limit);
  }

  /** @return equal probabilities for n values */
  static double[] uniform(int n) {
    double[] p = new double[n];
    java.util.Arrays.fill(p, 1.0 / n);
    return p;
  }

  /** @return the sum of counts[from..to) */
  static long sum(long[] counts, int from, int to) {
    long s = 0;
    for (int i = from; i < to; i++) {
      s += counts[i];
    }
    return s;
  }

  /** @return counts[from..to) as a new array */
  static long[] slice(long[] counts, int from, int to) {
    return java.util.Arrays.copyOfRange(counts, from, to);
  }

  /** Asserts |actual / expected - 1| is at most {@code relative}. */
  static void assertRelative(double expected, double actual, double relative, String what) {
    double error = Math.abs(actual / expected - 1.0);
    assertTrue(error <= relative, what + ": expected " + expected + " within " + relative * 100
        + "%, was " + actual + " (" + String.format("%.2f", error * 100) + "% off)");
  }
}
