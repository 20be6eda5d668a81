package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Exponential values set by "this percentage of draws falls below this value", or by a mean. */
class ExponentialGeneratorTest {
  private static final int DRAWS = 1_000_000;

  /** @return {share of draws below limit, mean of the draws} */
  private static double[] sample(ExponentialGenerator gen, double limit) {
    long below = 0;
    double sum = 0;
    for (int i = 0; i < DRAWS; i++) {
      long v = gen.nextLong();
      assertTrue(v >= 0, "negative draw " + v);
      below += v < limit ? 1 : 0;
      sum += v;
    }
    return new double[] {below / (double) DRAWS, sum / DRAWS};
  }

  @Test
  void givenPercentileHolds() {
    // the upstream default: 95% of draws fall within the most recent 1000 (here) items
    ExponentialGenerator gen = new ExponentialGenerator(95, 1000, new SplittableRandom(61));
    double[] s = sample(gen, 1000);
    assertEquals(0.95, s[0], 0.01, "share of draws below 1000");
    Frequencies.assertRelative(gen.mean(), s[1], 0.01, "mean");
    // gamma = ln(20) / 1000, so the draws average about 1000 / ln 20
    Frequencies.assertRelative(1000 / Math.log(20), gen.mean(), 0.002, "mean()");

    ExponentialGenerator median = new ExponentialGenerator(50, 10, new SplittableRandom(62));
    double[] m = sample(median, 10);
    assertEquals(0.5, m[0], 0.01, "share of draws below 10 with percentile 50");
    Frequencies.assertRelative(median.mean(), m[1], 0.01, "mean with percentile 50 below 10");
  }

  @Test
  void meanConstructorGivesThatMean() {
    ExponentialGenerator gen = ExponentialGenerator.withMean(500);
    double[] s = sample(gen, 500);
    Frequencies.assertRelative(500, s[1], 0.01, "mean");
    // 1 - 1/e of an exponential lies below its mean
    assertEquals(1 - Math.exp(-1), s[0], 0.01, "share below the mean");
  }

  @Test
  void badParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(100, 1000));
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(0, 1000));
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(95, 0));
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(95, Double.NaN));
  }
}
