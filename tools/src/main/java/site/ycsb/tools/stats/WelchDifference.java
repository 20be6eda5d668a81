package site.ycsb.tools.stats;

import org.apache.commons.math3.stat.StatUtils;

/**
 * The difference of the mean figure of two groups of runs (repetitions of two configurations),
 * each run one sample: Welch's t interval, which does not assume the two groups are equally
 * noisy. A single run against several is judged with the spread of the several (the pooled t
 * interval with all its degrees of freedom from that side): the single run is assumed as noisy as
 * they are.
 */
public final class WelchDifference {
  private WelchDifference() {
  }

  /**
   * @param baseline the baseline runs' figures
   * @param candidate the candidate runs' figures
   * @param confidence the level of the two-sided interval, e.g. 0.95
   * @return the difference of the means with its interval, or an unknown one when the runs cannot
   *     tell (no run on a side, one run on each side)
   */
  public static Difference of(double[] baseline, double[] candidate, double confidence) {
    double ma = baseline.length == 0 ? Double.NaN : StatUtils.mean(baseline);
    double mb = candidate.length == 0 ? Double.NaN : StatUtils.mean(candidate);
    if (baseline.length == 0 || candidate.length == 0) {
      return Difference.unknown(ma, mb, confidence, "not measured on both sides");
    }
    int na = baseline.length;
    int nb = candidate.length;
    if (na < 2 && nb < 2) {
      return Difference.unknown(ma, mb, confidence, "one run on each side: no spread to judge the difference by");
    }
    double va = na < 2 ? Double.NaN : StatUtils.variance(baseline, ma);
    double vb = nb < 2 ? Double.NaN : StatUtils.variance(candidate, mb);
    double se;
    double df;
    if (na < 2 || nb < 2) {
      double v = na < 2 ? vb : va;
      se = Math.sqrt(v * (1.0 / na + 1.0 / nb));
      df = Math.max(na, nb) - 1;
    } else {
      double sa = va / na;
      double sb = vb / nb;
      se = Math.sqrt(sa + sb);
      // Welch-Satterthwaite
      df = (sa + sb) * (sa + sb) / (sa * sa / (na - 1) + sb * sb / (nb - 1));
    }
    return Difference.t(ma, mb, se, df, confidence);
  }
}
