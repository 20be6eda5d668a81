package site.ycsb.tools.stats;

/**
 * How many consecutive intervals a block of the circular block bootstrap should hold, chosen from
 * how long the series stays correlated with itself: the automatic rule of Politis and White
 * (2004), with the correction of Patton, Politis and White (2009). An interval that resembles its
 * neighbours (a slow drift, a cache warming, a compaction spanning seconds) gets longer blocks, so
 * that resampling keeps the dependence that makes a run's figure vary; independent intervals get
 * blocks of one.
 */
public final class BlockLength {
  private BlockLength() {
  }

  /**
   * @param series one figure per interval, in time order (at least 2)
   * @return the block length, from 1 to a third of the series
   */
  public static int of(double[] series) {
    int n = series.length;
    if (n < 4) {
      return 1;
    }
    double mean = 0;
    for (double v : series) {
      mean += v;
    }
    mean /= n;
    int kn = Math.max(5, (int) Math.ceil(Math.sqrt(Math.log10(n))));
    int mMax = (int) Math.ceil(Math.sqrt(n)) + kn;
    mMax = Math.min(mMax, n - 1);
    double bMax = Math.ceil(Math.min(3 * Math.sqrt(n), n / 3.0));
    double[] acv = new double[mMax + 1];
    for (int k = 0; k <= mMax; k++) {
      double s = 0;
      for (int i = k; i < n; i++) {
        s += (series[i] - mean) * (series[i - k] - mean);
      }
      acv[k] = s / n;
    }
    if (!(acv[0] > 0)) {
      return 1;
    }
    // the smallest lag after which kn autocorrelations in a row are insignificant
    double critical = 2 * Math.sqrt(Math.log10(n) / n);
    int mHat = -1;
    for (int m = 0; m + kn <= mMax && mHat < 0; m++) {
      boolean quiet = true;
      for (int k = 1; k <= kn && quiet; k++) {
        quiet = Math.abs(acv[m + k] / acv[0]) < critical;
      }
      if (quiet) {
        mHat = m;
      }
    }
    int bigM = mHat < 0 ? mMax : Math.min(2 * Math.max(mHat, 1), mMax);
    double g = 0;
    double longRun = acv[0];
    for (int k = 1; k <= bigM; k++) {
      double x = (double) k / bigM;
      double lambda = x <= 0.5 ? 1 : 2 * (1 - x);
      g += 2 * lambda * k * acv[k];
      longRun += 2 * lambda * acv[k];
    }
    if (!(longRun > 0)) {
      return 1;
    }
    double dCircular = 4.0 / 3.0 * longRun * longRun;
    double b = Math.cbrt(2 * g * g / dCircular) * Math.cbrt(n);
    return (int) Math.max(1, Math.min(bMax, Math.ceil(b)));
  }
}
