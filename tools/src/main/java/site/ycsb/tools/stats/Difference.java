package site.ycsb.tools.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * How one figure of a candidate differs from the baseline's, with a confidence interval: the
 * difference {@code candidate - baseline}, and the same relative to the baseline in percent.
 *
 * @param baseline the baseline's figure (the mean over its runs when it has several)
 * @param candidate the candidate's figure
 * @param estimate candidate - baseline
 * @param low lower end of the confidence interval of the difference
 * @param high upper end
 * @param relative the difference in percent of the baseline; NaN when the baseline is 0
 * @param relativeLow lower end of its confidence interval; NaN when the baseline is 0
 * @param relativeHigh upper end
 * @param confidence the interval's level, e.g. 0.95
 * @param p the two-sided p-value of the difference: the chance of one at least this large if the
 *     two did not differ; NaN when unknown
 * @param unknown why nothing can be said (too few intervals, one run on each side...), or null
 */
public record Difference(double baseline, double candidate, double estimate, double low, double high,
                         double relative, double relativeLow, double relativeHigh, double confidence,
                         double p, String unknown) {

  /**
   * @param baseline the baseline's figure, NaN when it has none
   * @param candidate the candidate's, NaN when it has none
   * @param confidence the level that was asked for
   * @param why why the data cannot tell
   * @return a difference that says nothing but the figures and why
   */
  public static Difference unknown(double baseline, double candidate, double confidence, String why) {
    double d = candidate - baseline;
    double r = baseline != 0 ? d / Math.abs(baseline) * 100 : Double.NaN;
    return new Difference(baseline, candidate, d, Double.NaN, Double.NaN, r, Double.NaN, Double.NaN, confidence,
        Double.NaN, why);
  }

  /**
   * The t interval of a difference: {@code candidate - baseline} plus or minus the t quantile of the
   * level times the standard error, relative to the baseline's figure in percent too.
   *
   * @param baseline the baseline's figure
   * @param candidate the candidate's figure
   * @param standardError the standard error of the difference
   * @param degreesOfFreedom those of the t distribution
   * @param confidence the interval's level
   * @return the difference
   */
  public static Difference t(double baseline, double candidate, double standardError, double degreesOfFreedom,
                             double confidence) {
    double d = candidate - baseline;
    double half = 0;
    double p;
    if (standardError > 0) {
      TDistribution t = new TDistribution(null, degreesOfFreedom);
      half = t.inverseCumulativeProbability(1 - (1 - confidence) / 2) * standardError;
      p = 2 * t.cumulativeProbability(-Math.abs(d) / standardError);
    } else {
      // no spread at all: every sample of each side gave the same figure
      p = d == 0 ? 1 : 0;
    }
    double low = d - half;
    double high = d + half;
    if (baseline == 0) {
      return new Difference(baseline, candidate, d, low, high, Double.NaN, Double.NaN, Double.NaN, confidence, p,
          null);
    }
    double scale = 100 / Math.abs(baseline);
    return new Difference(baseline, candidate, d, low, high, d * scale, low * scale, high * scale, confidence, p,
        null);
  }

  /** @return whether the data can say something about this difference */
  public boolean known() {
    return unknown == null;
  }

  /**
   * @return +1 when the interval lies wholly above 0 (the candidate's figure is higher), -1 when it
   *     lies wholly below, 0 when it holds 0 or nothing can be said
   */
  public int direction() {
    if (!known()) {
      return 0;
    }
    if (low > 0) {
      return 1;
    }
    if (high < 0) {
      return -1;
    }
    return 0;
  }
}
