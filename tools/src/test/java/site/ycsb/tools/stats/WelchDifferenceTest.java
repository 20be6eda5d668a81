package site.ycsb.tools.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

/** The difference of two groups of runs: Welch's interval, its p-value, and a single run against several. */
class WelchDifferenceTest {
  @Test
  void agreesWithWelchsTestOfCommonsMath() {
    double[] a = {100, 104, 98, 101, 103};
    double[] b = {110, 108, 115, 109};
    Difference d = WelchDifference.of(a, b, 0.95);
    assertEquals(new TTest().tTest(a, b), d.p(), 1e-9);
    assertEquals(110.5 - 101.2, d.estimate(), 1e-9);
    assertEquals(d.estimate() / 101.2 * 100, d.relative(), 1e-9);
    // the interval excludes 0 exactly when the test rejects at 5%
    assertTrue(d.p() < 0.05 && d.low() > 0);
    assertEquals(1, d.direction());
    assertEquals((d.low() + d.high()) / 2, d.estimate(), 1e-9);
  }

  @Test
  void aWiderLevelGivesAWiderInterval() {
    double[] a = {10, 11, 12};
    double[] b = {11, 12, 14};
    Difference d95 = WelchDifference.of(a, b, 0.95);
    Difference d99 = WelchDifference.of(a, b, 0.99);
    assertTrue(d99.high() - d99.low() > d95.high() - d95.low());
    assertEquals(0, d95.direction(), "an overlap this large is not significant");
  }

  @Test
  void oneRunAgainstSeveralIsJudgedByTheSpreadOfTheSeveral() {
    double[] many = {100, 102, 98, 101, 99};
    Difference d = WelchDifference.of(new double[] {120}, many, 0.95);
    // pooled t with the several runs' 4 degrees of freedom: se = sd * sqrt(1 + 1/5)
    double sd = Math.sqrt(2.5);
    double half = 2.7764451051977987 * sd * Math.sqrt(1 + 1 / 5.0);
    assertEquals(100 - 120, d.estimate(), 1e-9);
    assertEquals(-20 - half, d.low(), 1e-6);
    assertEquals(-20 + half, d.high(), 1e-6);
  }

  @Test
  void oneRunOnEachSideCannotTell() {
    Difference d = WelchDifference.of(new double[] {1}, new double[] {2}, 0.95);
    assertFalse(d.known());
    assertEquals(0, d.direction());
    assertEquals(100.0, d.relative(), 1e-9);
  }
}
