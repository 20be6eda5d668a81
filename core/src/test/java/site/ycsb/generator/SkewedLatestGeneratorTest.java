package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The latest distribution: a zipfian counted back from the newest inserted key. */
class SkewedLatestGeneratorTest {
  private static final double THETA = ZipfianGenerator.ZIPFIAN_CONSTANT;

  private static void insert(CounterGenerator counter, int n) {
    for (int i = 0; i < n; i++) {
      counter.nextLong();
    }
  }

  /** Asserts the newest key is drawn most and the newest 10% of keys get their zipfian share. */
  private static void assertSkewedTowardsNewest(long[] counts, int draws) {
    int keys = counts.length;
    int newest = keys - 1;
    // every key can be read, down to the oldest (about 30-70 draws expected for key 0 here)
    for (int i = 0; i < keys; i++) {
      assertTrue(counts[i] > 0, "key " + i + " of " + keys + " never drawn");
    }
    for (int i = 0; i < newest; i++) {
      assertTrue(counts[newest] > counts[i], "key " + i + " drawn " + counts[i]
          + " times, the newest " + counts[newest]);
    }
    Frequencies.assertRelative(draws / ZipfianGenerator.harmonicNumber(keys, THETA), counts[newest], 0.02,
        "draws of the newest key");
    double newestTenth = Frequencies.sum(counts, keys - keys / 10, keys) / (double) draws;
    double expected = ZipfianGenerator.harmonicNumber(keys / 10, THETA) / ZipfianGenerator.harmonicNumber(keys, THETA);
    assertTrue(newestTenth > 0.5, "the newest 10% of keys drew only " + newestTenth);
    Frequencies.assertRelative(expected, newestTenth, 0.01, "share of the newest 10% of keys");
    // key (newest - j) is as popular as zipfian rank j + 1
    double[] law = new double[keys];
    double zeta = ZipfianGenerator.harmonicNumber(keys, THETA);
    for (int j = 0; j < keys; j++) {
      law[newest - j] = Math.pow(j + 1, -THETA) / zeta;
    }
    Frequencies.assertFits(counts, law, "latest over " + keys + " keys");
  }

  @Test
  void favoursTheNewestKeysAndFollowsInserts() {
    CounterGenerator counter = new CounterGenerator(0);
    insert(counter, 1000);
    SkewedLatestGenerator latest = new SkewedLatestGenerator(counter, THETA, new SplittableRandom(51));
    assertSkewedTowardsNewest(Frequencies.count(latest, 0, 1000, 500_000), 500_000);

    insert(counter, 1000);
    assertEquals(1999, counter.lastLong());
    long[] grown = Frequencies.count(latest, 0, 2000, 500_000);
    assertSkewedTowardsNewest(grown, 500_000);
  }

  @Test
  void neverPassesTheNewestKeyWhileInsertsHappen() {
    CounterGenerator counter = new CounterGenerator(0);
    insert(counter, 10);
    SkewedLatestGenerator latest = new SkewedLatestGenerator(counter, THETA, new SplittableRandom(52));
    int hitNewest = 0;
    for (int i = 0; i < 50_000; i++) {
      if (i % 5 == 0) {
        counter.nextLong();
      }
      long v = latest.nextLong();
      assertTrue(v >= 0 && v <= counter.lastLong(), "drew " + v + " with newest key " + counter.lastLong());
      assertEquals(v, latest.lastLong());
      hitNewest += v == counter.lastLong() ? 1 : 0;
    }
    // the key inserted last is always the favourite: 1/zeta(n) of the draws, >= 10% for n <= 10,010
    assertTrue(hitNewest > 5_000, "only " + hitNewest + " of 50000 draws hit the newest key");
  }

  @Test
  void followsOnlyAcknowledgedInserts() {
    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(0);
    for (int i = 0; i < 100; i++) {
      counter.acknowledge(counter.nextLong());
    }
    long pending = counter.nextLong();
    SkewedLatestGenerator latest = new SkewedLatestGenerator(counter, THETA, new SplittableRandom(53));
    for (int i = 0; i < 20_000; i++) {
      assertTrue(latest.nextLong() < pending, "drew a key whose insert is still in flight");
    }
    counter.acknowledge(pending);
    long newest = -1;
    for (int i = 0; i < 20_000; i++) {
      newest = Math.max(newest, latest.nextLong());
    }
    assertEquals(pending, newest);
  }
}
