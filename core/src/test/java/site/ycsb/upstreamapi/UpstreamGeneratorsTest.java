package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.FileGenerator;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.IncrementingPrintableStringGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.RandomDiscreteTimestampGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.UnixEpochTimestampGenerator;
import site.ycsb.generator.ZipfianGenerator;

/** Upstream's generator API, as code written for YCSB 0.17 uses it. */
class UpstreamGeneratorsTest {
  @Test
  void aGeneratorWrittenAgainstUpstreamsContractWorksAsANumberGenerator() {
    NumberGenerator seven = new SameNumberGenerator(7);
    assertNull(seven.lastValue(), "nothing drawn yet, nothing set");
    assertEquals(7L, seven.nextLong(), "the engine's primitive draw unboxes nextValue");
    assertEquals(7L, seven.lastValue(), "setLastValue is what lastValue returns");
    assertEquals(7L, seven.lastLong());
    assertEquals("7", seven.nextString());
  }

  @Test
  void builtInGeneratorsKeepUpstreamsReturnTypesAndLastValues() {
    CounterGenerator counter = new CounterGenerator(5);
    Long first = counter.nextValue();
    assertEquals(5L, first);
    assertEquals(5L, counter.lastValue());
    NumberGenerator uniform = new UniformLongGenerator(0, 1_000_000).withoutLastValue();
    Number drawn = uniform.nextValue();
    assertEquals(drawn, uniform.lastValue(), "nextValue remembers even when the fast path does not");
    Double continuous = new ExponentialGenerator(100.0).nextValue();
    assertTrue(continuous >= 0);
  }

  @Test
  void upstreamsZipfianConstructorsDrawFromTheirRange() {
    ZipfianGenerator byCount = new ZipfianGenerator(100L, 0.5);
    long[] counts = new long[100];
    for (int i = 0; i < 50_000; i++) {
      long v = byCount.nextValue();
      assertTrue(v >= 0 && v < 100, "value " + v);
      counts[(int) v]++;
    }
    for (int i = 1; i < 100; i++) {
      assertTrue(counts[0] > counts[i], "item 0 is the most popular");
    }
    ZipfianGenerator withZeta = new ZipfianGenerator(10, 19, 0.99, 2.9);
    for (int i = 0; i < 1000; i++) {
      long v = withZeta.nextLong();
      assertTrue(v >= 10 && v <= 19, "value " + v);
    }
    ScrambledZipfianGenerator scrambled = new ScrambledZipfianGenerator(1000);
    ScrambledZipfianGenerator skewed = new ScrambledZipfianGenerator(0, 999, 0.99);
    for (int i = 0; i < 1000; i++) {
      assertTrue(scrambled.nextLong() >= 0 && scrambled.nextLong() < 1000);
      assertTrue(skewed.nextLong() >= 0 && skewed.nextLong() < 1000);
    }
  }

  @Test
  void upstreamsHistogramConstructorsWeighTheirBuckets(@TempDir Path dir) throws Exception {
    // bucket i holds items of size i * blockSize: a quarter of 100 bytes, three quarters of 200
    HistogramGenerator inMemory = new HistogramGenerator(new long[] {0, 10, 30}, 100);
    assertEquals(175.0, inMemory.mean(), 1e-9);
    Map<Long, Integer> seen = new HashMap<>();
    for (int i = 0; i < 40_000; i++) {
      seen.merge(inMemory.nextValue(), 1, Integer::sum);
    }
    assertEquals(Set.of(100L, 200L), seen.keySet());
    assertEquals(10_000, seen.get(100L), 600);

    Path file = dir.resolve("hist.txt");
    Files.writeString(file, "BlockSize\t10\n1\t5\n2\t5\n");
    HistogramGenerator fromFile = new HistogramGenerator(file.toString());
    assertEquals(15.0, fromFile.mean(), 1e-9);
  }

