package site.ycsb.tools.comparison;

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
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.Operation;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/**
 * Reads a results folder's measured intervals: each interval's length and workload operations
 * from {@code timeseries.csv}, its calls, failed calls and each section's latencies from the
 * interval logs {@code hdr/SECTION.hlog}, placed in the interval whose end is nearest theirs. Longer
 * runs are read in at most {@link #MAX_UNITS} groups of consecutive intervals. Without a time series
 * the run is one interval (its whole-window figures from summary.json); a section without an
 * interval log has only its whole-run histogram.
 */
final class RunIntervalsReader {
  /** Longer runs are sampled in this many groups of consecutive intervals, to bound the work. */
  static final int MAX_UNITS = 500;

  private RunIntervalsReader() {
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
    for (String section : RunIntervals.latencySectionNames()) {
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
    for (String section : RunIntervals.latencySectionNames()) {
      ResultsFolder.Section s = whole.get(section);
      if (s != null && s.histogram().getTotalCount() > 0) {
        latency.put(section, new SectionIntervals(List.of(s.histogram()), false));
      }
    }
    return new RunIntervals(folder.dir(), false, new double[] {secs > 0 ? secs : Double.NaN}, new long[] {ops},
        new long[] {calls}, new long[] {failed}, false, latency);
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
