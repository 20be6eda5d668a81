package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import site.ycsb.runner.profile.LoadProfiles;

/** The intended starts the schedule hands out: where the profile puts them, evenly or as Poisson arrivals. */
class ScheduleTest {
  private static long[] starts(String profile, boolean poisson, long seed, int n) {
    Schedule s = new Schedule(LoadProfiles.parse(profile), poisson, seed);
    s.start(1_000_000_000L);
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = s.take() - 1_000_000_000L;
    }
    return t;
  }

  @Test
  void uniformArrivalsAreEvenlySpacedAtTheTarget() {
    long[] t = starts("constant:2000", false, 0, 6000);
    assertEquals(0, t[0]);
    assertEquals(500_000, t[1]);
    assertEquals(2_999_500_000L, t[5999], "6000 slots in 3 s at 2000/s");
  }

  @Test
  void poissonGapsAreExponentialAtTheTargetAndTheSameSeedGivesTheSameArrivals() {
    double rate = 1000;
    long[] t = starts("constant:1000", true, 42, 5000);
    double[] gapsMs = new double[t.length - 1];
    for (int i = 1; i < t.length; i++) {
      gapsMs[i - 1] = (t[i] - t[i - 1]) / 1e6;
    }
    double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(
        new ExponentialDistribution(null, 1000 / rate), gapsMs);
    assertTrue(p > 0.01, "gaps exponential with mean 1 ms: p = " + p);
    double meanRate = (t.length - 1) / ((t[t.length - 1] - t[0]) / 1e9);
    assertEquals(rate, meanRate, rate * 0.05, "mean rate");
    assertArrayEquals(t, starts("constant:1000", true, 42, 5000), "the same seed gives the same arrivals");
    long[] other = starts("constant:1000", true, 43, 5000);
    assertTrue(other[100] != t[100], "another seed gives other arrivals");
  }

  @Test
  void poissonArrivalsFollowARampedRate() {
    // 0 to 2000/s over 10 s: the second half offers three times the first
    long[] t = starts("stages:10s:2000", true, 7, 11_000);
    long firstHalf = java.util.Arrays.stream(t).filter(x -> x < 5_000_000_000L).count();
    long secondHalf = java.util.Arrays.stream(t).filter(x -> x >= 5_000_000_000L && x < 10_000_000_000L).count();
    assertEquals(2500, firstHalf, 2500 * 0.08);
    assertEquals(7500, secondHalf, 7500 * 0.05);
  }

  @Test
  void skippingTheDueSlotsGoesOnWithTheFirstNotYetDue() {
    Schedule s = new Schedule(LoadProfiles.parse("constant:1000"), false, 0);
    s.start(0);
    long[] lateness = new long[1];
    long n = s.skipDue(10_500_000L, Long.MAX_VALUE, late -> lateness[0] = Math.max(lateness[0], late));
    assertEquals(11, n, "slots at 0..10 ms given up");
    assertEquals(10_500_000L, lateness[0]);
    assertEquals(11_000_000L, s.take());
  }
}
