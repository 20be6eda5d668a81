package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import site.ycsb.measurements.LatencyStats;

/**
 * Upstream's {@code measurementtype=histogram} lines with {@code measurement.histogram.verbose=true}:
 * {@code [READ], 0, n} counts the calls that took less than 1 ms, {@code [READ], 1, n} those from
 * 1 ms to 2 ms, and so on up to {@code histogram.buckets}; {@code [READ], >1000, n} counts the slower ones. Taken from the
 * section's histogram: a call within 0.1% of a bucket edge may be counted in the neighbour.
 */
final class HistogramBuckets {
  private static final long MS = 1_000_000L;

  private HistogramBuckets() {
  }

  static List<ResultLine> lines(String section, LatencyStats s, int buckets) {
    long[] counts = new long[buckets + 1];
    Histogram h = s.histogram();
    for (HistogramIterationValue v : h.recordedValues()) {
      // each recorded value goes to exactly one bucket, so the lines sum to Operations
      long ms = h.medianEquivalentValue(v.getValueIteratedTo()) / MS;
      counts[(int) Math.min(ms, buckets)] += v.getCountAtValueIteratedTo();
    }
    List<ResultLine> out = new ArrayList<>(buckets + 1);
    for (int i = 0; i < buckets; i++) {
      out.add(new ResultLine(section, Integer.toString(i), counts[i]));
    }
    out.add(new ResultLine(section, ">" + buckets, counts[buckets]));
    return out;
  }
}
