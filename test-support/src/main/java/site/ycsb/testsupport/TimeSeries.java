package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A results folder's {@code timeseries.csv} (docs/results.md) as a user reads it: per interval,
 * how many operations completed in it and how many of those failed.
 */
public final class TimeSeries {
  /**
   * One interval.
   *
   * @param endMillis its end, since the phase started
   * @param epochMillis its end on the wall clock
   * @param operations workload operations completed in it (the OVERALL row), failed ones included
   * @param failed calls that failed in it (the -FAILED rows)
   */
  public record Interval(long endMillis, long epochMillis, long operations, long failed) {
    /** @return the operations that did not fail */
    public long succeeded() {
      return Math.max(0, operations - failed);
    }

    @Override
    public String toString() {
      return endMillis + " ms: " + operations + " ops, " + failed + " failed";
    }
  }

  private final List<Interval> intervals;

  private TimeSeries(List<Interval> intervals) {
    this.intervals = intervals;
  }

  /**
   * @param resultsDir a results folder ({@code resultsdir})
   * @return its time series; empty when the file has no row yet
   */
  public static TimeSeries read(Path resultsDir) {
    Path file = resultsDir.resolve("timeseries.csv");
    if (!Files.exists(file)) {
      return new TimeSeries(List.of());
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<Long, long[]> rows = new TreeMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length < 4 || f[3].isEmpty()) {
        continue; // a row being written
      }
      long[] r = rows.computeIfAbsent(Long.parseLong(f[0]), k -> new long[3]);
      r[0] = Long.parseLong(f[1]);
      String section = f[2];
      if ("OVERALL".equals(section)) {
        r[1] += Long.parseLong(f[3]);
      } else if (section.endsWith("-FAILED") && !section.startsWith("Intended-")) {
        r[2] += Long.parseLong(f[3]);
      }
    }
    List<Interval> out = new ArrayList<>();
    rows.forEach((end, r) -> out.add(new Interval(end, r[0], r[1], r[2])));
    return new TimeSeries(List.copyOf(out));
  }

  /** @return the intervals in order */
  public List<Interval> intervals() {
    return intervals;
  }

  /** @return the phase's start on the wall clock (epoch ms), or -1 before the first row */
  public long phaseStartEpochMillis() {
    return intervals.isEmpty() ? -1 : intervals.get(0).epochMillis() - intervals.get(0).endMillis();
  }

  /** @return the end of the last interval since the phase started, or 0 before the first row */
  public long lastEndMillis() {
    return intervals.isEmpty() ? 0 : intervals.get(intervals.size() - 1).endMillis();
  }

  /** @return the failed calls of every interval */
  public long totalFailed() {
    return intervals.stream().mapToLong(Interval::failed).sum();
  }

  /**
   * @param fromMillis an instant since the phase started
   * @return the first interval ending after it that holds a failure, or null
   */
  public Interval firstFailureAfter(long fromMillis) {
    for (Interval i : intervals) {
      if (i.endMillis() > fromMillis && i.failed() > 0) {
        return i;
      }
    }
    return null;
  }

  /**
   * @param fromMillis start (exclusive: intervals ending after it)
   * @param toMillis end (inclusive: intervals ending at or before it)
   * @return the intervals ending in that span
   */
  public List<Interval> between(long fromMillis, long toMillis) {
    List<Interval> out = new ArrayList<>();
    for (Interval i : intervals) {
      if (i.endMillis() > fromMillis && i.endMillis() <= toMillis) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * @param fromMillis an instant since the phase started
   * @return the intervals that began at or after it: an interval that spans the instant is left
   *     out, as its successes may all have come before it (a fault's restore inside an interval
   *     whose first half still succeeded is no sign the server serves again)
   */
  public List<Interval> startingFrom(long fromMillis) {
    List<Interval> out = new ArrayList<>();
    long start = 0;
    for (Interval i : intervals) {
      if (start >= fromMillis) {
        out.add(i);
      }
      start = i.endMillis();
    }
    return out;
  }

  @Override
  public String toString() {
    return intervals.toString();
  }
}
