package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Turns a section's HdrHistogram (nanoseconds) into the curves the report draws: the share of
 * operations per logarithmic latency bin, and the cumulative share below each latency. Bins are
 * shared by every run of a section so their curves line up.
 */
final class LatencyDistribution {
  /** Histogram bins per power of ten: fine enough to show modes, coarse enough to stay smooth. */
  static final int BINS_PER_DECADE = 20;
  /** CDF points per power of ten. */
  static final int CDF_STEPS_PER_DECADE = 40;

  private final int lowBin;
  private final int highBin;

  /**
   * @param histograms every run's histogram of one section (nulls and empty ones are ignored)
   */
  LatencyDistribution(List<Histogram> histograms) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (Histogram h : histograms) {
      if (h != null && h.getTotalCount() > 0) {
        lo = Math.min(lo, micros(h.lowestEquivalentValue(h.getMinNonZeroValue())));
        hi = Math.max(hi, micros(h.highestEquivalentValue(h.getMaxValue())));
      }
    }
    if (hi == 0) {
      lowBin = 0;
      highBin = 0;
    } else {
      lowBin = bin(Math.max(lo, 1e-3));
      highBin = Math.max(lowBin, bin(hi));
    }
  }

  /**
   * @return a closed step outline of the percentage of operations per bin: {x = latency µs, y = %}
   */
  List<double[]> histogram(Histogram h) {
    List<double[]> points = new ArrayList<>();
    if (h == null || h.getTotalCount() == 0) {
      return points;
    }
    long[] counts = new long[highBin - lowBin + 1];
    for (HistogramIterationValue v : h.recordedValues()) {
      int b = bin(micros(h.medianEquivalentValue(v.getValueIteratedTo()))) - lowBin;
      counts[Math.max(0, Math.min(counts.length - 1, b))] += v.getCountAtValueIteratedTo();
    }
    double total = h.getTotalCount();
    points.add(new double[] {edge(lowBin), 0});
    for (int i = 0; i < counts.length; i++) {
      double pct = 100.0 * counts[i] / total;
      points.add(new double[] {edge(lowBin + i), pct});
      points.add(new double[] {edge(lowBin + i + 1), pct});
    }
    points.add(new double[] {edge(highBin + 1), 0});
    return points;
  }

  /**
   * @return the cumulative percentage of operations at or below each latency: {x = µs, y = %},
   *     from the last latency below every operation to the first at or above all of them
   */
  List<double[]> cdf(Histogram h) {
    List<double[]> points = new ArrayList<>();
    if (h == null || h.getTotalCount() == 0) {
      return points;
    }
    List<double[]> values = new ArrayList<>();
    for (HistogramIterationValue v : h.recordedValues()) {
      values.add(new double[] {micros(h.medianEquivalentValue(v.getValueIteratedTo())),
          v.getCountAtValueIteratedTo()});
    }
    double total = h.getTotalCount();
    int steps = (highBin + 1 - lowBin) * CDF_STEPS_PER_DECADE / BINS_PER_DECADE;
    double logLow = (double) lowBin / BINS_PER_DECADE;
    int next = 0;
    long below = 0;
    double[] previous = null;
    for (int i = 0; i <= steps; i++) {
      double x = Math.pow(10, logLow + (double) i / CDF_STEPS_PER_DECADE);
      while (next < values.size() && values.get(next)[0] <= x) {
        below += (long) values.get(next)[1];
        next++;
      }
      double pct = 100.0 * below / total;
      if (below == 0) {
        previous = new double[] {x, 0};
        continue;
      }
      if (previous != null) {
        points.add(previous);
        previous = null;
      }
      points.add(new double[] {x, pct});
      if (below == total) {
        break;
      }
    }
    return points;
  }

  /** @return the latency in microseconds at a percentile (0..100) of a histogram in nanoseconds */
  static double percentileMicros(Histogram h, double percentile) {
    return h == null || h.getTotalCount() == 0 ? Double.NaN : micros(h.getValueAtPercentile(percentile));
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }

  private static int bin(double micros) {
    return (int) Math.floor(Math.log10(micros) * BINS_PER_DECADE + 1e-9);
  }

  private static double edge(int bin) {
    return Math.pow(10, (double) bin / BINS_PER_DECADE);
  }
}
