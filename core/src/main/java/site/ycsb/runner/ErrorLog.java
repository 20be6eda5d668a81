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
  private volatile java.util.List<String> secretValues = java.util.List.of();

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
    String msg = mask(t.getClass().getName() + ": " + t.getMessage());
    if (seen.first(msg)) {
      err.println("error in " + context + " (each distinct message is reported once): " + msg);
      StackTraceElement[] trace = t.getStackTrace();
      if (trace.length > 0) {
        err.println("    at " + trace[0]);
      }
    }
  }

  /**
   * A binding's failure, printed the first time its cause occurs (see
   * {@link site.ycsb.BindingContext#reportOnce}).
   *
   * @param cause what identifies the cause
   * @param message the line to print; secrets are masked
   */
  public void reportOnce(String cause, String message) {
    if (seen.first("binding " + cause)) {
      err.println(mask(message) + " (each cause is reported once)");
    }
  }

  /**
   * Hides the values of the secret properties (passwords, tokens) wherever they appear in a
   * reported message, whatever words surround them.
   *
   * @param props the run's properties
   */
  public void hideValuesOf(java.util.Properties props) {
    java.util.List<String> values = new java.util.ArrayList<>();
    for (String name : props.stringPropertyNames()) {
      String v = props.getProperty(name);
      if (site.ycsb.props.Masking.isSecret(name) && v != null && v.length() >= 3) {
        values.add(v);
      }
    }
    secretValues = values;
  }

  private String mask(String message) {
    String m = site.ycsb.props.Masking.maskEmbedded(message);
    for (String v : secretValues) {
      m = m.replace(v, site.ycsb.props.Masking.MASK);
    }
    return m;
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
