package site.ycsb.runner;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reports each distinct error message once (on stderr), however often it occurs, so a failing
 * database does not flood the output; the counts are in the results.
 */
public final class ErrorLog {
  private static final int MAX_DISTINCT = 100;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();
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
    String key = msg;
    if (seen.size() < MAX_DISTINCT && seen.add(key)) {
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
    if (seen.size() < MAX_DISTINCT && seen.add(message)) {
      err.println("WARNING: " + message);
    }
  }
}
