package site.ycsb.runner.profile;

/**
 * A base rate with regular spikes: {@code multiple} times the base for {@code duration}, starting
 * every {@code every} seconds from the first period on (the run opens at the base rate).
 */
final class Spikes extends LoadProfile {
  private final double base;
  private final double spikeRate;
  private final double duration;
  private final double every;
  /** Operations offered in one period from its start: the spike, then the base rate. */
  private final double perPeriod;

  Spikes(double base, double multiple, double duration, double every) {
    this.base = base;
    this.spikeRate = base * multiple;
    this.duration = duration;
    this.every = every;
    this.perPeriod = spikeRate * duration + base * (every - duration);
  }

  @Override
  public double rateAt(double seconds) {
    if (seconds < every) {
      return base;
    }
    return seconds % every < duration ? spikeRate : base;
  }

  @Override
  public double operationsBy(double seconds) {
    if (seconds < every) {
      return base * seconds;
    }
    double periods = Math.floor(seconds / every);
    double into = seconds - periods * every;
    double inPeriod = into < duration ? spikeRate * into : spikeRate * duration + base * (into - duration);
    return base * every + (periods - 1) * perPeriod + inPeriod;
  }

  @Override
  public double instantOf(double operations) {
    if (base <= 0) {
      return operations <= 0 ? 0 : Double.POSITIVE_INFINITY;
    }
    double first = base * every;
    if (operations < first) {
      return operations / base;
    }
    double periods = Math.floor((operations - first) / perPeriod);
    double left = operations - first - periods * perPeriod;
    double start = every * (1 + periods);
    double inSpike = spikeRate * duration;
    double into = left < inSpike ? left / spikeRate : duration + (left - inSpike) / base;
    return start + into;
  }

  @Override
  public double peakRate() {
    return Math.max(base, spikeRate);
  }
}
