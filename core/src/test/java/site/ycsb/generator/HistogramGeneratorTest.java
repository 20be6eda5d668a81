package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Field lengths drawn from a histogram file. */
class HistogramGeneratorTest {
  private static final int DRAWS = 1_000_000;

  @TempDir
  Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return file;
  }

  private static TreeMap<Long, Long> tally(HistogramGenerator gen) {
    TreeMap<Long, Long> seen = new TreeMap<>();
    for (int i = 0; i < DRAWS; i++) {
      seen.merge(gen.nextLong(), 1L, Long::sum);
    }
    return seen;
  }

  @Test
  void frequenciesFollowTheCountsScaledByBlockSize() throws IOException {
    Path file = write("lengths.txt", "BlockSize\t10\n"
        + "# bucket\tcount\n"
        + "1\t100\n"
        + "2\t300\n"
        + "\n"
        + "3\t0\n"
        + "4, 600\n");
    HistogramGenerator gen = HistogramGenerator.fromFile(file, new SplittableRandom(71));
    TreeMap<Long, Long> seen = tally(gen);
    assertEquals(java.util.Set.of(10L, 20L, 40L), seen.keySet(), "values drawn (30 has count 0)");
    assertEquals(0.1, seen.get(10L) / (double) DRAWS, 0.01);
    assertEquals(0.3, seen.get(20L) / (double) DRAWS, 0.01);
    assertEquals(0.6, seen.get(40L) / (double) DRAWS, 0.01);
    Frequencies.assertFits(new long[] {seen.get(10L), seen.get(20L), seen.get(40L)},
        new double[] {0.1, 0.3, 0.6}, "histogram buckets");
    assertEquals(31.0, gen.mean(), 1e-9);
  }

  @Test
  void withoutBlockSizeValuesAreTakenAsWritten() throws IOException {
    Path file = write("plain.txt", "100\t1\n1000\t3\n");
    HistogramGenerator gen = HistogramGenerator.fromFile(file, new SplittableRandom(72));
    TreeMap<Long, Long> seen = tally(gen);
    assertEquals(java.util.Set.of(100L, 1000L), seen.keySet());
    assertEquals(0.75, seen.get(1000L) / (double) DRAWS, 0.01);
    assertEquals(775.0, gen.mean(), 1e-9);
    // the file may be read without a fixed random source too
    long v = HistogramGenerator.fromFile(file).nextLong();
    assertTrue(v == 100 || v == 1000, "drew " + v);
  }

  @Test
  void countsGivenDirectly() {
    HistogramGenerator gen = new HistogramGenerator(new long[] {5, 6, 7, 8}, new long[] {1, 2, 3, 4},
        new SplittableRandom(73));
    long[] counts = Frequencies.count(gen, 5, 4, DRAWS);
    Frequencies.assertFits(counts, new double[] {0.1, 0.2, 0.3, 0.4}, "buckets given directly");
    assertEquals(7.0, gen.mean(), 1e-9);
  }

  @Test
  void badLinesAreNamed() throws IOException {
    Path letters = write("letters.txt", "BlockSize\t1\n1\t5\n2\tmany\n");
    IOException e = assertThrows(IOException.class, () -> HistogramGenerator.fromFile(letters));
    assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("letters.txt"), e.getMessage());

    Path columns = write("columns.txt", "1\t5\t7\n");
    e = assertThrows(IOException.class, () -> HistogramGenerator.fromFile(columns));
    assertTrue(e.getMessage().contains("line 1"), e.getMessage());

    Path negative = write("negative.txt", "1\t5\n\n2\t-3\n");
    e = assertThrows(IOException.class, () -> HistogramGenerator.fromFile(negative));
    assertTrue(e.getMessage().contains("line 3"), e.getMessage());

    Path zeroBlock = write("zeroblock.txt", "BlockSize\t0\n1\t5\n");
    e = assertThrows(IOException.class, () -> HistogramGenerator.fromFile(zeroBlock));
    assertTrue(e.getMessage().contains("line 1"), e.getMessage());

    Path empty = write("empty.txt", "# nothing here\n");
    e = assertThrows(IOException.class, () -> HistogramGenerator.fromFile(empty));
    assertTrue(e.getMessage().contains("empty.txt"), e.getMessage());

    assertThrows(IOException.class, () -> HistogramGenerator.fromFile(dir.resolve("missing.txt")));
  }

  @Test
  void separatorsMayCarryBlanks() throws IOException {
    Path file = write("blanks.txt", "BlockSize , 2\r\n3 ,1\r\n4 \t 1\r\n5 1\r\n");
    HistogramGenerator gen = HistogramGenerator.fromFile(file, new SplittableRandom(74));
    assertEquals(java.util.Set.of(6L, 8L, 10L), tally(gen).keySet());
  }
}
