package site.ycsb.db.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;

/**
 * Makes a lost connection fail what it had in flight at once. Lettuce keeps the commands a lost
 * connection had written, and those still in its buffer, to send them again once it reconnects;
 * against a server that is gone they would wait for {@code redis.timeout} (10 s by default), holding
 * the worker's places in flight, so an outage would look like no traffic at all. When a connection
 * goes down, its commands are cancelled, which completes them with SERVICE_UNAVAILABLE as the
 * blocking side returns; new commands are refused until the connection is back
 * ({@code REJECT_COMMANDS}), and Lettuce reconnects in the background. The first connection that
 * comes back to an address is reported once, and said to have moved when it came back to another
 * server (with Redis Sentinel, the new primary after a failover).
 *
 * <p>Lettuce calls this on the connection's I/O thread, after it has taken the commands off the
 * connection and before it starts reconnecting.
 */
final class LostConnections implements RedisConnectionStateListener {
  private final BindingContext context;
  /** When each open connection went down, until it is back. */
  private final Map<RedisChannelHandler<?, ?>, Long> downSince = new ConcurrentHashMap<>();
  /** The server each open connection was last connected to. */
  private final Map<RedisChannelHandler<?, ?>, String> connectedTo = new ConcurrentHashMap<>();

  /** @param context where a connection that comes back is reported */
  LostConnections(BindingContext context) {
    this.context = context;
  }

  @Override
  @SuppressWarnings("deprecation") // reset() is unsafe on a live connection; this one has no channel left
  public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
    if (connection.isClosed()) {
      downSince.remove(connection);
      connectedTo.remove(connection);
      return; // closed by the worker: its commands are cancelled by the close itself
    }
    downSince.putIfAbsent(connection, System.nanoTime());
    connection.reset();
  }

  @Override
  public void onRedisConnected(RedisChannelHandler<?, ?> connection, SocketAddress address) {
    String where = address instanceof InetSocketAddress
        ? ((InetSocketAddress) address).getHostString() + ":" + ((InetSocketAddress) address).getPort()
        : String.valueOf(address);
    String before = connectedTo.put(connection, where);
    Long since = downSince.remove(connection);
    if (since != null) {
      long outageMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
      if (before != null && !before.equals(where)) {
        context.reportOnce("redis moved " + before + " " + where, "redis: connections to " + before + " came back to "
            + where + " after " + outageMs + " ms (the server they are for moved: a failover); operations succeed"
            + " again");
      } else {
        context.reportOnce("redis back " + where, "redis: the connection to " + where + " is back after " + outageMs
            + " ms; operations succeed again");
      }
    }
  }
}
