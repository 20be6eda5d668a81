package site.ycsb.runner;

import java.io.PrintStream;
import site.ycsb.FirstOccurrences;

/**
 * Reports each distinct error message once (on stderr), however often it occurs, so a failing
 * database does not flood the output; the counts are in the results.
 */
public final class ErrorLog {
  private final FirstOccurrences seen = new FirstOccurrences(100);
  private final PrintStream err;

  /** @param err where messages go */
  public ErrorLog(PrintStream err) {
    this.err = err;
  }

  /**
   * @param context what was being done, e.g. "READ"
   * @param t the error
   */
  public void report(String context, Throwable t) {
    // driver messages sometimes quote the connection URL, password included
    String msg = site.ycsb.props.Masking.maskEmbedded(t.getClass().getName() + ": " + t.getMessage());
    if (seen.first(msg)) {
      err.println("error in " + context + " (each distinct message is reported once): " + msg);
      StackTraceElement[] trace = t.getStackTrace();
      if (trace.length > 0) {
        err.println("    at " + trace[0]);
      }
    }
  }

  /**
   * @param message a warning reported once
   */
  public void warnOnce(String message) {
    if (seen.first(message)) {
      err.println("WARNING: " + message);
    }
  }
}
