package site.ycsb.tools.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** How long intervals stay correlated: short for independent ones, long for a slow wander. */
class BlockLengthTest {
  private static double[] ar1(int n, double phi, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] x = new double[n];
    double f = 0;
    for (int i = 0; i < n; i++) {
      f = phi * f + (r.nextDouble() - 0.5);
      x[i] = f;
    }
    return x;
  }

  @Test
  void independentIntervalsGetShortBlocks() {
    assertTrue(BlockLength.of(ar1(200, 0, 1)) <= 3);
  }

  @Test
  void aSlowWanderGetsLongBlocks() {
    assertTrue(BlockLength.of(ar1(200, 0.9, 1)) >= 6);
  }

  @Test
  void aConstantSeriesOrAShortOneGetsBlocksOfOne() {
    assertEquals(1, BlockLength.of(new double[] {5, 5, 5, 5, 5, 5, 5, 5}));
    assertEquals(1, BlockLength.of(new double[] {1, 2, 3}));
  }
}
