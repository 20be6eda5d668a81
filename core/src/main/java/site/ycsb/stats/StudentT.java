package site.ycsb.stats;

/**
 * Student's t distribution: its cumulative distribution function through the regularized
 * incomplete beta function, and its quantiles by inverting that function numerically, so
 * confidence intervals are right for the small numbers of repetitions benchmarks have.
 */
public final class StudentT {
  private static final double EPS = 1e-15;
  private static final double TINY = 1e-300;

  private StudentT() {
  }

  /**
   * @param t the value
   * @param df degrees of freedom, at least 1
   * @return P(T &lt;= t)
   */
  public static double cdf(double t, double df) {
    if (!(df > 0)) {
      throw new IllegalArgumentException("degrees of freedom must be positive: " + df);
    }
    if (Double.isNaN(t)) {
      return Double.NaN;
    }
    if (Double.isInfinite(t)) {
      return t > 0 ? 1.0 : 0.0;
    }
    double x = df / (df + t * t);
    double tail = 0.5 * regularizedBeta(x, df / 2.0, 0.5);
    return t > 0 ? 1.0 - tail : tail;
  }

  /**
   * @param p a probability in (0, 1), e.g. 0.975 for a two-sided 95% interval
   * @param df degrees of freedom, at least 1
   * @return the t with P(T &lt;= t) = p
   */
  public static double quantile(double p, double df) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("probability must be in (0, 1): " + p);
    }
    if (!(df > 0)) {
      throw new IllegalArgumentException("degrees of freedom must be positive: " + df);
    }
    if (p == 0.5) {
      return 0.0;
    }
    if (p < 0.5) {
      return -quantile(1 - p, df);
    }
    double lo = 0;
    double hi = 1;
    while (cdf(hi, df) < p) {
      lo = hi;
      hi *= 2;
    }
    // the cdf is monotone, so bisection always converges; 200 halvings exhaust double precision
    for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
      double mid = (lo + hi) / 2;
      if (cdf(mid, df) < p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** Regularized incomplete beta I_x(a, b). */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
    // the continued fraction converges quickly only on one side of the mean; use symmetry otherwise
    if (x < (a + 1) / (a + b + 2)) {
      return Math.exp(logFront) * betaFraction(x, a, b) / a;
    }
    return 1 - Math.exp(logFront) * betaFraction(1 - x, b, a) / b;
  }

  /** Continued fraction of the incomplete beta function, evaluated with the modified Lentz method. */
  private static double betaFraction(double x, double a, double b) {
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < TINY ? TINY : d);
    double result = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + even * d;
      d = 1 / (Math.abs(d) < TINY ? TINY : d);
      c = 1 + even / c;
      c = Math.abs(c) < TINY ? TINY : c;
      result *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + odd * d;
      d = 1 / (Math.abs(d) < TINY ? TINY : d);
      c = 1 + odd / c;
      c = Math.abs(c) < TINY ? TINY : c;
      double step = d * c;
      result *= step;
      if (Math.abs(step - 1) < EPS) {
        break;
      }
    }
    return result;
  }

  private static final double[] LANCZOS = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
      -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7};

  /** Natural logarithm of the gamma function for positive arguments (Lanczos, g = 7). */
  static double logGamma(double z) {
    if (z < 0.5) {
      // reflection keeps the series in its accurate range
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - logGamma(1 - z);
    }
    double zz = z - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (zz + i);
    }
    double t = zz + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
