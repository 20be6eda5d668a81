package site.ycsb.cli;

/** A command line the user must correct; its message is printed as one line. */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
