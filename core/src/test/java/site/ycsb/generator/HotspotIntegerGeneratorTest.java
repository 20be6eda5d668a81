package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A hot set taking most of the draws, uniform inside each set. */
class HotspotIntegerGeneratorTest {
  private static final int DRAWS = 1_000_000;

  @Test
  void hotDataAndHotOperationFractionsHold() {
    long lower = 1_000;
    int items = 1_000;
    HotspotIntegerGenerator gen = new HotspotIntegerGenerator(lower, lower + items - 1, 0.2, 0.8,
        new SplittableRandom(41));
    long[] counts = Frequencies.count(gen, lower, items, DRAWS);

    // hot data: the first 20% of the range; hot operations: 80% of the draws go there
    int hotItems = 200;
    double hotShare = Frequencies.sum(counts, 0, hotItems) / (double) DRAWS;
    assertEquals(0.8, hotShare, 0.01, "share of draws in the hot 20%");
    // flat inside each set
    Frequencies.assertFits(Frequencies.slice(counts, 0, hotItems), Frequencies.uniform(hotItems), "hot set");
    Frequencies.assertFits(Frequencies.slice(counts, hotItems, items), Frequencies.uniform(items - hotItems),
        "cold set");

    double sum = 0;
    for (int i = 0; i < items; i++) {
      sum += (lower + i) * (double) counts[i];
    }
    Frequencies.assertRelative(gen.mean(), sum / DRAWS, 0.01, "mean");
  }

  @Test
  void otherSplitsHoldToo() {
    HotspotIntegerGenerator gen = new HotspotIntegerGenerator(0, 9_999, 0.01, 0.99, new SplittableRandom(42));
    long[] counts = Frequencies.count(gen, 0, 10_000, 500_000);
    assertEquals(0.99, Frequencies.sum(counts, 0, 100) / 500_000.0, 0.01, "share of draws in the hot 1%");
  }

  @Test
  void emptyHotOrColdSetTakesEveryDraw() {
    HotspotIntegerGenerator allCold = new HotspotIntegerGenerator(0, 99, 0.0, 0.8, new SplittableRandom(43));
    long[] cold = Frequencies.count(allCold, 0, 100, 100_000);
    Frequencies.assertFits(cold, Frequencies.uniform(100), "no hot set");

    HotspotIntegerGenerator allHot = new HotspotIntegerGenerator(0, 99, 1.0, 0.2, new SplittableRandom(44));
    long[] hot = Frequencies.count(allHot, 0, 100, 100_000);
    Frequencies.assertFits(hot, Frequencies.uniform(100), "no cold set");
  }

  @Test
  void badParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new HotspotIntegerGenerator(0, 99, 1.2, 0.5));
    assertThrows(IllegalArgumentException.class, () -> new HotspotIntegerGenerator(0, 99, 0.2, -0.1));
    assertThrows(IllegalArgumentException.class, () -> new HotspotIntegerGenerator(10, 9, 0.2, 0.8));
  }
}
