package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Uniform values over an inclusive range. */
class UniformLongGeneratorTest {
  @Test
  void smallRangeIsInclusiveAndFlat() {
    UniformLongGenerator gen = new UniformLongGenerator(10, 29, new SplittableRandom(31));
    long[] counts = Frequencies.count(gen, 10, 20, 400_000);
    assertTrue(counts[0] > 0 && counts[19] > 0, "an end of the range was never drawn");
    Frequencies.assertFits(counts, Frequencies.uniform(20), "uniform over [10, 29]");
  }

  @Test
  void thousandValuesAroundZeroAreFlat() {
    UniformLongGenerator gen = new UniformLongGenerator(-500, 499, new Random(32));
    long[] counts = Frequencies.count(gen, -500, 1000, 1_000_000);
    Frequencies.assertFits(counts, Frequencies.uniform(1000), "uniform over [-500, 499]");
    double sum = 0;
    for (int i = 0; i < counts.length; i++) {
      sum += (i - 500.0) * counts[i];
    }
    assertEquals(gen.mean(), sum / 1_000_000, 1.0, "mean");
    assertEquals(-0.5, gen.mean());
  }

  @Test
  void rangesAtTheEndsOfLongWork() {
    // upper + 1 overflows here, so the top of long needs its own path
    UniformLongGenerator top = new UniformLongGenerator(Long.MAX_VALUE - 2, Long.MAX_VALUE,
        new SplittableRandom(33));
    long[] counts = Frequencies.count(top, Long.MAX_VALUE - 2, 3, 30_000);
    for (long c : counts) {
      assertTrue(c > 9000, "uneven counts at the top of long: " + Arrays.toString(counts));
    }
    UniformLongGenerator bottom = new UniformLongGenerator(Long.MIN_VALUE, Long.MIN_VALUE + 1, new SplittableRandom(34));
    long[] low = Frequencies.count(bottom, Long.MIN_VALUE, 2, 10_000);
    assertTrue(low[0] > 4000 && low[1] > 4000, "uneven counts at the bottom of long");

    UniformLongGenerator all = new UniformLongGenerator(Long.MIN_VALUE, Long.MAX_VALUE, new SplittableRandom(35));
    int negative = 0;
    for (int i = 0; i < 10_000; i++) {
      negative += all.nextLong() < 0 ? 1 : 0;
    }
    assertTrue(negative > 4500 && negative < 5500, negative + " of 10000 negative over all longs");
  }

  @Test
  void singleValueAndEmptyRange() {
    UniformLongGenerator one = new UniformLongGenerator(7, 7, new SplittableRandom(36));
    for (int i = 0; i < 100; i++) {
      assertEquals(7, one.nextLong());
    }
    assertEquals(7L, one.lastValue());
    assertThrows(IllegalArgumentException.class, () -> new UniformLongGenerator(8, 7));
  }
}