  @Test
  void uniformGeneratorPicksEveryValueEquallyOften() {
    UniformGenerator gen = new UniformGenerator(List.of("a", "b", "c", "d"));
    assertTrue(Set.of("a", "b", "c", "d").contains(gen.lastValue()), "never null, as upstream's");
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < 40_000; i++) {
      String v = gen.nextValue();
      assertEquals(v, gen.lastValue());
      seen.merge(v, 1, Integer::sum);
    }
    for (String v : List.of("a", "b", "c", "d")) {
      assertEquals(10_000, seen.get(v), 600, v);
    }
  }

  @Test
  void fileGeneratorReturnsTheLinesInOrderAndStartsOverOnReload(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("lines.txt");
    Files.writeString(file, "first\nsecond\nthird\n");
    FileGenerator gen = new FileGenerator(file.toString());
    assertNull(gen.lastValue());
    assertEquals("first", gen.nextValue());
    assertEquals("second", gen.nextValue());
    assertEquals("second", gen.lastValue());
    assertEquals("third", gen.nextValue());
    assertNull(gen.nextValue(), "the end of the file");
    gen.reloadFile();
    assertEquals("first", gen.nextValue());
  }

  @Test
  void unixEpochTimestampsStepByTheInterval() {
    UnixEpochTimestampGenerator fromStart = new UnixEpochTimestampGenerator(120, TimeUnit.SECONDS, 1072915200L);
    assertEquals(1072915200L, fromStart.nextValue());
    assertEquals(1072915200L - 120, fromStart.lastValue());
    assertEquals(1072915200L + 120, fromStart.nextValue());
    assertEquals(1072915200L, fromStart.lastValue());
    assertEquals(1072915200L + 120, fromStart.currentValue());

    UnixEpochTimestampGenerator minutes = new UnixEpochTimestampGenerator(2, TimeUnit.MINUTES, 0);
    assertEquals(240, minutes.getOffset(2));
    assertEquals(0L, minutes.nextValue());
    assertEquals(120L, minutes.nextValue());

    long nowSeconds = System.currentTimeMillis() / 1000;
    UnixEpochTimestampGenerator fromNow = new UnixEpochTimestampGenerator();
    long first = fromNow.nextValue();
    assertEquals(nowSeconds - 60, first, 2, "one interval before now");
    assertEquals(first + 60, fromNow.nextValue());
    fromNow.initalizeTimestamp(-60);
    assertEquals(nowSeconds - 3600 + 60, fromNow.nextValue(), 2, "an hour back, then one step on");
  }

  @Test
  void randomDiscreteTimestampsAreEachOfTheIntervalsOnceInRandomOrder() {
    RandomDiscreteTimestampGenerator gen = new RandomDiscreteTimestampGenerator(60, TimeUnit.SECONDS,
        1072915200L, 100);
    List<Long> drawn = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      drawn.add(gen.nextValue());
    }
    TreeSet<Long> distinct = new TreeSet<>(drawn);
    assertEquals(100, distinct.size(), "no timestamp twice");
    // as upstream: the first timestamp is one interval before the start
    assertEquals(1072915200L - 60, distinct.first());
    assertEquals(1072915200L - 60 + 99 * 60, distinct.last());
    assertNotEquals(new ArrayList<>(distinct), drawn, "not in order");
    assertThrows(IllegalStateException.class, gen::nextValue);
    assertThrows(IllegalArgumentException.class, () -> new RandomDiscreteTimestampGenerator(60, TimeUnit.SECONDS,
        RandomDiscreteTimestampGenerator.MAX_INTERVALS + 1));
  }

  @Test
  void incrementingStringsCountThroughTheCharacterSet() {
    IncrementingPrintableStringGenerator gen = new IncrementingPrintableStringGenerator(2, new int[] {'A', 'B', 'C'});
    assertNull(gen.lastValue());
    List<String> drawn = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      drawn.add(gen.nextValue());
    }
    assertEquals(List.of("AA", "AB", "AC", "BA", "BB", "BC", "CA", "CB", "CC", "AA"), drawn);
    assertEquals("AA", gen.lastValue());

    IncrementingPrintableStringGenerator strict = new IncrementingPrintableStringGenerator(2, new int[] {'A', 'B', 'C'});
    strict.setThrowExceptionOnRollover(true);
    for (int i = 0; i < 9; i++) {
      strict.nextValue();
    }
    assertThrows(NoSuchElementException.class, strict::nextValue, "every string was returned once");
    assertThrows(IllegalArgumentException.class, () -> new IncrementingPrintableStringGenerator(0));
    assertThrows(IllegalArgumentException.class, () -> new IncrementingPrintableStringGenerator(2, new int[0]));
  }

  @Test
  void printableCharacterSetsHoldWhatTheirNamesSay() {
    int[] letters = IncrementingPrintableStringGenerator.printableBasicAlphaASCIISet();
    assertEquals(52, letters.length);
    assertEquals('A', letters[0]);
    assertEquals('z', letters[51]);
    assertEquals(62, IncrementingPrintableStringGenerator.printableBasicAlphaNumericASCIISet().length);
    assertEquals(95, IncrementingPrintableStringGenerator.fullPrintableBasicASCIISet().length, "space to tilde");
    assertEquals('\n', IncrementingPrintableStringGenerator.fullPrintableBasicASCIISetWithNewlines()[0]);
    assertEquals(List.of(66, 67),
        IncrementingPrintableStringGenerator.generatePrintableCharacterSet(65, 70, Set.of(66, 67), true, null));
    assertEquals(List.of(65, 68, 69, 70),
        IncrementingPrintableStringGenerator.generatePrintableCharacterSet(65, 70, Set.of(66, 67), false, null));
  }
}
