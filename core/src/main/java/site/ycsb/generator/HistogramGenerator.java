package site.ycsb.generator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Values drawn from an empirical histogram ({@code fieldlengthdistribution=histogram}). The file
 * has one bucket per line, {@code value<TAB or comma>count}; a first line {@code BlockSize<sep>n}
 * multiplies every value by n. Lines starting with '#' are ignored.
 */
public class HistogramGenerator extends NumberGenerator {
  private final long[] values;
  private final long[] cumulativeCounts;
  private final long total;

  /**
   * Reads a histogram file (see the class comment), as upstream's constructor does.
   *
   * @param histogramFile the file's path
   * @throws IOException when the file cannot be read or a line is malformed (the message names it)
   */
  public HistogramGenerator(String histogramFile) throws IOException {
    this(read(Path.of(histogramFile)), null);
  }

  /**
   * Upstream's in-memory form: bucket i holds {@code buckets[i]} items of size {@code i * blockSize}.
   *
   * @param buckets the count of each bucket
   * @param blockSize the size step between buckets
   */
  public HistogramGenerator(long[] buckets, int blockSize) {
    this(sizesOf(buckets.length, blockSize), buckets, null);
  }

  private HistogramGenerator(long[][] valuesAndCounts, RandomGenerator random) {
    this(valuesAndCounts[0], valuesAndCounts[1], random);
  }

  private static long[] sizesOf(int buckets, long blockSize) {
    long[] sizes = new long[buckets];
    for (int i = 0; i < buckets; i++) {
      sizes[i] = i * blockSize;
    }
    return sizes;
  }

  /**
   * @param values the bucket values
   * @param counts how often each value occurs
   * @param random a fixed random source, or null
   */
  public HistogramGenerator(long[] values, long[] counts, RandomGenerator random) {
    super(random);
    if (values.length == 0 || values.length != counts.length) {
      throw new IllegalArgumentException("a histogram needs at least one bucket and one count per bucket");
    }
    this.values = values.clone();
    this.cumulativeCounts = new long[counts.length];
    long running = 0;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] < 0) {
        throw new IllegalArgumentException("histogram counts must not be negative");
      }
      running += counts[i];
      cumulativeCounts[i] = running;
    }
    if (running == 0) {
      throw new IllegalArgumentException("histogram counts sum to 0");
    }
    this.total = running;
  }

  /**
   * @param file the histogram file
   * @return a generator over its buckets
   * @throws IOException when the file cannot be read or a line is malformed (the message names it)
   */
  public static HistogramGenerator fromFile(Path file) throws IOException {
    return fromFile(file, null);
  }

  /**
   * @param file the histogram file
   * @param random a fixed random source, or null
   * @return a generator over its buckets
   * @throws IOException when the file cannot be read or a line is malformed (the message names it)
   */
  public static HistogramGenerator fromFile(Path file, RandomGenerator random) throws IOException {
    return new HistogramGenerator(read(file), random);
  }

  /** @return the file's bucket values and counts */
  private static long[][] read(Path file) throws IOException {
    List<long[]> buckets = new ArrayList<>();
    long blockSize = 1;
    int lineNo = 0;
    for (String line : Files.readAllLines(file)) {
      lineNo++;
      String t = line.trim();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      // a tab or comma (with blanks around it), or blanks alone, separate the two columns
      String[] parts = t.split("\\s*[\\t,]\\s*|\\s+");
      if (parts.length != 2) {
        throw new IOException(file + " line " + lineNo + ": expected 'value<TAB>count', got '" + t + "'");
      }
      long first;
      long second;
      boolean isBlockSize = parts[0].equalsIgnoreCase("BlockSize");
      try {
        first = isBlockSize ? 0 : Long.parseLong(parts[0]);
        second = Long.parseLong(parts[1]);
      } catch (NumberFormatException e) {
        throw new IOException(file + " line " + lineNo + ": expected two integers, got '" + t + "'");
      }
      if (isBlockSize) {
        if (second < 1) {
          throw new IOException(file + " line " + lineNo + ": BlockSize must be at least 1, got '" + t + "'");
        }
        blockSize = second;
      } else if (second < 0) {
        throw new IOException(file + " line " + lineNo + ": count must not be negative, got '" + t + "'");
      } else {
        buckets.add(new long[] {first, second});
      }
    }
    long[] values = new long[buckets.size()];
    long[] counts = new long[buckets.size()];
    long total = 0;
    for (int i = 0; i < values.length; i++) {
      values[i] = buckets.get(i)[0] * blockSize;
      counts[i] = buckets.get(i)[1];
      total += counts[i];
    }
    if (total == 0) {
      throw new IOException(file + ": no bucket with a positive count");
    }
    return new long[][] {values, counts};
  }

  @Override
  public long nextLong() {
    long pick = random().nextLong(total);
    int lo = 0;
    int hi = cumulativeCounts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulativeCounts[mid] > pick) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return remember(values[lo]);
  }

  @Override
  public Long nextValue() {
    return remembered(nextLong());
  }

  @Override
  public double mean() {
    double sum = 0;
    long prev = 0;
    for (int i = 0; i < values.length; i++) {
      sum += values[i] * (double) (cumulativeCounts[i] - prev);
      prev = cumulativeCounts[i];
    }
    return sum / total;
  }
}
