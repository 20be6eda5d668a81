package site.ycsb.db.redis;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Turns what went wrong with a command, on either side (a Jedis exception, a Lettuce one, or an
 * error reply), into the operation's status, and reports each distinct cause once per phase: the
 * counts are in the results, not in a log flood. Also words the one-line failures of the start.
 *
 * <ul>
 *   <li>an ACL or authentication error reply ({@code NOPERM}, {@code NOAUTH}, {@code WRONGPASS}): FORBIDDEN;
 *   <li>another error reply ({@code WRONGTYPE}, {@code OOM}, an aborted transaction): ERROR;
 *   <li>no answer within {@code redis.timeout}: TIMEOUT;
 *   <li>a lost, reset or refused connection, an unreachable cluster node: SERVICE_UNAVAILABLE, told
 *       once per server however many operations and kinds of exception it shows as;
 *   <li>anything else: ERROR.
 * </ul>
 */
final class RedisFailures {
  /** How epoll's exceptions give a system call's error: its number, negated. */
  private static final java.util.regex.Pattern SYSTEM_ERROR = java.util.regex.Pattern.compile("failed with error\\(-(\\d+)\\)");
  private final BindingContext context;
  /** What a lost connection means for the operations on this side, for the one line that tells of it. */
  private final String afterLoss;
  /** Appended to a timeout's line: what happens to the connection. */
  private final String afterTimeout;
  /** Set when the worker closes its connections: what they still had in flight is dropped, not a failure to report. */
  private volatile boolean closing;

  private RedisFailures(BindingContext context, String afterLoss, String afterTimeout) {
    this.context = context;
    this.afterLoss = afterLoss;
    this.afterTimeout = afterTimeout;
  }

  /** @return the blocking side's: a connection that failed is closed, and the next operation connects again */
  static RedisFailures blocking(BindingContext context) {
    return new RedisFailures(context, "operations fail with SERVICE_UNAVAILABLE until it is back;"
        + " the next operation connects again", " (the next operation reconnects)");
  }

  /** @return the asynchronous side's: Lettuce reconnects in the background */
  static RedisFailures asynchronous(BindingContext context) {
    return new RedisFailures(context, "operations in flight on it and those sent until it is back fail at once"
        + " with SERVICE_UNAVAILABLE; it reconnects in the background", "");
  }

  /** From now on failures are no news: the worker is closing its connections. */
  void closing() {
    closing = true;
  }

  /**
   * @param operation READ, SCAN, UPDATE, INSERT or DELETE
   * @param where the server's host:port, or "the cluster"
   * @param error the server's error reply, e.g. {@code WRONGTYPE Operation against a key...}
   * @return FORBIDDEN for ACL and authentication errors, ERROR for the others
   */
  Status ofReply(String operation, String where, String error) {
    return reply(operation, where, error, isPermissionError(error) ? Status.FORBIDDEN : Status.ERROR);
  }

  /**
   * @param operation READ, SCAN, UPDATE, INSERT or DELETE
   * @param where the server's host:port, or "the cluster"
   * @param cause why the command failed: an error reply Jedis threw, or the command ended without a reply
   * @return FORBIDDEN or ERROR for an error reply, TIMEOUT, SERVICE_UNAVAILABLE for a lost or
   *     refused connection, ERROR otherwise
   */
  Status of(String operation, String where, Throwable cause) {
    if (cause instanceof JedisAccessControlException) {
      return reply(operation, where, String.valueOf(cause.getMessage()), Status.FORBIDDEN);
    }
    if (isErrorReply(cause)) {
      return ofReply(operation, where, String.valueOf(cause.getMessage()));
    }
    Status status = isTimeout(cause) ? Status.TIMEOUT
        : isConnectionLoss(cause) ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
    if (closing) {
      return status;
    }
    if (status == Status.SERVICE_UNAVAILABLE) {
      // one cause however the loss shows (a reset, a cancelled command, a refused one): one line
      context.reportOnce("redis lost " + where, "redis: lost the connection to " + where + " (" + describe(cause)
          + "): " + afterLoss);
      return status;
    }
    context.reportOnce("redis " + operation + " " + status.getName() + " " + where + " " + cause.getClass().getSimpleName(),
        "redis: " + operation + " at " + where + " failed with " + status.getName() + ": " + describe(cause)
        + (status == Status.TIMEOUT ? afterTimeout : ""));
    return status;
  }

