package site.ycsb.tools.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.results.IntervalLog;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/**
 * Aligns the clients' time series on the wall clock: every row and every interval histogram goes
 * into the bucket, on a grid of {@code granularity} ms from the earliest client's phase start,
 * whose end is nearest to the end of its interval. Per bucket, counts are summed, rates are the
 * sum of the clients' rates, means are weighted by counts, maxima are the largest, and
 * percentiles come from the interval histograms of all clients added together (averaging
 * percentiles would be wrong).
 */
final class TimeSeriesMerger {
  static final String HEADER = site.ycsb.results.ResultsWriter.TIME_SERIES_HEADER;

  /** One row of an input's timeseries.csv. */
  private record Row(long elapsedMs, long epochMs, String section, long count, double opsPerSec, double meanUs,
                     double maxUs, double intendedOpsPerSec, long bytes, double mbPerSec, long retries) {
  }

  /** What the clients reported for one section in one bucket. */
  private static final class Cell {
    long count;
    double weightedMeanSum;
    long meanCount;
    double maxUs = -1;
    long bytes;
    long retries;
    boolean intended;
    /**
     * per input: operations, seconds covered in this bucket, bytes and intended operations, to sum
     * the clients' rates
     */
    final Map<Integer, double[]> perInput = new HashMap<>();

    double opsPerSec() {
      return rate(0);
    }

    /** @return the sum over the clients of one figure's rate */
    double rate(int figure) {
      double sum = 0;
      for (double[] v : perInput.values()) {
        if (v[1] > 0) {
          sum += v[figure] / v[1];
        }
      }
      return sum;
    }
  }

  private final List<ResultsFolder> inputs;
  private final long granularityMs;
  private final PrintStream err;
  private final TreeMap<Long, Map<String, Cell>> rows = new TreeMap<>();
  /** per section and bucket: the clients' interval histograms, still compressed */
  private final Map<String, TreeMap<Long, List<IntervalLog.Encoded>>> intervals = new HashMap<>();
  /** per section and bucket: count, p50, p99 and p99.9 (ns) of the added interval histograms */
  private final Map<String, Map<Long, long[]>> unionFigures = new HashMap<>();
  private long phaseStart = Long.MAX_VALUE;

  TimeSeriesMerger(List<ResultsFolder> inputs, long granularityMs, PrintStream err) {
    this.inputs = inputs;
    this.granularityMs = granularityMs;
    this.err = err;
  }

  /** Reads every input's timeseries.csv and hdr/*.hlog and writes the merged ones into {@code out}. */
  void merge(Path out) throws ResultsInputException, IOException {
    List<List<Row>> all = new ArrayList<>();
    for (ResultsFolder in : inputs) {
      List<Row> r = readRows(in);
      all.add(r);
      for (Row row : r) {
        phaseStart = Math.min(phaseStart, row.epochMs - row.elapsedMs);
      }
    }
    if (phaseStart == Long.MAX_VALUE) {
      // no rows at all: align on the earliest window start so the logs still have a base time
      for (ResultsFolder in : inputs) {
        phaseStart = Math.min(phaseStart, in.windowStartEpochMillis());
      }
    }
    for (int i = 0; i < all.size(); i++) {
      for (Row row : all.get(i)) {
        addRow(i, row);
      }
      readHistograms(inputs.get(i));
    }
    Files.createDirectories(out.resolve("hdr"));
    for (Map.Entry<String, TreeMap<Long, List<IntervalLog.Encoded>>> e : intervals.entrySet()) {
      writeIntervalLog(out.resolve("hdr").resolve(e.getKey() + ".hlog"), e.getKey(), e.getValue());
    }
    writeRows(out.resolve("timeseries.csv"));
  }

  /** Adds the clients' intervals bucket by bucket, one decoded histogram at a time, and logs each sum. */
  private void writeIntervalLog(Path file, String section, TreeMap<Long, List<IntervalLog.Encoded>> buckets)
      throws IOException, ResultsInputException {
    Map<Long, long[]> figures = unionFigures.computeIfAbsent(section, s -> new HashMap<>());
    Histogram sum = new Histogram(3);
    sum.setAutoResize(true);
    try (IntervalLog.Writer w = new IntervalLog.Writer(file, section, phaseStart)) {
      for (Map.Entry<Long, List<IntervalLog.Encoded>> b : buckets.entrySet()) {
        sum.reset();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (IntervalLog.Encoded iv : b.getValue()) {
          sum.add(iv.decode());
          start = Math.min(start, iv.startEpochMillis());
          end = Math.max(end, iv.endEpochMillis());
        }
        figures.put(b.getKey(), new long[] {sum.getTotalCount(), sum.getValueAtPercentile(50),
            sum.getValueAtPercentile(99), sum.getValueAtPercentile(99.9)});
        w.add(start, end, sum);
      }
    }
  }

  /**
   * @return the bucket whose end is nearest to {@code epochMs}: clients sample on their own clocks,
   *     so their interval ends differ by a few milliseconds; the nearest grid point keeps matching
   *     intervals together, where rounding up would put a client that started later one bucket behind
   */
  private long bucket(long epochMs) {
    long since = epochMs - phaseStart;
    return Math.max(1, Math.floorDiv(since + granularityMs / 2, granularityMs));
  }

