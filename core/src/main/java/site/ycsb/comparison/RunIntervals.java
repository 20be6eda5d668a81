package site.ycsb.comparison;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.Operation;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/**
 * One results folder's measured intervals, as a comparison samples them: each interval's length
 * and workload operations (from {@code timeseries.csv}), its calls and failed calls, and each
 * section's latencies (from the interval logs {@code hdr/SECTION.hlog}). A merged folder's
 * intervals are its time buckets, each holding every client's histograms of that bucket added.
 * Without a time series the run is one interval (its whole-window figures from summary.json); a
 * section without an interval log has only its whole-run histogram.
 */
final class RunIntervals {
  /** Longer runs are sampled in this many groups of consecutive intervals, to bound the work. */
  static final int MAX_UNITS = 500;

  private final Path dir;
  /** Whether the intervals are the run's own (from its time series), not its whole window as one. */
  private final boolean timeResolved;
  private final double[] seconds;
  private final long[] operations;
  private final long[] calls;
  private final long[] failed;
  private final boolean failuresResolved;
  private final Map<String, SectionIntervals> latency;

  private RunIntervals(Path dir, boolean timeResolved, double[] seconds, long[] operations, long[] calls,
                       long[] failed, boolean failuresResolved, Map<String, SectionIntervals> latency) {
    this.dir = dir;
    this.timeResolved = timeResolved;
    this.seconds = seconds;
    this.operations = operations;
    this.calls = calls;
    this.failed = failed;
    this.failuresResolved = failuresResolved;
    this.latency = latency;
  }

  /** @return whether its intervals are its own, from its time series (else its whole window is one) */
  boolean timeResolved() {
    return timeResolved;
  }

  /** @return the folder it was read from */
  Path dir() {
    return dir;
  }

  /** @return how many intervals (or groups of intervals) it is sampled in */
  int intervals() {
    return seconds.length;
  }

  /** @return the latency sections it has calls in: operations, and from the intended start */
  java.util.Set<String> latencySections() {
    return latency.keySet();
  }

  /**
   * @param f a figure
   * @return whether its interval-by-interval values are known (else only the whole run's)
   */
  boolean resolved(Figure f) {
    if (!timeResolved) {
      return false;
    }
    switch (f.kind()) {
      case THROUGHPUT:
        return true;
      case FAILURES:
        return failuresResolved;
      default:
        SectionIntervals s = latency.get(f.section());
        return s == null || s.resolved();
    }
  }

  /**
   * @param figures the figures to compute
   * @return the run as the jackknife samples it, giving those figures in that order
   */
  Sampled sampled(List<Figure> figures) {
    return new Sampled(figures);
  }

  /** The run's figures over any subset of its intervals. */
  final class Sampled implements site.ycsb.stats.BatchJackknife.Run {
    private final List<Figure> figures;
    /** Per section, the percentiles wanted, ascending. */
    private final Map<String, double[]> percentiles = new LinkedHashMap<>();
    private final int block;

    private Sampled(List<Figure> figures) {
      this.figures = figures;
      Map<String, TreeSet<Double>> wanted = new LinkedHashMap<>();
      for (Figure f : figures) {
        if (f.isLatency()) {
          TreeSet<Double> p = wanted.computeIfAbsent(f.section(), k -> new TreeSet<>());
          if (f.kind() == Figure.Kind.PERCENTILE) {
            p.add(f.percentile());
          }
        }
      }
      wanted.forEach((s, p) -> percentiles.put(s, p.stream().mapToDouble(Double::doubleValue).toArray()));
      this.block = longestBlock();
    }

    @Override
    public int intervals() {
      return seconds.length;
    }

    @Override
    public int blockLength() {
      return block;
    }

    @Override
    public double[] figures(int[] weights) {
      Map<String, double[]> bySection = new LinkedHashMap<>();
      percentiles.forEach((s, p) -> {
        SectionIntervals si = latency.get(s);
        bySection.put(s, si == null ? null : si.figures(weights, p));
      });
      double[] out = new double[figures.size()];
      for (int i = 0; i < out.length; i++) {
        Figure f = figures.get(i);
        switch (f.kind()) {
          case THROUGHPUT:
            out[i] = ratio(operations, seconds, weights, 1);
            break;
          case FAILURES:
            out[i] = ratio(failed, calls, weights, 100);
            break;
          default:
            double[] v = bySection.get(f.section());
            if (v == null) {
              out[i] = Double.NaN;
            } else if (f.kind() == Figure.Kind.MEAN) {
              out[i] = v[0];
            } else if (f.kind() == Figure.Kind.MAX) {
              out[i] = v[v.length - 1];
            } else {
              out[i] = v[1 + Arrays.binarySearch(percentiles.get(f.section()), f.percentile())];
            }
        }
      }
      return out;
    }

    @Override
    public boolean isMaximum(int figure) {
      return figures.get(figure).kind() == Figure.Kind.MAX;
    }

