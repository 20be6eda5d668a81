package site.ycsb.db.hbase2;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import site.ycsb.Status;
import site.ycsb.BindingContext;

/**
 * Turns what the HBase client throws into an operation's status, and prints each kind of failure
 * once so that a run goes on with its failures counted and explained.
 */
final class HBaseErrors {
  /** Enough to show every real cause; a flood of distinct ones stops printing here. */

  private HBaseErrors() {
  }

  /**
   * @param e what the client threw (often a retries-exhausted wrapper around the real cause)
   * @return the status a user should see for it
   */
  static Status statusOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String name = t.getClass().getSimpleName();
      if (t instanceof SocketTimeoutException || name.equals("CallTimeoutException")
          || name.equals("TimeoutIOException") || name.equals("OperationTimeoutExceededException")) {
        return Status.TIMEOUT;
      }
      if (t instanceof NoSuchColumnFamilyException || t instanceof TableNotFoundException) {
        return Status.BAD_REQUEST;
      }
      if (t instanceof ConnectException || name.equals("ServerNotRunningYetException")
          || name.equals("RegionServerStoppedException") || name.equals("ConnectionClosedException")) {
        return Status.SERVICE_UNAVAILABLE;
      }
      if (t instanceof DoNotRetryIOException) {
        return Status.ERROR;
      }
    }
    return Status.ERROR;
  }

  /**
   * Maps a failure to its status and prints its first occurrence per operation, status and kind.
   *
   * @param context where the first occurrence is reported
   * @param operation e.g. {@code read}
   * @param e what the client threw, or what an asynchronous call failed with
   * @return the status
   */
  static Status status(BindingContext context, String operation, Throwable e) {
    Status status = statusOf(e);
    Throwable root = root(e);
    String kind = "hbase2 " + operation + "/" + status.getName() + "/" + root.getClass().getSimpleName();
    context.reportOnce(kind, "hbase2: " + operation + " failed with " + status.getName() + ": " + describe(e));
    return status;
  }

  /** @return the innermost cause's class and the first line of its message */
  static String describe(Throwable e) {
    Throwable root = root(e);
    String message = root.getMessage();
    if (message == null || message.isBlank()) {
      return root.getClass().getSimpleName();
    }
    int newline = message.indexOf('\n');
    return root.getClass().getSimpleName() + ": " + (newline < 0 ? message : message.substring(0, newline));
  }

  private static Throwable root(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }
}
