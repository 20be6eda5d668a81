package site.ycsb.tools.scaleout;

/** A step of a fan-out that failed for one host; the message names the host. */
final class FanOutException extends Exception {
  private static final long serialVersionUID = 1L;

  FanOutException(String message) {
    super(message);
  }
}