  private void addRow(int input, Row row) {
    Cell c = rows.computeIfAbsent(bucket(row.epochMs), k -> new HashMap<>())
        .computeIfAbsent(row.section, s -> new Cell());
    c.count += row.count;
    if (row.meanUs >= 0 && row.count > 0) {
      c.weightedMeanSum += row.meanUs * row.count;
      c.meanCount += row.count;
    }
    c.maxUs = Math.max(c.maxUs, row.maxUs);
    double seconds = row.opsPerSec > 0 ? row.count / row.opsPerSec : (row.count > 0 ? granularityMs / 1000.0 : 0);
    double[] v = c.perInput.computeIfAbsent(input, k -> new double[4]);
    v[0] += row.count;
    v[1] += seconds;
    // the rate the input states, as for operations: an input that is itself a merge states the sum
    // of its clients' rates, which its bytes over its seconds would not give back
    v[2] += row.mbPerSec > 0 && seconds > 0 ? row.mbPerSec * 1e6 * seconds : row.bytes;
    if (row.intendedOpsPerSec >= 0) {
      v[3] += row.intendedOpsPerSec * seconds;
      c.intended = true;
    }
    c.bytes += row.bytes;
    c.retries += row.retries;
  }

  private void readHistograms(ResultsFolder in) throws ResultsInputException, IOException {
    Path hdr = in.dir().resolve("hdr");
    if (!Files.isDirectory(hdr)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(hdr, "*.hlog")) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        String section = name.substring(0, name.length() - ".hlog".length());
        TreeMap<Long, List<IntervalLog.Encoded>> buckets = intervals.computeIfAbsent(section, k -> new TreeMap<>());
        for (IntervalLog.Encoded iv : IntervalLog.read(f)) {
          buckets.computeIfAbsent(bucket(iv.endEpochMillis()), k -> new ArrayList<>()).add(iv);
        }
      }
    }
  }

  private List<Row> readRows(ResultsFolder in) throws ResultsInputException {
    Path file = in.dir().resolve("timeseries.csv");
    List<Row> out = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      err.println("WARNING: " + file + " is missing; the merged time series leaves that client out");
      return out;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ResultsInputException(file + " cannot be read: " + e.getMessage());
    }
    if (lines.isEmpty() || !lines.get(0).startsWith("elapsed_ms,epoch_ms,section,count,ops_per_sec,mean_us")) {
      throw new ResultsInputException(file + " does not start with the header " + HEADER);
    }
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", -1);
      if (f.length < 10) {
        // a row cut short by a kill is the only damage a growing file can have; skip it
        err.println("WARNING: " + file + " line " + (i + 1) + " is incomplete and left out");
        continue;
      }
      try {
        // files written before the intended rate, bytes and retries were recorded have ten columns
        out.add(new Row(Long.parseLong(f[0]), Long.parseLong(f[1]), f[2], Long.parseLong(f[3]), number(f[4]),
            number(f[5]), number(f[9]), f.length > 10 ? number(f[10]) : -1,
            f.length > 11 && !f[11].isEmpty() ? Long.parseLong(f[11]) : 0, f.length > 12 ? number(f[12]) : -1,
            f.length > 13 && !f[13].isEmpty() ? Long.parseLong(f[13]) : 0));
      } catch (NumberFormatException e) {
        throw new ResultsInputException(file + " line " + (i + 1) + " has a value that is not a number: " + line);
      }
    }
    return out;
  }

  private void writeRows(Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(HEADER);
      w.write('\n');
      for (Map.Entry<Long, Map<String, Cell>> b : rows.entrySet()) {
        long elapsed = b.getKey() * granularityMs;
        List<String> sections = new ArrayList<>(b.getValue().keySet());
        sections.sort(Comparator.comparingInt(TimeSeriesMerger::rank).thenComparing(Comparator.naturalOrder()));
        for (String section : sections) {
          Cell c = b.getValue().get(section);
          StringBuilder sb = new StringBuilder();
          sb.append(elapsed).append(',').append(phaseStart + elapsed).append(',').append(section).append(',')
              .append(c.count).append(',').append(fmt(c.opsPerSec())).append(',');
          if ("OVERALL".equals(section)) {
            sb.append(",,,,,").append(c.intended ? fmt(c.rate(3)) : "").append(',');
            sb.append(c.bytes).append(',').append(fmt(c.rate(2) / 1e6)).append(',');
          } else {
            sb.append(c.meanCount > 0 ? fmt(c.weightedMeanSum / c.meanCount) : "").append(',');
            Map<Long, long[]> figures = unionFigures.get(section);
            long[] union = figures == null ? null : figures.get(b.getKey());
            long maxNanos = Math.round(c.maxUs * 1000.0);
            if (union != null && union[0] == c.count && c.count > 0) {
              sb.append(micros(union[1], maxNanos)).append(',').append(micros(union[2], maxNanos)).append(',')
                  .append(micros(union[3], maxNanos)).append(',');
            } else {
              // without every client's interval histogram a percentile of the union cannot be known
              sb.append(",,,");
            }
            sb.append(c.maxUs >= 0 ? fmt(c.maxUs) : "").append(",,");
            sb.append(c.bytes > 0 ? c.bytes + "," + fmt(c.rate(2) / 1e6) : ",");
            sb.append(',').append(c.retries > 0 ? Long.toString(c.retries) : "");
          }
          w.write(sb.toString());
          w.write('\n');
        }
      }
    }
  }

  /** A percentile of the union, never above the exact maximum the clients reported. */
  private static String micros(long percentileNanos, long maxNanos) {
    return fmt(Math.min(percentileNanos, maxNanos) / 1000.0);
  }

  /** Sections in the order the benchmark writes them: OVERALL, then per operation OK, FAILED, Intended. */
  private static int rank(String section) {
    if ("OVERALL".equals(section)) {
      return 0;
    }
    int r = 1;
    for (Operation op : Operation.all()) {
      for (Outcome outcome : Outcome.values()) {
        if (outcome.section(op).equals(section)) {
          return r;
        }
        r++;
      }
    }
    return Integer.MAX_VALUE;
  }

  private static double number(String s) {
    return s.isEmpty() ? -1 : Double.parseDouble(s);
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
