package site.ycsb.runner.profile;

/**
 * The target rate as a function of time since the schedule started: what the throttle offers.
 * Times are seconds, rates operations per second, and {@link #operationsBy} is the rate's
 * integral, the number of operations the profile has offered up to an instant. The schedule
 * places operation n at {@link #instantOf instantOf(n)}, so every operation's intended start
 * comes from the profile and coordinated omission is corrected under a changing rate as under a
 * constant one.
 */
public abstract class LoadProfile {
  /**
   * @param seconds time since the schedule started
   * @return the rate at that instant (operations per second, never negative)
   */
  public abstract double rateAt(double seconds);

  /**
   * @param seconds time since the schedule started (not negative)
   * @return operations offered from the start up to that instant
   */
  public abstract double operationsBy(double seconds);

  /**
   * The inverse of {@link #operationsBy}: the first instant by which {@code operations} have been
   * offered.
   *
   * @param operations a count (not negative; fractional counts are allowed)
   * @return seconds since the start, or positive infinity when the profile never gets there
   *     (its rate stays at zero)
   */
  public abstract double instantOf(double operations);

  /** @return the highest rate the profile ever asks for */
  public abstract double peakRate();

  /**
   * The end of the load: a profile whose last stage or step is at rate 0 offers nothing after it,
   * for good, and the phase ends there (as it ends when its operations run out).
   *
   * @return seconds since the start, or positive infinity for a profile that goes on
   */
  public double endOfLoad() {
    return Double.POSITIVE_INFINITY;
  }

  /** @return the operations the whole profile offers, positive infinity for one that goes on */
  public final double totalOperations() {
    double end = endOfLoad();
    return Double.isInfinite(end) ? Double.POSITIVE_INFINITY : operationsBy(end);
  }

  /** @return operations offered between two instants */
  public final double operationsBetween(double fromSeconds, double toSeconds) {
    if (toSeconds <= fromSeconds) {
      return 0;
    }
    return operationsBy(Math.max(0, toSeconds)) - operationsBy(Math.max(0, fromSeconds));
  }

  /** @return one rate for ever, {@code -target} */
  public static LoadProfile constant(double opsPerSecond) {
    return new Stages(new double[0], new double[0], new double[0], opsPerSecond);
  }
}
