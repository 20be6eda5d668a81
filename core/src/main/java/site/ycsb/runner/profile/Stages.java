package site.ycsb.runner.profile;

/**
 * A rate made of consecutive parts, each going linearly from one rate to another over its
 * duration (a ramp; equal rates make a step), and then one rate for ever: k6's stages and
 * BenchBase's phases, and {@code -target} itself (no parts, one rate).
 */
final class Stages extends LoadProfile {
  /** Start of each part (s), its rate at the start and at the end. */
  private final double[] starts;
  private final double[] fromRates;
  private final double[] toRates;
  /** Operations offered before each part, and before the rate that holds after the last. */
  private final double[] before;
  private final double end;
  private final double afterRate;
  private final double afterBefore;

  /**
   * @param durations each part's length in seconds (positive)
   * @param fromRates each part's rate at its start
   * @param toRates each part's rate at its end
   * @param afterRate the rate after the last part
   */
  Stages(double[] durations, double[] fromRates, double[] toRates, double afterRate) {
    int n = durations.length;
    this.starts = new double[n];
    this.fromRates = fromRates.clone();
    this.toRates = toRates.clone();
    this.before = new double[n];
    double t = 0;
    double ops = 0;
    for (int i = 0; i < n; i++) {
      starts[i] = t;
      before[i] = ops;
      ops += (fromRates[i] + toRates[i]) / 2 * durations[i];
      t += durations[i];
    }
    this.end = t;
    this.afterRate = afterRate;
    this.afterBefore = ops;
  }

  /** @return the part holding {@code seconds}, or -1 past the last */
  private int partAt(double seconds) {
    int lo = 0;
    int hi = starts.length - 1;
    if (hi < 0 || seconds >= end) {
      return -1;
    }
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= seconds) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private double length(int i) {
    return (i + 1 < starts.length ? starts[i + 1] : end) - starts[i];
  }

  @Override
  public double rateAt(double seconds) {
    int i = partAt(seconds);
    if (i < 0) {
      return afterRate;
    }
    double share = (seconds - starts[i]) / length(i);
    return fromRates[i] + (toRates[i] - fromRates[i]) * share;
  }

  @Override
  public double operationsBy(double seconds) {
    int i = partAt(seconds);
    if (i < 0) {
      return afterBefore + afterRate * (seconds - end);
    }
    double tau = seconds - starts[i];
    double slope = (toRates[i] - fromRates[i]) / length(i);
    return before[i] + fromRates[i] * tau + slope * tau * tau / 2;
  }

  @Override
  public double instantOf(double operations) {
    if (operations >= afterBefore) {
      if (afterRate <= 0) {
        return operations == afterBefore && starts.length > 0 ? end : Double.POSITIVE_INFINITY;
      }
      return end + (operations - afterBefore) / afterRate;
    }
    // the last part that starts at or before this count; parts that offer nothing are passed over
    int lo = 0;
    int hi = starts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (before[mid] <= operations) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    double left = operations - before[lo];
    double a = (toRates[lo] - fromRates[lo]) / length(lo) / 2;
    double b = fromRates[lo];
    // a tau^2 + b tau = left, solved in the form that stays exact when a is (nearly) zero
    double root = Math.sqrt(Math.max(0, b * b + 4 * a * left));
    double tau = b + root > 0 ? 2 * left / (b + root) : 0;
    return starts[lo] + Math.min(tau, length(lo));
  }

  @Override
  public double endOfLoad() {
    // the written end, trailing stages at 0 included: the user asked for the profile to last that long
    return afterRate > 0 ? Double.POSITIVE_INFINITY : end;
  }

  @Override
  public double peakRate() {
    double peak = afterRate;
    for (int i = 0; i < starts.length; i++) {
      peak = Math.max(peak, Math.max(fromRates[i], toRates[i]));
    }
    return peak;
  }
}