  private Status reply(String operation, String where, String error, Status status) {
    int space = error.indexOf(' ');
    String code = space > 0 ? error.substring(0, space) : error;
    context.reportOnce("redis " + operation + " " + status.getName() + " " + where + " " + code,
        "redis: " + operation + " at " + where + " failed with " + status.getName() + ": " + error);
    return status;
  }

  /**
   * @param e what a Jedis command threw
   * @return whether it is the server's error reply, after which the connection is still in step
   *     (anything else leaves the protocol's state unknown: the connection must be opened again)
   */
  static boolean isErrorReply(Throwable e) {
    return e instanceof JedisDataException || isPermissionError(e.getMessage());
  }

  private static boolean isPermissionError(String message) {
    return message != null
        && (message.startsWith("NOPERM") || message.startsWith("NOAUTH") || message.startsWith("WRONGPASS"));
  }

  /** Jedis's socket read timed out (possibly behind a wrapper or a suppressed retry), or Lettuce's command timer fired. */
  private static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SocketTimeoutException || t instanceof RedisCommandTimeoutException) {
        return true;
      }
      for (Throwable s : t.getSuppressed()) {
        if (isTimeout(s)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Lettuce signals a write while disconnected, and commands dropped with their connection, with plain RedisExceptions. */
  private static boolean isConnectionLoss(Throwable t) {
    if (t instanceof JedisConnectionException || t instanceof JedisClusterOperationException
        || t instanceof RedisConnectionException || t instanceof IOException || t instanceof CancellationException) {
      return true;
    }
    String m = t.getMessage();
    return m != null && (m.startsWith("Currently not connected") || m.startsWith("Connection closed")
        || m.startsWith("Connection is closed") || m.startsWith("Connection disconnected"));
  }

  /**
   * @param where the server's host:port, or "the primary of NAME"
   * @param properties the properties that name the server
   * @param cause why the connection (or its handshake) failed
   * @return the start's one line: the credentials were refused, or the server could not be reached
   */
  static DBException cannotConnect(String where, String properties, Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof JedisAccessControlException || isPermissionError(t.getMessage())) {
        return new DBException("Redis at " + where + " refused the credentials (redis.user/redis.password): "
            + t.getMessage());
      }
    }
    return new DBException("cannot connect to Redis at " + where + " (" + properties + "): " + connectReason(cause));
  }

  /**
   * @param seed the seed node's host:port
   * @param cause why the cluster's topology could not be read through it
   * @return the start's one line
   */
  static DBException cannotReachCluster(String seed, Throwable cause) {
    return new DBException("cannot connect to the Redis Cluster through " + seed
        + " (redis.host/redis.port, redis.cluster=true): " + connectReason(cause));
  }

  /**
   * Why a connection could not be opened, in the operating system's words. Netty's connect
   * exceptions carry the address as it resolved it ({@code 127.0.0.1/<unresolved>:6379}), which
   * only confuses next to the host:port the caller already names.
   *
   * @return the reason, e.g. "Connection refused", or the whole chain's messages when none is known
   */
  private static String connectReason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
        String m = String.valueOf(t.getMessage());
        String system = systemError(m);
        if (system != null) {
          return system;
        }
        int colon = m.indexOf(':');
        return colon > 0 ? m.substring(0, colon) : m;
      }
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
    }
    return describe(e);
  }

  /**
   * Epoll's exceptions name the system call and the error's number only ("finishConnect(..)
   * failed with error(-111)"): the common ones in the words the JDK's own exceptions use.
   *
   * @return the reason, or null when the message is not such a one or its number is not known
   */
  static String systemError(String message) {
    java.util.regex.Matcher m = SYSTEM_ERROR.matcher(message);
    if (!m.find()) {
      return null;
    }
    switch (Integer.parseInt(m.group(1))) {
      case 111:
        return "Connection refused";
      case 113:
        return "No route to host";
      case 110:
        return "Connection timed out";
      case 101:
        return "Network is unreachable";
      case 104:
        return "Connection reset by peer";
      default:
        return null;
    }
  }

  /** @return the message and, when they add something, its causes' */
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