    /**
     * How long the run's intervals stay correlated: the longer of what its throughput and its
     * mean latency (all compared sections' calls together), interval by interval, ask for.
     */
    private int longestBlock() {
      int n = seconds.length;
      double[] rate = new double[n];
      double[] sum = new double[n];
      double[] count = new double[n];
      for (int t = 0; t < n; t++) {
        rate[t] = seconds[t] > 0 ? operations[t] / seconds[t] : 0;
      }
      for (String s : percentiles.keySet()) {
        SectionIntervals si = latency.get(s);
        if (si != null && si.resolved() && !s.startsWith("Intended-")) {
          for (int t = 0; t < n; t++) {
            sum[t] += si.sum(t);
            count[t] += si.count(t);
          }
        }
      }
      double[] means = new double[n];
      int m = 0;
      for (int t = 0; t < n; t++) {
        if (count[t] > 0) {
          means[m++] = sum[t] / count[t];
        }
      }
      return Math.max(site.ycsb.stats.BlockLength.of(rate), site.ycsb.stats.BlockLength.of(Arrays.copyOf(means, m)));
    }
  }

  private static double ratio(long[] numerator, long[] denominator, int[] weights, double scale) {
    double num = 0;
    double den = 0;
    for (int t = 0; t < weights.length; t++) {
      num += (double) weights[t] * numerator[t];
      den += (double) weights[t] * denominator[t];
    }
    return den > 0 ? scale * num / den : Double.NaN;
  }

  private static double ratio(long[] numerator, double[] denominator, int[] weights, double scale) {
    double num = 0;
    double den = 0;
    for (int t = 0; t < weights.length; t++) {
      num += (double) weights[t] * numerator[t];
      den += weights[t] * denominator[t];
    }
    return den > 0 ? scale * num / den : Double.NaN;
  }

