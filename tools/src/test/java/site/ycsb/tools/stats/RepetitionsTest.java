package site.ycsb.tools.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Student's t quantiles and the repetition statistics built on them. */
class RepetitionsTest {
  @Test
  void tQuantilesMatchPublishedTables() {
    assertEquals(12.706204736, Repetitions.tQuantile(0.975, 1), 1e-6);
    assertEquals(4.302652730, Repetitions.tQuantile(0.975, 2), 1e-8);
    assertEquals(3.182446305, Repetitions.tQuantile(0.975, 3), 1e-8);
    assertEquals(2.776445105, Repetitions.tQuantile(0.975, 4), 1e-8);
    assertEquals(2.228138852, Repetitions.tQuantile(0.975, 10), 1e-8);
    assertEquals(2.042272456, Repetitions.tQuantile(0.975, 30), 1e-8);
    assertEquals(1.724718243, Repetitions.tQuantile(0.95, 20), 1e-8);
    assertEquals(4.032142984, Repetitions.tQuantile(0.995, 5), 1e-8);
    assertEquals(63.65674116, Repetitions.tQuantile(0.995, 1), 1e-6);
    assertEquals(1.962339081, Repetitions.tQuantile(0.975, 1000), 1e-7);
    assertEquals(-2.776445105, Repetitions.tQuantile(0.025, 4), 1e-8);
    assertEquals(0.0, Repetitions.tQuantile(0.5, 7), 0.0);
  }

  @Test
  void estimateGivesMeanDeviationAndTInterval() {
    Repetitions.Estimate e = Repetitions.estimate(100, 110, 120);
    assertEquals(3, e.n());
    assertEquals(110.0, e.mean(), 1e-12);
    assertEquals(10.0, e.standardDeviation(), 1e-12);
    double half = 4.302652730 * 10 / Math.sqrt(3);
    assertEquals(110 - half, e.low(), 1e-6);
    assertEquals(110 + half, e.high(), 1e-6);
    assertEquals(half, e.halfWidth(), 1e-6);

    Repetitions.Estimate five = Repetitions.estimate(1, 2, 3, 4, 5);
    assertEquals(2.776445105 * Math.sqrt(2.5) / Math.sqrt(5), five.halfWidth(), 1e-8);

    Repetitions.Estimate one = Repetitions.estimate(42);
    assertEquals(42.0, one.mean(), 0.0);
    assertTrue(Double.isNaN(one.standardDeviation()) && Double.isNaN(one.low()));
  }

  @Test
  void percentDifferenceIsRelativeToTheMeanOfBoth() {
    assertEquals(200.0 / 3, Repetitions.percentDifference(110, 220), 1e-12);
    assertEquals(Repetitions.percentDifference(220, 110), Repetitions.percentDifference(110, 220), 0.0);
    assertEquals(0.0, Repetitions.percentDifference(0, 0), 0.0);
    assertEquals(10.0 / 105 * 100, Repetitions.percentDifference(100, 110), 1e-12);
  }
}
