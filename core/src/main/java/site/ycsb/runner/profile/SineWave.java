package site.ycsb.runner.profile;

/** A rate swinging around its mean: {@code mean + amplitude * sin(2 pi t / period)}. */
final class SineWave extends LoadProfile {
  private final double mean;
  private final double amplitude;
  private final double period;
  private final double omega;

  /**
   * @param mean the mean rate
   * @param amplitude how far the rate swings either way (at most the mean)
   * @param period seconds of one full swing
   */
  SineWave(double mean, double amplitude, double period) {
    this.mean = mean;
    this.amplitude = amplitude;
    this.period = period;
    this.omega = 2 * Math.PI / period;
  }

  @Override
  public double rateAt(double seconds) {
    return Math.max(0, mean + amplitude * Math.sin(omega * seconds));
  }

  @Override
  public double operationsBy(double seconds) {
    return mean * seconds + amplitude / omega * (1 - Math.cos(omega * seconds));
  }

  @Override
  public double instantOf(double operations) {
    if (mean <= 0) {
      return operations <= 0 ? 0 : Double.POSITIVE_INFINITY;
    }
    // operationsBy(t) lies between mean*t and mean*t + 2*amplitude/omega, which brackets the answer
    double lo = Math.max(0, (operations - 2 * amplitude / omega) / mean);
    double hi = operations / mean;
    double t = (lo + hi) / 2;
    for (int i = 0; i < 100 && hi - lo > 1e-12; i++) {
      double f = operationsBy(t) - operations;
      if (Math.abs(f) < 1e-9) {
        return t;
      }
      if (f > 0) {
        hi = t;
      } else {
        lo = t;
      }
      double rate = rateAt(t);
      double next = rate > 0 ? t - f / rate : Double.NaN;
      // Newton's step where it stays inside the bracket, halving where it would leave it
      t = next > lo && next < hi ? next : (lo + hi) / 2;
    }
    return t;
  }

  @Override
  public double peakRate() {
    return mean + amplitude;
  }

  double period() {
    return period;
  }
}
