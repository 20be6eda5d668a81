package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

/** Scrambled zipfian: zipf-like popularity, with the popular keys spread over the whole range. */
class ScrambledZipfianGeneratorTest {
  private static final long MIN = 1000;
  private static final int ITEMS = 1000;
  private static final int DRAWS = 1_000_000;

  private static long[] sample(long seed) {
    ScrambledZipfianGenerator gen = new ScrambledZipfianGenerator(MIN, MIN + ITEMS - 1,
        ZipfianGenerator.ZIPFIAN_CONSTANT, new SplittableRandom(seed));
    return Frequencies.count(gen, MIN, ITEMS, DRAWS);
  }

  @Test
  void everyValueIsInRangeAndDrawn() {
    long[] counts = sample(21);
    for (int i = 0; i < ITEMS; i++) {
      assertTrue(counts[i] > 0, "value " + (MIN + i) + " never drawn");
    }
  }

  @Test
  void sortedPopularityDecaysLikeZipf() {
    long[] counts = sample(22);
    long[] sorted = counts.clone();
    Arrays.sort(sorted);
    double top = sorted[ITEMS - 1] / (double) DRAWS;
    double tenth = sorted[ITEMS - 10] / (double) DRAWS;
    double hundredth = sorted[ITEMS - 100] / (double) DRAWS;
    double median = sorted[ITEMS / 2] / (double) DRAWS;

    // the most popular key carries rank 1 of the underlying item space, plus its share of the long tail
    double rankOne = 1.0 / ZipfianGenerator.harmonicNumber(ScrambledZipfianGenerator.ITEM_SPACE, 0.99);
    assertTrue(top > rankOne && top < rankOne + 3.0 / ITEMS,
        "most popular key drew " + top + ", rank 1 alone is " + rankOne);
    // zipf-like decay at the head, flattening into the spread-out tail
    assertTrue(top / tenth > 5, "1st / 10th most popular = " + top / tenth);
    assertTrue(tenth / hundredth > 2, "10th / 100th most popular = " + tenth / hundredth);
    assertTrue(top / median > 20, "1st / median = " + top / median);
    for (int i = ITEMS - 1; i > ITEMS - 5; i--) {
      assertTrue(sorted[i] > sorted[i - 1], "the top few keys are not clearly ranked");
    }
  }

  @Test
  void popularKeysAreScatteredNotClusteredAtTheStart() {
    long[] counts = sample(23);
    int[] byPopularity = IntStream.range(0, ITEMS).boxed()
        .sorted(Comparator.comparingLong((Integer i) -> counts[i]).reversed())
        .mapToInt(Integer::intValue).toArray();

    // the most popular key is where rank 1 of the item space hashes to
    assertEquals(MIN + Math.floorMod(Utils.fnvhash64(0), ITEMS), MIN + byPopularity[0]);

    int[] top10 = Arrays.copyOf(byPopularity, 10);
    long inFirstTenth = Arrays.stream(top10).filter(i -> i < ITEMS / 10).count();
    int lowest = Arrays.stream(top10).min().getAsInt();
    int highest = Arrays.stream(top10).max().getAsInt();
    assertTrue(inFirstTenth <= 3, "of the 10 most popular keys " + inFirstTenth + " are in the first 10%: "
        + Arrays.toString(top10));
    assertTrue(highest - lowest > ITEMS / 2, "the 10 most popular keys span only "
        + (highest - lowest) + " of " + ITEMS + ": " + Arrays.toString(top10));
    // both halves of the range get a fair share of the draws (a plain zipfian puts ~90% in the first)
    double firstHalf = Frequencies.sum(counts, 0, ITEMS / 2) / (double) DRAWS;
    assertTrue(firstHalf > 0.2 && firstHalf < 0.8, "first half of the range drew " + firstHalf);
  }

  @Test
  void sameSeedGivesSameSequence() {
    ScrambledZipfianGenerator a = new ScrambledZipfianGenerator(0, 99, 0.99, new SplittableRandom(3));
    ScrambledZipfianGenerator b = new ScrambledZipfianGenerator(0, 99, 0.99, new SplittableRandom(3));
    for (int i = 0; i < 1000; i++) {
      assertEquals(a.nextLong(), b.nextLong());
    }
    assertEquals(a.lastLong(), b.lastLong());
  }
}
