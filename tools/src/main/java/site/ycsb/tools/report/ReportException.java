package site.ycsb.tools.report;

/** A results folder or command line the report cannot use; the message is one line for stderr. */
final class ReportException extends Exception {
  private static final long serialVersionUID = 1L;

  ReportException(String message) {
    super(message);
  }
}
