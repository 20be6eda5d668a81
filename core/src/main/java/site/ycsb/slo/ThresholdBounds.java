package site.ycsb.slo;

/**
 * What each figure can be, and the thresholds that fall outside it: a limit the figure never has
 * (a failure rate above 100%, a negative latency) or a comparison no run can pass (a latency
 * below 0us, failures below 0%). Such a threshold breaks every run whatever the database does,
 * and would send a capacity search through every target to report that none met it; so it is
 * refused when it is read, as a threshold that cannot be read is.
 */
final class ThresholdBounds {
  /**
   * @param lowest the lowest value the figure can have
   * @param lowestReached whether a run can measure exactly {@code lowest} (a latency is never 0)
   * @param highest the highest value the figure can have
   * @param what what the figure is, in words, for the message
   */
  private record Range(double lowest, boolean lowestReached, double highest, String what) {
  }

  private ThresholdBounds() {
  }

  /**
   * @param typed the threshold as the user wrote it
   * @param t the threshold read from it
   * @throws IllegalArgumentException when the limit is outside what the figure can be, or no run can meet it
   */
  static void check(String typed, Threshold t) {
    Range r = range(t.figure());
    String expected = r.what() + ": expected e.g. " + example(t);
    if (t.limit() < r.lowest() || t.limit() > r.highest()) {
      throw new IllegalArgumentException("'" + typed + "': " + expected);
    }
    if (neverMet(t, r)) {
      throw new IllegalArgumentException("'" + typed + "' can never be met: " + expected);
    }
  }

  private static Range range(Threshold.Figure figure) {
    switch (figure) {
      case LATENCY:
        return new Range(0, false, Double.POSITIVE_INFINITY, "a latency is above 0");
      case FAILURES:
        return new Range(0, true, 100, "a failure rate is from 0% to 100% of the calls");
      default:
        return new Range(0, true, Double.POSITIVE_INFINITY, "a throughput is 0 or more operations per second");
    }
  }

  /** @return whether no measured figure within the range passes the comparison */
  private static boolean neverMet(Threshold t, Range r) {
    switch (t.comparison()) {
      case BELOW:
        return t.limit() <= r.lowest();
      case AT_MOST:
        return t.limit() < r.lowest() || t.limit() == r.lowest() && !r.lowestReached();
      case ABOVE:
        return t.limit() >= r.highest();
      default:
        return t.limit() > r.highest();
    }
  }

  /** @return a threshold of the same figure that a run can meet */
  private static String example(Threshold t) {
    switch (t.figure()) {
      case LATENCY:
        return t.section() + "." + t.statistic() + "<5ms";
      case FAILURES:
        return "failures<0.1%";
      default:
        return "throughput>=5000";
    }
  }
}
