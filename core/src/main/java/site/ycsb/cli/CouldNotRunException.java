package site.ycsb.cli;

/** The input was fine but the phase cannot run (a binding that cannot be loaded): one line, exit code 1. */
final class CouldNotRunException extends Exception {
  private static final long serialVersionUID = 1L;

  CouldNotRunException(String message) {
    super(message);
  }
}
