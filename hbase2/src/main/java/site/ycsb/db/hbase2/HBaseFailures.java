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
final class HBaseFailures {
  /** Enough to show every real cause; a flood of distinct ones stops printing here. */

  private HBaseFailures() {
  }

  /**
   * @param e what the client threw (often a retries-exhausted wrapper around the real cause)
   * @return the status a user should see for it
   */
  static Status statusOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String name = t.getClass().getSimpleName();
      if (name.equals("TimeoutIOException") && String.valueOf(t.getMessage()).contains("waiting for region location")) {
        // not a slow answer: nobody could say which server holds the row (region servers, meta or
        // ZooKeeper unreachable), so the operation was never sent
        return Status.SERVICE_UNAVAILABLE;
      }
      if (t instanceof SocketTimeoutException || name.equals("CallTimeoutException")
          || name.equals("TimeoutIOException") || name.equals("OperationTimeoutExceededException")) {
        return Status.TIMEOUT;
      }
      if (t instanceof NoSuchColumnFamilyException || t instanceof TableNotFoundException) {
        return Status.BAD_REQUEST;
      }
      if (t instanceof ConnectException || name.equals("ServerNotRunningYetException")
          || name.equals("RegionServerStoppedException") || name.equals("ConnectionClosedException")
          || isRegionNotOnline(t)) {
        return Status.SERVICE_UNAVAILABLE;
      }
      if (t instanceof DoNotRetryIOException) {
        return Status.ERROR;
      }
      if (name.equals("RetriesExhaustedException") && t.getCause() == null
          && String.valueOf(t.getMessage()).trim().endsWith("exceptions:")) {
        // the client gave up before any attempt reached a server (its region was being located again
        // after a server went away): nothing answered, so the server is unavailable, not in error
        return Status.SERVICE_UNAVAILABLE;
      }
    }
    return Status.ERROR;
  }

  /** A region that is closed, moving or still opening (after a crash, say): its data cannot be served now. */
  private static final String[] REGION_NOT_ONLINE = {"NotServingRegionException", "RegionMovedException",
      "RegionOpeningException"};

  private static boolean isRegionNotOnline(Throwable t) {
    String name = t.getClass().getSimpleName();
    // a server's exception may arrive unwrapped, or as a remote exception naming its class
    String remote = name.startsWith("Remote") ? String.valueOf(t.getMessage()) : "";
    for (String n : REGION_NOT_ONLINE) {
      if (name.equals(n) || remote.startsWith("org.apache.hadoop.hbase." + n)
          || remote.startsWith("org.apache.hadoop.hbase.exceptions." + n)) {
        return true;
      }
    }
    return false;
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
    // an unreachable cluster shows the same way to every operation: one line per cause, not per operation too
    String kind = "hbase2 " + (status == Status.SERVICE_UNAVAILABLE ? "" : operation) + "/" + status.getName() + "/"
        + root.getClass().getSimpleName();
    context.reportOnce(kind, "hbase2: " + operation + " failed with " + status.getName()
        + (status == Status.SERVICE_UNAVAILABLE ? " (the cluster or the row's region cannot be reached; operations"
        + " fail so until it is back, the client trying it again in the background)" : "") + ": " + describe(e));
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
