package site.ycsb.db.redis;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;
import site.ycsb.BindingContext;
import site.ycsb.Status;

/**
 * Turns what went wrong with a command on the asynchronous side into the operation's status, the
 * same statuses as the blocking side gives for the same outcomes, and reports each kind once.
 */
final class AsyncFailures {
  private final BindingContext context;
  /** Set when the worker closes its connections: what they still had in flight is dropped, not a failure to report. */
  private volatile boolean closing;

  AsyncFailures(BindingContext context) {
    this.context = context;
  }

  /** From now on failures are no news: the worker is closing its connections. */
  void closing() {
    closing = true;
  }

  /**
   * @param operation READ, SCAN, UPDATE, INSERT or DELETE
   * @param where the server's host:port
   * @param error the server's error reply, e.g. {@code WRONGTYPE Operation against a key...}
   * @return FORBIDDEN for ACL and authentication errors, ERROR for the others
   */
  Status ofReply(String operation, String where, String error) {
    Status status = isPermissionError(error) ? Status.FORBIDDEN : Status.ERROR;
    int space = error.indexOf(' ');
    String code = space > 0 ? error.substring(0, space) : error;
    context.reportOnce("redis " + operation + " " + status.getName() + " " + where + " " + code,
        "redis: " + operation + " at " + where + " failed with " + status.getName() + ": " + error);
    return status;
  }

  /**
   * @param operation READ, SCAN, UPDATE, INSERT or DELETE
   * @param where the server's host:port
   * @param cause why the command ended without a reply
   * @return TIMEOUT, SERVICE_UNAVAILABLE for a lost or refused connection, ERROR otherwise
   */
  Status of(String operation, String where, Throwable cause) {
    Status status = isTimeout(cause) ? Status.TIMEOUT
        : isConnectionLoss(cause) ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
    if (closing) {
      return status;
    }
    if (status == Status.SERVICE_UNAVAILABLE) {
      // one cause however the loss shows (a reset, a cancelled command, a refused one): one line
      context.reportOnce("redis lost " + where, "redis: lost the connection to " + where + " (" + describe(cause)
          + "): operations in flight on it and those sent until it is back fail at once with SERVICE_UNAVAILABLE;"
          + " it reconnects in the background");
      return status;
    }
    context.reportOnce("redis " + operation + " " + status.getName() + " " + where + " " + cause.getClass().getSimpleName(),
        "redis: " + operation + " at " + where + " failed with " + status.getName() + ": " + describe(cause));
    return status;
  }

  static boolean isPermissionError(String message) {
    return message != null
        && (message.startsWith("NOPERM") || message.startsWith("NOAUTH") || message.startsWith("WRONGPASS"));
  }

  private static boolean isTimeout(Throwable t) {
    return t instanceof RedisCommandTimeoutException;
  }

  /** Lettuce signals a write while disconnected, and commands dropped with their connection, with plain RedisExceptions. */
  private static boolean isConnectionLoss(Throwable t) {
    if (t instanceof RedisConnectionException || t instanceof IOException || t instanceof CancellationException) {
      return true;
    }
    String m = t.getMessage();
    return m != null && (m.startsWith("Currently not connected") || m.startsWith("Connection closed")
        || m.startsWith("Connection is closed") || m.startsWith("Connection disconnected"));
  }

  /**
   * Why a connection could not be opened, in the operating system's words. Netty's connect
   * exceptions carry the address as it resolved it ({@code 127.0.0.1/<unresolved>:6379}), which
   * only confuses next to the host:port the caller already names.
   *
   * @return the reason, e.g. "Connection refused", or the whole chain's messages when none is known
   */
  static String connectReason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
        String m = String.valueOf(t.getMessage());
        int colon = m.indexOf(':');
        return colon > 0 ? m.substring(0, colon) : m;
      }
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
    }
    return describe(e);
  }

  /** @return the message and, when it adds something, its cause's */
  static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
    for (Throwable cause = e.getCause(); cause != null && cause != e; cause = cause.getCause()) {
      if (cause.getMessage() != null && !sb.toString().contains(cause.getMessage())) {
        sb.append(": ").append(cause.getMessage());
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return sb.toString();
  }
}
