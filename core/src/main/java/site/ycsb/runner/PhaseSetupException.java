package site.ycsb.runner;

/** The phase could not start: a worker could not connect, or the start time had passed. */
public class PhaseSetupException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message one line saying what failed */
  public PhaseSetupException(String message) {
    super(message);
  }
}
