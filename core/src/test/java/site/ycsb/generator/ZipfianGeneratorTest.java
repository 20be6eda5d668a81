package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The zipfian law p(r) = r^-theta / zeta(n, theta), checked on large samples from fixed seeds. */
class ZipfianGeneratorTest {
  private static final int ITEMS = 1000;
  private static final int DRAWS = 2_000_000;

  /** @return p(r) for ranks 1..items, index 0 being rank 1 */
  private static double[] law(int items, double theta) {
    double zeta = ZipfianGenerator.harmonicNumber(items, theta);
    double[] p = new double[items];
    for (int r = 1; r <= items; r++) {
      p[r - 1] = Math.pow(r, -theta) / zeta;
    }
    return p;
  }

  @ParameterizedTest(name = "theta = {0}")
  @ValueSource(doubles = {0.5, 0.99, 1.2})
  void rankFrequenciesFollowTheLaw(double theta) {
    ZipfianGenerator zipf = new ZipfianGenerator(0, ITEMS - 1, theta, new SplittableRandom(42));
    long[] counts = Frequencies.count(zipf, 0, ITEMS, DRAWS);
    double[] p = law(ITEMS, theta);

    // the most popular ranks one by one (the approximation upstream YCSB uses is 16-19% off at rank 3)
    for (int r = 1; r <= 5; r++) {
      Frequencies.assertRelative(p[r - 1] * DRAWS, counts[r - 1], 0.03, "theta " + theta + " rank " + r);
    }
    // and every rank together
    Frequencies.assertFits(counts, p, "theta " + theta + " over " + ITEMS + " ranks");
  }

  @Test
  void largerThetaConcentratesOnTheTop() {
    double[] thetas = {0.5, 0.99, 1.2};
    double previousTop = 0;
    double previousTopTenth = 0;
    for (double theta : thetas) {
      ZipfianGenerator zipf = new ZipfianGenerator(0, ITEMS - 1, theta, new SplittableRandom(7));
      long[] counts = Frequencies.count(zipf, 0, ITEMS, 400_000);
      double top = counts[0] / 400_000.0;
      double topTenth = Frequencies.sum(counts, 0, ITEMS / 10) / 400_000.0;
      assertTrue(top > previousTop, "rank 1 share " + top + " at theta " + theta + " not above " + previousTop);
      assertTrue(topTenth > previousTopTenth, "top 10% share " + topTenth + " at theta " + theta);
      double expectedTopTenth = ZipfianGenerator.harmonicNumber(ITEMS / 10, theta) / ZipfianGenerator.harmonicNumber(ITEMS, theta);
      Frequencies.assertRelative(expectedTopTenth, topTenth, 0.01, "top 10% share at theta " + theta);
      // each block of 100 ranks is drawn less often than the block before it
      for (int r = 100; r < ITEMS; r += 100) {
        long before = Frequencies.sum(counts, r - 100, r);
        long block = Frequencies.sum(counts, r, r + 100);
        assertTrue(block < before, "theta " + theta + ": ranks " + (r + 1) + ".." + (r + 100) + " drawn "
            + block + " times, the 100 before " + before);
      }
      previousTop = top;
      previousTopTenth = topTenth;
    }
    // for 1000 items the top 10% take 30% of the draws at theta 0.5, 69% at 0.99 and 83% at 1.2
    assertTrue(previousTopTenth > 0.8, "top 10% share at theta 1.2 was " + previousTopTenth);
  }

  @ParameterizedTest(name = "theta = {0}")
  @ValueSource(doubles = {0.01, 0.5, 0.99, 1.0, 1.2, 3.0})
  void valuesStayWithinMinAndMax(double theta) {
    long min = 5_000_000_000L;
    long max = min + 99;
    ZipfianGenerator zipf = new ZipfianGenerator(min, max, theta, new SplittableRandom(3));
    long[] counts = Frequencies.count(zipf, min, 100, 200_000);
    assertTrue(counts[0] > 0, "min never drawn");
    if (theta < 2) {
      assertTrue(counts[99] > 0, "max never drawn at theta " + theta);
    }
    assertEquals(Math.pow(2, -theta), (double) counts[1] / counts[0], 0.05, "rank 2 / rank 1");
  }

  @Test
  void singleItemIsAlwaysDrawn() {
    ZipfianGenerator zipf = new ZipfianGenerator(-3, -3, 0.99, new SplittableRandom(1));
    for (int i = 0; i < 1000; i++) {
      assertEquals(-3, zipf.nextLong());
    }
    assertEquals(-3, zipf.lastLong());
  }

