package site.ycsb.tools.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** E-divisive means on series with planted changes. */
class ChangePointsTest {
  private static double[] series(int n, long seed, double noise, double[] levels, int... starts) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      int segment = 0;
      for (int s : starts) {
        if (i + 1 >= s) {
          segment++;
        }
      }
      out[i] = levels[segment] * (1 + noise * (r.nextDouble() * 2 - 1));
    }
    return out;
  }

  @Test
  void aStepAtRunTwelveOfTwentyIsFoundThere() {
    for (long seed = 1; seed <= 20; seed++) {
      double[] s = series(20, seed, 0.03, new double[] {1000, 1150}, 12);
      List<ChangePoints.Change> c = ChangePoints.of(s, 0.05, 7);
      assertEquals(1, c.size(), "seed " + seed + ": " + c);
      assertEquals(11, c.get(0).index(), "the first run after the change, 0-based");
      assertTrue(c.get(0).p() <= 0.05);
    }
  }

  @Test
  void aSteadySeriesHasNoChangeMostOfTheTime() {
    int none = 0;
    for (long seed = 1; seed <= 40; seed++) {
      if (ChangePoints.of(series(20, seed, 0.03, new double[] {1000}), 0.05, 7).isEmpty()) {
        none++;
      }
    }
    assertTrue(none >= 34, "no change in " + none + " of 40 steady series");
  }

  @Test
  void twoStepsAreBothFound() {
    double[] s = series(30, 3, 0.02, new double[] {100, 130, 90}, 11, 21);
    List<ChangePoints.Change> c = ChangePoints.of(s, 0.05, 7);
    assertEquals(2, c.size(), c.toString());
    assertEquals(10, c.get(0).index());
    assertEquals(20, c.get(1).index());
    double[] means = ChangePoints.segmentMeans(s, c);
    assertEquals(100, means[0], 2);
    assertEquals(130, means[1], 2.6);
    assertEquals(90, means[2], 1.8);
  }

  @Test
  void tooShortASeriesHasNoChange() {
    assertTrue(ChangePoints.of(new double[] {1, 1, 9, 9, 9}, 0.05, 7).isEmpty());
  }
}
