package site.ycsb.db.voltdb;

import org.voltdb.client.ClientResponse;
import org.voltdb.client.NoConnectionsException;
import org.voltdb.client.ProcCallException;
import site.ycsb.Status;
import site.ycsb.BindingContext;

/**
 * Turns a failed procedure call into the operation's status, and prints each kind of failure once
 * so that a run goes on with its failures counted and explained.
 */
final class VoltFailures {
  /** Enough to show every real cause; a flood of distinct ones stops printing here. */

  private VoltFailures() {
  }

  /**
   * @param e what the client threw
   * @return the status a user should see for it
   */
  static Status statusOf(Exception e) {
    if (e instanceof NoConnectionsException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e instanceof ProcCallException) {
      switch (((ProcCallException) e).getClientResponse().getStatus()) {
        case ClientResponse.CONNECTION_TIMEOUT:
          return Status.TIMEOUT;
        case ClientResponse.CONNECTION_LOST:
        case ClientResponse.SERVER_UNAVAILABLE:
          return Status.SERVICE_UNAVAILABLE;
        default:
          return Status.ERROR;
      }
    }
    return Status.ERROR;
  }

  /**
   * Maps a failure to its status and prints its first occurrence per operation and kind.
   *
   * @param context where the first occurrence is reported
   * @param operation e.g. {@code read}
   * @param e what the client threw
   * @return the status
   */
  static Status report(BindingContext context, String operation, Exception e) {
    Status status = statusOf(e);
    String kind = "voltdb " + operation + "/" + status.getName() + "/" + e.getClass().getSimpleName();
    context.reportOnce(kind, "voltdb: " + operation + " failed with " + status.getName() + ": " + describe(e));
    return status;
  }

  /** @return the server's status text for a failed call, else the first line of the message */
  static String describe(Exception e) {
    String message = e instanceof ProcCallException
        ? ((ProcCallException) e).getClientResponse().getStatusString() : e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    message = message.strip();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
