package site.ycsb.db.redis;

import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import site.ycsb.DBException;

/**
 * Opens and closes one worker's Lettuce connections ({@link AsyncConnection}), all at once: a
 * worker's 256 connections take one round of handshakes, not 256. A connection that cannot be
 * opened ends the start with one line naming the server ({@link RedisFailures#cannotConnect}).
 */
final class WorkerConnections {
  private WorkerConnections() {
  }

  /**
   * Opens n connections to one server (or to the primary the sentinels name), all at once.
   *
   * @param uri the server's URI, or the sentinels' (each connection then opens on the primary they name)
   * @param where the server's host:port, or "the primary of NAME", for messages
   * @param properties the properties that name the server, for messages
   */
  static AsyncConnection[] connect(LettuceClients clients, LettuceClients.Settings settings, int n,
                                   RedisURI uri, String where, String properties, RedisFailures failures,
                                   FieldNames names, List<AsyncConnection> opened) throws DBException {
    // all at once: 256 connections take one round of handshakes, not 256
    List<CompletableFuture<? extends StatefulConnection<byte[], byte[]>>> pending = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      pending.add(clients.client().connectAsync(ByteArrayCodec.INSTANCE, uri).toCompletableFuture());
    }
    AsyncConnection[] out = new AsyncConnection[n];
    DBException failure = null;
    for (int i = 0; i < n; i++) {
      try {
        StatefulConnection<byte[], byte[]> c;
        CompletableFuture<? extends StatefulConnection<byte[], byte[]>> connecting = pending.get(i);
        for (int attempt = 1; ; attempt++) {
          try {
            c = await(connecting, settings, clients.loop());
            break;
          } catch (DBException e) {
            // Lettuce reports a handshake that failed (refused credentials, say) before its own
            // connect listener ran as "RedisHandshakeHandler not registered"; again gives the cause
            if (!isLostHandshake(e) || attempt == 3 || failure != null) {
              throw e;
            }
            connecting = clients.client().connectAsync(ByteArrayCodec.INSTANCE, uri).toCompletableFuture();
          }
        }
        // on the worker's own loop, a flush's commands go to Lettuce as one
        out[i] = new AsyncConnection(c, where, failures, names, false, clients.loop() != null);
        opened.add(out[i]);
      } catch (DBException e) {
        if (failure == null) {
          failure = RedisFailures.cannotConnect(where, properties, e.getCause() != null ? e.getCause() : e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return out;
  }

  /**
   * Opens n cluster connections, each with its connections to every master, so that no command
   * waits for one to open mid-run.
   *
   * @param seed the node the cluster's topology was read through, for messages
   */
  static AsyncConnection[] connectCluster(LettuceClients clients, int n, InetSocketAddress seed,
                                          RedisFailures failures, FieldNames names,
                                          List<AsyncConnection> opened) throws DBException {
    AsyncConnection[] out = new AsyncConnection[n];
    for (int i = 0; i < n; i++) {
      StatefulRedisClusterConnection<byte[], byte[]> c;
      try {
        c = await(clients.cluster().connectAsync(ByteArrayCodec.INSTANCE), clients.settings(), null);
        // every master's connection now, so that no command waits for one to open mid-run: a command
        // whose node connection is still opening is written when it opens, after the worker's flush,
        // and waits in the buffer unsent. Lettuce routes by slot over connections known by host and
        // port (not by node id), so those are the ones opened here
        for (RedisClusterNode node : c.getPartitions()) {
          if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
            c.getConnection(node.getUri().getHost(), node.getUri().getPort());
          }
        }
      } catch (DBException e) {
        throw RedisFailures.cannotReachCluster(AsyncRedis.where(seed), e.getCause() != null ? e.getCause() : e);
      } catch (RuntimeException e) {
        throw RedisFailures.cannotReachCluster(AsyncRedis.where(seed), e);
      }
      out[i] = new AsyncConnection(c, "the cluster", failures, names, true, false);
      opened.add(out[i]);
    }
    return out;
  }

  /**
   * Waits for a connection at most as long as connecting and its handshake may take.
   *
   * @param loop the worker's event loop the connection opens on, run while waiting; or null
   */
  private static <T> T await(CompletableFuture<T> future, LettuceClients.Settings s, WorkerEventLoop loop)
      throws DBException {
    long waitMs = (long) s.connectTimeoutMs + (s.timeoutMs > 0 ? s.timeoutMs : 10_000);
    try {
      return loop != null ? loop.await(future, waitMs) : future.get(waitMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new DBException(RedisFailures.describe(e.getCause()), e.getCause());
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new DBException("no answer within " + waitMs + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while connecting", e);
    }
  }

  private static boolean isLostHandshake(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IllegalStateException && String.valueOf(t.getMessage()).contains("RedisHandshakeHandler")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Closes the connections, waiting for them at most five seconds.
   *
   * @param loop the worker's event loop they live on, run while waiting; or null
   */
  static void close(List<AsyncConnection> connections, WorkerEventLoop loop) {
    List<CompletableFuture<Void>> closing = new ArrayList<>();
    for (AsyncConnection c : connections) {
      closing.add(c.connection.closeAsync());
    }
    try {
      CompletableFuture<Void> all = CompletableFuture.allOf(closing.toArray(new CompletableFuture[0]));
      if (loop != null) {
        loop.await(all, 5_000);
      } else {
        all.get(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // closing is best effort: the client's shutdown closes whatever is left
    }
  }
}
