package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import site.ycsb.Status;
import site.ycsb.BindingContext;

/**
 * Turns what the driver throws into the status of the operation, and tells the user (once per
 * kind of failure) what went wrong, so that a run goes on but its failures are explained.
 */
public final class CassandraFailures {
  /**
   * The coordinator knew too few live replicas to reach the consistency level and did not try:
   * distinct from {@link Status#SERVICE_UNAVAILABLE}, which means the driver lost its nodes.
   */
  public static final Status UNAVAILABLE = new Status("UNAVAILABLE",
      "Too few live replicas for the requested consistency level.");


  private CassandraFailures() {
  }

  /**
   * @param e what the driver threw
   * @return the status a user should see for it
   */
  static Status statusOf(Throwable e) {
    if (e instanceof UnavailableException) {
      return UNAVAILABLE;
    }
    if (e instanceof ReadTimeoutException || e instanceof WriteTimeoutException
        || e instanceof CASWriteUnknownException || e instanceof DriverTimeoutException) {
      return Status.TIMEOUT;
    }
    if (e instanceof UnauthorizedException) {
      return Status.FORBIDDEN;
    }
    if (e instanceof QueryValidationException) {
      return Status.BAD_REQUEST;
    }
    if (e instanceof OverloadedException || e instanceof BootstrappingException
        || e instanceof ClosedConnectionException || e instanceof HeartbeatException
        || e instanceof ConnectionInitException || e instanceof BusyConnectionException
        || e instanceof NodeUnavailableException || e instanceof ClosedChannelException) {
      // ClosedChannelException: the request was being written when the connection closed
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e instanceof AllNodesFailedException) {
      // every node of the query plan was tried; what the first one answered is the reason
      // (e.g. an UnavailableException retried on the next node of a one-node cluster)
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        if (!errors.isEmpty()) {
          return statusOf(errors.get(0));
        }
      }
      return Status.SERVICE_UNAVAILABLE;
    }
    // read/write failures (a replica answered with an error) and anything unforeseen
    return Status.ERROR;
  }

  /**
   * Maps a failure to a status and prints its first occurrence per operation and status.
   *
   * @param context where the first occurrence is reported
   * @param operation e.g. {@code read}
   * @param e what the driver threw
   * @return the status
   */
  public static Status report(BindingContext context, String operation, Throwable e) {
    Status status = statusOf(e);
    e = cause(e);
    // a lost node shows the same way to every operation: one line per cause, not per operation too
    String kind = "cassandra " + (status == Status.SERVICE_UNAVAILABLE ? "" : operation) + "/" + status.getName()
        + "/" + e.getClass().getSimpleName();
    context.reportOnce(kind, "cassandra: " + operation + " failed with " + status.getName() + ": " + firstLine(e));
    return status;
  }

  /** @return for a failure on every node, what the first node answered; else e itself */
  private static Throwable cause(Throwable e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        if (!errors.isEmpty()) {
          return cause(errors.get(0));
        }
      }
    }
    return e;
  }

  /** @return the first line of the message of e, or its class name */
  static String firstLine(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getSimpleName();
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
