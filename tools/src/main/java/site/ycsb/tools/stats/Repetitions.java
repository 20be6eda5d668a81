package site.ycsb.tools.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import site.ycsb.results.ResultLine;
import site.ycsb.results.ResultsFolder;

/**
 * Statistics over repetitions of one configuration: mean, sample standard deviation and a
 * confidence interval from Student's t distribution (right for the handful of repetitions a
 * benchmark has, where the normal distribution would make the interval too narrow), and the
 * relative difference between two configurations. Used by {@code ycsb compare} and the HTML report.
 */
public final class Repetitions {
  /** The confidence of the intervals {@link #estimate(double...)} gives. */
  public static final double CONFIDENCE = 0.95;

  private Repetitions() {
  }

  /**
   * Mean and spread of the repetitions of one figure.
   *
   * @param n how many values
   * @param mean their mean
   * @param standardDeviation sample standard deviation (n - 1 in the denominator); NaN when n &lt; 2
   * @param low lower bound of the confidence interval of the mean; NaN when n &lt; 2
   * @param high upper bound; NaN when n &lt; 2
   */
  public record Estimate(int n, double mean, double standardDeviation, double low, double high) {
    /** @return half the width of the confidence interval (the "±" figure) */
    public double halfWidth() {
      return (high - low) / 2;
    }
  }

  /**
   * One summary line ({@code [section], metric}) compared across two groups of repetitions.
   *
   * @param section e.g. {@code READ}
   * @param metric e.g. {@code 99thPercentileLatency(us)}
   * @param a the first group's estimate, or null when none of its folders has the line
   * @param b the second group's, or null (also when there is no second group)
   * @param differencePercent |mean(a) - mean(b)| / mean of both means, in percent; NaN without both
   */
  public record Comparison(String section, String metric, Estimate a, Estimate b, double differencePercent) {
  }

  /** @return the estimate with a 95% confidence interval */
  public static Estimate estimate(double... values) {
    return estimate(values, CONFIDENCE);
  }

  /**
   * @param values the repetitions (at least one)
   * @param confidence e.g. 0.95 for a two-sided 95% interval
   * @return mean, standard deviation and confidence interval of the mean
   */
  public static Estimate estimate(double[] values, double confidence) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
    }
    int n = values.length;
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / n;
    if (n < 2) {
      return new Estimate(n, mean, Double.NaN, Double.NaN, Double.NaN);
    }
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(squares / (n - 1));
    double half = tQuantile(1 - (1 - confidence) / 2, n - 1) * sd / Math.sqrt(n);
    return new Estimate(n, mean, sd, mean - half, mean + half);
  }

  /**
   * @param p probability, e.g. 0.975
   * @param degreesOfFreedom at least 1
   * @return the quantile of Student's t distribution, e.g. 2.7764 for (0.975, 4)
   */
  public static double tQuantile(double p, int degreesOfFreedom) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("probability must be in (0, 1): " + p);
    }
    return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(p);
  }

  /**
   * @return |a - b| / ((a + b) / 2) in percent: symmetric, so neither value is the baseline; 0 when
   *     both are 0
   */
  public static double percentDifference(double a, double b) {
    if (a == b) {
      return 0;
    }
    double mean = (a + b) / 2;
    return Math.abs(a - b) / Math.abs(mean) * 100.0;
  }

  /**
   * @param section a summary section
   * @param metric a metric of it
   * @return whether repetitions compare it: overall throughput, and the average and every
   *     percentile latency of each section
   */
  public static boolean isCompared(String section, String metric) {
    if ("OVERALL".equals(section)) {
      return "Throughput(ops/sec)".equals(metric);
    }
    return "AverageLatency(us)".equals(metric) || metric.endsWith("PercentileLatency(us)");
  }

  /**
   * @param folders repetitions of one configuration
   * @return each compared line ({@code section}, {@code metric}) with its values over the folders
   *     that have it, in the order the summaries list them
   */
  public static Map<List<String>, double[]> values(List<ResultsFolder> folders) {
    Map<List<String>, List<Double>> collected = new LinkedHashMap<>();
    for (ResultsFolder f : folders) {
      java.util.Set<List<String>> seen = new java.util.HashSet<>();
      for (ResultLine l : f.lines()) {
        List<String> key = List.of(l.section(), l.metric());
        // a summary lists each line once; a repeated one is ignored rather than counted twice
        if (isCompared(l.section(), l.metric()) && seen.add(key)) {
          collected.computeIfAbsent(key, k -> new ArrayList<>()).add(l.value().doubleValue());
        }
      }
    }
    Map<List<String>, double[]> out = new LinkedHashMap<>();
    collected.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
    return out;
  }

  /**
   * @param groupA repetitions of one configuration
   * @param groupB repetitions of another, or an empty list to describe {@code groupA} alone
   * @return one comparison per compared line, throughput first
   */
  public static List<Comparison> compare(List<ResultsFolder> groupA, List<ResultsFolder> groupB) {
    return compare(groupA, groupB, CONFIDENCE);
  }

  /**
   * @param groupA repetitions of one configuration
   * @param groupB repetitions of another, or an empty list to describe {@code groupA} alone
   * @param confidence the level of the intervals, e.g. 0.95
   * @return one comparison per compared line, throughput first
   */
  public static List<Comparison> compare(List<ResultsFolder> groupA, List<ResultsFolder> groupB, double confidence) {
    Map<List<String>, double[]> a = values(groupA);
    Map<List<String>, double[]> b = groupB.isEmpty() ? Map.of() : values(groupB);
    Map<List<String>, Boolean> keys = new LinkedHashMap<>();
    a.keySet().forEach(k -> keys.put(k, true));
    b.keySet().forEach(k -> keys.put(k, true));
    List<Comparison> out = new ArrayList<>();
    for (List<String> k : keys.keySet()) {
      Estimate ea = a.containsKey(k) ? estimate(a.get(k), confidence) : null;
      Estimate eb = b.containsKey(k) ? estimate(b.get(k), confidence) : null;
      double diff = ea != null && eb != null ? percentDifference(ea.mean(), eb.mean()) : Double.NaN;
      out.add(new Comparison(k.get(0), k.get(1), ea, eb, diff));
    }
    return out;
  }
}
