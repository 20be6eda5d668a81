package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import site.ycsb.measurements.LatencyStats;

/**
 * The lines upstream's raw measurement adds to a section: {@code Total Operations}, then (unless
 * {@code measurement.raw.no_summary=true}) a marker line, {@code Average}, {@code Min}, {@code Max}
 * and {@code p1} ... {@code p99.99} in whole microseconds. Upstream takes pN as the value at index
 * {@code (int) (count * N / 100)} of the sorted latencies; here it is the same rank in the
 * section's histogram, within its 0.1% resolution, and minimum and maximum are exact.
 */
final class RawSummaryLines {
  private static final double[] FRACTIONS = {0.01, 0.05, 0.5, 0.9, 0.95, 0.99, 0.999, 0.9999};
  private static final String[] NAMES = {"p1", "p5", "p50", "p90", "p95", "p99", "p99.9", "p99.99"};

  private RawSummaryLines() {
  }

  static List<ResultLine> lines(String section, LatencyStats s, boolean statistics) {
    List<ResultLine> out = new ArrayList<>();
    out.add(new ResultLine(section, "Total Operations", s.count()));
    if (!statistics || s.count() == 0) {
      return out;
    }
    out.add(new ResultLine(section, "Below is a summary of latency in microseconds:", -1L));
    out.add(new ResultLine(section, "Average", s.meanNanos() / 1000.0));
    out.add(new ResultLine(section, "Min", micros(s.minNanos())));
    out.add(new ResultLine(section, "Max", micros(s.maxNanos())));
    for (int i = 0; i < FRACTIONS.length; i++) {
      long index = (long) (s.count() * FRACTIONS[i]);
      long nanos = Math.max(s.minNanos(), Math.min(s.maxNanos(), valueAtIndex(s.histogram(), index)));
      out.add(new ResultLine(section, NAMES[i], micros(nanos)));
    }
    return out;
  }

  /** @return the value of the {@code index}-th (0-based) smallest recorded latency */
  private static long valueAtIndex(Histogram h, long index) {
    long seen = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      seen += v.getCountAtValueIteratedTo();
      if (seen > index) {
        return h.medianEquivalentValue(v.getValueIteratedTo());
      }
    }
    return h.getMaxValue();
  }

  private static long micros(long nanos) {
    return Math.round(nanos / 1000.0);
  }
}
