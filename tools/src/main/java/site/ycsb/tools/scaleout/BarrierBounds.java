package site.ycsb.tools.scaleout;

import site.ycsb.props.CoreProperties;

/**
 * The longest start delay and the shortest and longest ready timeout that fanout and kubernetes
 * accept: those of the properties they hand every client ({@code startbarrier.margin},
 * {@code startbarrier.timeout}), so that an option out of bounds is refused where it is typed,
 * not by each client on its host or pod.
 */
final class BarrierBounds {
  /** The longest start delay, in milliseconds. */
  static final long MOST_START_DELAY_MILLIS = (long) CoreProperties.START_BARRIER_MARGIN.max();
  /** The shortest ready timeout, in milliseconds. */
  static final long LEAST_READY_TIMEOUT_MILLIS = (long) (CoreProperties.START_BARRIER_TIMEOUT.min() * 1000);
  /** The longest ready timeout, in milliseconds. */
  static final long MOST_READY_TIMEOUT_MILLIS = (long) (CoreProperties.START_BARRIER_TIMEOUT.max() * 1000);

  private BarrierBounds() {
  }

  /** @return what is wrong with a start delay of {@code millis}, or null when nothing is */
  static String startDelayProblem(long millis) {
    return millis > MOST_START_DELAY_MILLIS ? "expected at most " + MOST_START_DELAY_MILLIS / 1000
        + "s, the time for the start instant to reach every client (each waits it with its connections open)" : null;
  }

  /** @return what is wrong with a ready timeout of {@code millis}, or null when nothing is */
  static String readyTimeoutProblem(long millis) {
    if (millis < LEAST_READY_TIMEOUT_MILLIS || millis > MOST_READY_TIMEOUT_MILLIS) {
      return "expected from " + LEAST_READY_TIMEOUT_MILLIS / 1000 + "s to " + MOST_READY_TIMEOUT_MILLIS / 3_600_000
          + "h, how long the clients wait for each other to be ready";
    }
    return null;
  }

  /**
   * @param readyTimeoutMillis the coordinator's ready timeout
   * @param laterMillis how much longer the clients should wait, so that the coordinator decides first
   * @return the clients' own timeout, within the property's bound (the clients add a slack of their own)
   */
  static long clientTimeoutMillis(long readyTimeoutMillis, long laterMillis) {
    return Math.min(readyTimeoutMillis + laterMillis, MOST_READY_TIMEOUT_MILLIS);
  }
}
