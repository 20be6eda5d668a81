package site.ycsb.tools.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The difference of two single runs, each run's measured intervals the samples, by the method of
 * batch means with a delete-a-batch jackknife. A run's intervals are cut into
 * {@value #MIN_BATCHES} to {@value #MAX_BATCHES} batches of consecutive intervals: ten, or fewer and
 * longer when the intervals stay correlated for longer ({@link BlockLength}; a batch at least twice
 * that long), so that batches are close to independent. The run's figure is computed again with
 * each batch left out (histograms and counts of the remaining intervals added, so a percentile
 * stays a percentile of the run's calls, never an average of interval percentiles), and the spread
 * of those figures gives its variance (the jackknife). A maximum is one call, which no jackknife
 * can judge: its variance is that of the batches' own maxima (the largest of several maxima of one
 * kind spreads as each of them does, in the limit extreme values take). The interval of the
 * difference is Welch's t interval on the two variances, with the conservative degrees of freedom:
 * those of the side with fewer batches, less one.
 */
public final class BatchJackknife {
  /** Fewer intervals than this in a run cannot show how much its figures vary. */
  public static final int MIN_INTERVALS = 10;
  /** Fewer batches than this give too rough a variance. */
  public static final int MIN_BATCHES = 5;
  /** More batches than this only make each batch shorter, and neighbouring batches more alike. */
  public static final int MAX_BATCHES = 10;

  /** A run as the jackknife sees it: intervals, how long they stay correlated, its figures over any subset. */
  public interface Run {
    /** @return how many intervals the run has */
    int intervals();

    /** @return how many consecutive intervals stay correlated (a block length) */
    int blockLength();

    /**
     * @param weights 1 for each interval counted, 0 for one left out (all 1: the run itself)
     * @return every figure compared, in a fixed order; NaN for a figure the intervals cannot give
     */
    double[] figures(int[] weights);

    /**
     * @param figure the index of a figure
     * @return whether it is the largest value of the run (a maximum), whose spread the batches'
     *     own maxima give
     */
    boolean isMaximum(int figure);
  }

  /**
   * One run's figures with their jackknife variances.
   *
   * @param figures the figures of the whole run
   * @param variances the variance of each figure
   * @param batches how many batches the run was cut into
   */
  record Estimates(double[] figures, double[] variances, int batches) {
  }

  private BatchJackknife() {
  }

  /**
   * @param n intervals of a run
   * @param block how long they stay correlated
   * @return how many batches the run is cut into
   */
  public static int batches(int n, int block) {
    return Math.max(MIN_BATCHES, Math.min(MAX_BATCHES, n / (2 * Math.max(1, block))));
  }

  /**
   * @param baseline the baseline run
   * @param candidate the candidate run
   * @param confidence the level of the two-sided intervals, e.g. 0.95
   * @return one difference per figure, in the runs' order of figures
   */
  public static Difference[] compare(Run baseline, Run candidate, double confidence) {
    double[] a = baseline.figures(ones(baseline.intervals()));
    double[] b = candidate.figures(ones(candidate.intervals()));
    Difference[] out = new Difference[a.length];
    String why = tooShort(baseline, "the baseline");
    why = why != null ? why : tooShort(candidate, "the candidate");
    if (why != null) {
      for (int i = 0; i < a.length; i++) {
        out[i] = Difference.unknown(a[i], b[i], confidence, why);
      }
      return out;
    }
    Estimates ea = estimate(baseline);
    Estimates eb = estimate(candidate);
    for (int i = 0; i < a.length; i++) {
      double va = ea.variances()[i];
      double vb = eb.variances()[i];
      if (Double.isNaN(a[i]) || Double.isNaN(b[i])) {
        out[i] = Difference.unknown(a[i], b[i], confidence, "not measured on both sides");
      } else if (Double.isNaN(va) || Double.isNaN(vb)) {
        out[i] = Difference.unknown(a[i], b[i], confidence, "too few intervals with this figure to judge its spread");
      } else {
        out[i] = interval(a[i], b[i], va, ea.batches(), vb, eb.batches(), confidence);
      }
    }
    return out;
  }

  private static String tooShort(Run r, String side) {
    int n = r.intervals();
    if (n < MIN_INTERVALS) {
      return side + " has " + n + (n == 1 ? " interval" : " intervals") + ", at least " + MIN_INTERVALS
          + " are needed (a longer run or a shorter timeseries.granularity)";
    }
    return null;
  }

  /**
   * @return the run's figures and their variances: the delete-a-batch jackknife's, or for a
   *     maximum the variance of the batches' own maxima (the largest of k maxima of one kind
   *     spreads as one of them does, in the limit extreme values take)
   */
  static Estimates estimate(Run run) {
    int n = run.intervals();
    int k = batches(n, run.blockLength());
    double[] whole = run.figures(ones(n));
    double[][] left = new double[k][];
    double[][] alone = new double[k][];
    int[] w = new int[n];
    for (int j = 0; j < k; j++) {
      int from = (int) ((long) j * n / k);
      int to = (int) ((long) (j + 1) * n / k);
      Arrays.fill(w, 1);
      Arrays.fill(w, from, to, 0);
      left[j] = run.figures(w);
      Arrays.fill(w, 0);
      Arrays.fill(w, from, to, 1);
      alone[j] = run.figures(w);
    }
    double[] variance = new double[whole.length];
    for (int i = 0; i < whole.length; i++) {
      boolean max = run.isMaximum(i);
      double[] values = new double[k];
      for (int j = 0; j < k; j++) {
        values[j] = max ? alone[j][i] : left[j][i];
      }
      if (!Arrays.stream(values).allMatch(Double::isFinite)) {
        variance[i] = Double.NaN;
      } else if (max) {
        variance[i] = StatUtils.variance(values);
      } else {
        variance[i] = (k - 1.0) * (k - 1.0) / k * StatUtils.variance(values);
      }
    }
    return new Estimates(whole, variance, k);
  }

  /** Welch's interval of b - a from the two variances, with the degrees of freedom of the side with fewer batches. */
  private static Difference interval(double a, double b, double va, int ka, double vb, int kb, double confidence) {
    return Difference.t(a, b, Math.sqrt(va + vb), Math.min(ka, kb) - 1, confidence);
  }

  private static int[] ones(int n) {
    int[] w = new int[n];
    Arrays.fill(w, 1);
    return w;
  }
}
