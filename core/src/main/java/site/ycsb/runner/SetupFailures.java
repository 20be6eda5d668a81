package site.ycsb.runner;

import site.ycsb.props.Masking;

/** What the user is told when a worker cannot connect: one line, never a stack trace. */
final class SetupFailures {
  private SetupFailures() {
  }

  /** @return the first line of a description, for the start gate's note to other clients */
  static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /**
   * @param t what a worker's binding threw when it connected
   * @param binding the binding's class name
   * @return one line for the user: the missing driver class, or the failure's message (secrets masked)
   */
  static String describe(Throwable t, String binding) {
    if (t instanceof LinkageError) {
      // the usual mistake: a driver jar missing from the class path
      Throwable shown = t instanceof ExceptionInInitializerError && t.getCause() != null ? t.getCause() : t;
      String missing = shown.getMessage() == null ? shown.toString() : shown.getMessage().replace('/', '.');
      return "binding " + binding + " cannot start: " + t.getClass().getSimpleName() + " for " + missing
          + " (a class its driver needs is missing from the class path; add the driver's jar with -cp)";
    }
    String msg = t.getMessage();
    Throwable root = t;
    while ((msg == null || msg.isBlank()) && root.getCause() != null) {
      root = root.getCause();
      msg = root.getMessage();
    }
    return "database setup failed: "
        + Masking.maskEmbedded(msg == null ? root.getClass().getName() : msg);
  }
}
