package site.ycsb.tools.comparison;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import site.ycsb.tools.stats.BatchJackknife;
import site.ycsb.tools.stats.BlockLength;

/**
 * One run's figures over any subset of its intervals, as the jackknife samples it: each interval
 * weighted, throughput and failure rate as ratios of the weighted sums, latencies from the
 * weighted histograms.
 */
final class SampledRun implements BatchJackknife.Run {
  private final RunIntervals run;
  private final List<Figure> figures;
  /** Per section, the percentiles wanted, ascending. */
  private final Map<String, double[]> percentiles = new LinkedHashMap<>();
  private final int block;

  /**
   * @param run the run's intervals
   * @param figures the figures to compute, in the order {@link #figures(int[])} gives them
   */
  SampledRun(RunIntervals run, List<Figure> figures) {
    this.run = run;
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
    return run.intervals();
  }

  @Override
  public int blockLength() {
    return block;
  }

  @Override
  public double[] figures(int[] weights) {
    Map<String, double[]> bySection = new LinkedHashMap<>();
    percentiles.forEach((s, p) -> {
      SectionIntervals si = run.latency().get(s);
      bySection.put(s, si == null ? null : si.figures(weights, p));
    });
    double[] out = new double[figures.size()];
    for (int i = 0; i < out.length; i++) {
      Figure f = figures.get(i);
      switch (f.kind()) {
        case THROUGHPUT:
          out[i] = ratio(run.operations(), run.seconds(), weights, 1);
          break;
        case FAILURES:
          out[i] = ratio(run.failed(), run.calls(), weights, 100);
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
    double[] seconds = run.seconds();
    long[] operations = run.operations();
    int n = seconds.length;
    double[] rate = new double[n];
    double[] sum = new double[n];
    double[] count = new double[n];
    for (int t = 0; t < n; t++) {
      rate[t] = seconds[t] > 0 ? operations[t] / seconds[t] : 0;
    }
    for (String s : percentiles.keySet()) {
      SectionIntervals si = run.latency().get(s);
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
    return Math.max(BlockLength.of(rate), BlockLength.of(Arrays.copyOf(means, m)));
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
}