  @Test
  void hugeItemSpaceKeepsTheTopRanks() {
    long items = ScrambledZipfianGenerator.ITEM_SPACE;
    ZipfianGenerator zipf = new ZipfianGenerator(0, items - 1, 0.99, new SplittableRandom(5));
    int draws = 1_000_000;
    long[] top = new long[3];
    long beyondMillion = 0;
    for (int i = 0; i < draws; i++) {
      long v = zipf.nextLong();
      assertTrue(v >= 0 && v < items, "value " + v);
      if (v < 3) {
        top[(int) v]++;
      } else if (v >= 1_000_000) {
        beyondMillion++;
      }
    }
    double zeta = ZipfianGenerator.harmonicNumber(items, 0.99);
    for (int r = 1; r <= 3; r++) {
      Frequencies.assertRelative(Math.pow(r, -0.99) / zeta * draws, top[r - 1], 0.03, "rank " + r);
    }
    double tail = 1 - ZipfianGenerator.harmonicNumber(1_000_000, 0.99) / zeta;
    Frequencies.assertRelative(tail * draws, beyondMillion, 0.02, "draws beyond rank 1,000,000");
  }

  @ParameterizedTest(name = "theta = {0}")
  @ValueSource(doubles = {0.5, 0.99, 1.0, 1.2})
  void zetaTailAgreesWithTheExactSum(double theta) {
    int n = 3_000_000;
    // summed smallest term first, with compensation, so the reference is good to ~1e-15
    double sum = 0;
    double carry = 0;
    for (int i = n; i >= 1; i--) {
      double y = Math.pow(i, -theta) - carry;
      double t = sum + y;
      carry = (t - sum) - y;
      sum = t;
    }
    double estimate = ZipfianGenerator.harmonicNumber(n, theta);
    assertEquals(1.0, estimate / sum, 1e-9, "zeta(" + n + ", " + theta + ")");
    assertEquals(1.0 + Math.pow(2, -theta), ZipfianGenerator.harmonicNumber(2, theta), 1e-15);
  }

  @Test
  void growingTheItemCountMatchesAFreshGenerator() {
    // the same random sequence must give the same draws as a generator built for that size
    ZipfianGenerator grown = new ZipfianGenerator(0, 99, 0.99, new SplittableRandom(11));
    ZipfianGenerator fresh = new ZipfianGenerator(0, ITEMS - 1, 0.99, new SplittableRandom(11));
    long[] a = new long[100_000];
    long[] b = new long[100_000];
    for (int i = 0; i < a.length; i++) {
      a[i] = grown.nextLong(ITEMS);
      b[i] = fresh.nextLong(ITEMS);
    }
    assertArrayEquals(b, a);
    // after growing, the plain draw uses the larger count too, with the same law
    long[] grownCounts = Frequencies.count(grown, 0, ITEMS, 1_000_000);
    Frequencies.assertFits(grownCounts, law(ITEMS, 0.99), "plain draws after growing");

    // growing one item at a time, as the latest distribution does, ends with the same law
    ZipfianGenerator stepwise = new ZipfianGenerator(0, 0, 0.99, new SplittableRandom(12));
    for (int items = 1; items <= ITEMS; items++) {
      long v = stepwise.nextLong(items);
      assertTrue(v >= 0 && v < items, "draw " + v + " with " + items + " items");
    }
    long[] counts = Frequencies.count(stepwise, 0, ITEMS, 1_000_000);
    Frequencies.assertFits(counts, law(ITEMS, 0.99), "after growing step by step");
  }

  @Test
  void aSmallerItemCountAppliesToThatDrawOnly() {
    ZipfianGenerator zipf = new ZipfianGenerator(10, 10 + ITEMS - 1, 0.99, new SplittableRandom(13));
    long[] counts = new long[50];
    for (int i = 0; i < 500_000; i++) {
      counts[(int) (zipf.nextLong(50) - 10)]++;
    }
    // exactly the law over 50 items: nothing piles up on the last one
    Frequencies.assertFits(counts, law(50, 0.99), "50 of " + ITEMS + " items");
    boolean beyond = false;
    for (int i = 0; i < 10_000 && !beyond; i++) {
      beyond = zipf.nextLong() >= 60;
    }
    assertTrue(beyond, "the full range is no longer drawn from");
  }

  @Test
  void badParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(5, 4));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 10, 0.0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 10, -1.0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 10, Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10).nextLong(0));
  }
}