  /**
   * @param folder a results folder (single client or merged)
   * @return its intervals
   * @throws ResultsInputException when its time series or an interval log cannot be read
   */
  static RunIntervals read(ResultsFolder folder) throws ResultsInputException {
    Path dir = folder.dir();
    List<long[]> rows = overallRows(dir.resolve("timeseries.csv"));
    if (rows.isEmpty()) {
      return wholeRun(folder);
    }
    int n = rows.size();
    int group = (n + MAX_UNITS - 1) / MAX_UNITS;
    int units = (n + group - 1) / group;
    long[] ends = new long[n];
    for (int t = 0; t < n; t++) {
      ends[t] = rows.get(t)[0];
    }
    double[] seconds = new double[units];
    long[] operations = new long[units];
    long windowStart = folder.windowStartEpochMillis();
    for (int t = 0; t < n; t++) {
      long start = t > 0 ? ends[t - 1] : windowStart > 0 && windowStart < ends[0] ? windowStart
          : ends[0] - (n > 1 ? ends[1] - ends[0] : 1000);
      seconds[t / group] += Math.max(1, ends[t] - start) / 1000.0;
      operations[t / group] += rows.get(t)[1];
    }
    // the rows' instants are whole milliseconds: stretch them to the exact window, so that the whole
    // run's throughput is the summary's
    double total = Arrays.stream(seconds).sum();
    double window = folder.runtimeNanos() / 1e9;
    if (window > 0 && Math.abs(window - total) < total / n) {
      for (int u = 0; u < units; u++) {
        seconds[u] *= window / total;
      }
    }
    Map<String, SectionIntervals.Builder> logged = new LinkedHashMap<>();
    Map<String, long[]> loggedCounts = new LinkedHashMap<>();
    Path hdr = dir.resolve("hdr");
    if (Files.isDirectory(hdr)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(hdr, "*.hlog")) {
        List<Path> sorted = new ArrayList<>();
        files.forEach(sorted::add);
        sorted.sort(null);
        for (Path file : sorted) {
          String name = file.getFileName().toString();
          String section = name.substring(0, name.length() - ".hlog".length());
          SectionIntervals.Builder builder = new SectionIntervals.Builder(units);
          long[] count = new long[units];
          for (IntervalLogFile.Interval iv : IntervalLogFile.read(file)) {
            int u = nearest(ends, iv.endEpochMillis()) / group;
            builder.add(u, iv.histogram());
            count[u] += iv.histogram().getTotalCount();
          }
          logged.put(section, builder);
          loggedCounts.put(section, count);
        }
      } catch (IOException e) {
        throw new ResultsInputException(hdr + " cannot be read: " + e.getMessage());
      }
    }
    long[] calls = new long[units];
    long[] failed = new long[units];
    boolean failuresResolved = true;
    Map<String, ResultsFolder.Section> whole = folder.sections();
    for (Operation op : Operation.all()) {
      if (!op.isCall()) {
        continue;
      }
      for (String section : new String[] {op.label(), op.label() + "-FAILED"}) {
        long[] count = loggedCounts.get(section);
        boolean isFailed = section.endsWith("-FAILED");
        if (count == null) {
          ResultsFolder.Section s = whole.get(section);
          if (s != null && s.count() > 0) {
            // counted in the summary only: the whole run's count, not spread over its intervals
            failuresResolved = false;
            calls[0] += s.count();
            if (isFailed) {
              failed[0] += s.count();
            }
          }
          continue;
        }
        for (int u = 0; u < units; u++) {
          calls[u] += count[u];
          if (isFailed) {
            failed[u] += count[u];
          }
        }
      }
    }
    Map<String, SectionIntervals> latency = new LinkedHashMap<>();
    for (String section : latencySectionNames()) {
      SectionIntervals.Builder b = logged.get(section);
      if (b != null && b.any()) {
        latency.put(section, b.build(true));
      } else if (whole.containsKey(section) && whole.get(section).histogram().getTotalCount() > 0) {
        // no interval log: the whole run's histogram, as if it were all in the first interval
        Histogram[] one = new Histogram[units];
        one[0] = whole.get(section).histogram();
        latency.put(section, new SectionIntervals(Arrays.asList(one), false));
      }
    }
    return new RunIntervals(dir, true, seconds, operations, calls, failed, failuresResolved, latency);
  }

  /** A folder without a time series: one interval holding the whole window's figures. */
  private static RunIntervals wholeRun(ResultsFolder folder) {
    double secs = folder.runtimeNanos() / 1e9;
    long ops = folder.summary().path("operations").asLong(0);
    Number line = folder.line("OVERALL", "Throughput(ops/sec)");
    if (!(secs > 0) && line != null) {
      // a summary without its window: its throughput as the operations of one second
      secs = 1;
      ops = Math.round(line.doubleValue());
    }
    long calls = 0;
    long failed = 0;
    Map<String, ResultsFolder.Section> whole = folder.sections();
    for (Operation op : Operation.all()) {
      if (op.isCall()) {
        ResultsFolder.Section ok = whole.get(op.label());
        ResultsFolder.Section bad = whole.get(op.label() + "-FAILED");
        calls += (ok == null ? 0 : ok.count()) + (bad == null ? 0 : bad.count());
        failed += bad == null ? 0 : bad.count();
      }
    }
    Map<String, SectionIntervals> latency = new LinkedHashMap<>();
    for (String section : latencySectionNames()) {
      ResultsFolder.Section s = whole.get(section);
      if (s != null && s.histogram().getTotalCount() > 0) {
        latency.put(section, new SectionIntervals(List.of(s.histogram()), false));
      }
    }
    return new RunIntervals(folder.dir(), false, new double[] {secs > 0 ? secs : Double.NaN}, new long[] {ops},
        new long[] {calls}, new long[] {failed}, false, latency);
  }

  /** @return the sections compared, in the order results list them: each operation, then from its intended start */
  static List<String> latencySectionNames() {
    List<String> out = new ArrayList<>();
    for (Operation op : Operation.all()) {
      if (op.isCall() || op == Operation.READ_MODIFY_WRITE) {
        out.add(op.label());
      }
    }
    for (Operation op : Operation.all()) {
      if (op.isCall() || op == Operation.READ_MODIFY_WRITE) {
        out.add("Intended-" + op.label());
      }
    }
    return out;
  }

  /** @return {end epoch ms, operations} of each OVERALL row of a time series, or none without the file */
  private static List<long[]> overallRows(Path file) throws ResultsInputException {
    List<long[]> out = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ResultsInputException(file + " cannot be read: " + e.getMessage());
    }
    if (lines.isEmpty()) {
      return out;
    }
    List<String> header = Arrays.asList(lines.get(0).split(",", -1));
    int epoch = header.indexOf("epoch_ms");
    int section = header.indexOf("section");
    int count = header.indexOf("count");
    if (epoch < 0 || section < 0 || count < 0) {
      throw new ResultsInputException(file + " has no epoch_ms, section and count columns: expected the time series"
          + " of a results folder");
    }
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length <= Math.max(epoch, Math.max(section, count)) || !"OVERALL".equals(f[section])) {
        // a last row cut short by a killed client is left out with the rest of what does not parse
        continue;
      }
      try {
        out.add(new long[] {Long.parseLong(f[epoch]), Long.parseLong(f[count])});
      } catch (NumberFormatException e) {
        if (i < lines.size() - 1) {
          throw new ResultsInputException(file + " line " + (i + 1) + " has a count or time that is not a number");
        }
      }
    }
    return out;
  }

  /** @return the index of the end nearest to {@code t} */
  private static int nearest(long[] ends, long t) {
    int i = Arrays.binarySearch(ends, t);
    if (i >= 0) {
      return i;
    }
    int after = -i - 1;
    if (after == 0) {
      return 0;
    }
    if (after >= ends.length) {
      return ends.length - 1;
    }
    return t - ends[after - 1] <= ends[after] - t ? after - 1 : after;
  }
}
