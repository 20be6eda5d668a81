package site.ycsb.db.redis;

import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import redis.clients.jedis.HostAndPort;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.WorkerIo;

/**
 * One worker's asynchronous side (Lettuce): {@code redis.connections} connections to the server
 * (and as many to the worker's replica), auto-flush off, the worker's commands spread over them
 * round-robin and written when the worker flushes. Same data layout, same statuses as the blocking
 * side; each operation is one command object that encodes itself and decodes its reply
 * ({@link RespCommand}), completing the stage the engine waits on with a status.
 *
 * <p>Called from the worker thread only; replies complete on Lettuce's I/O threads.
 */
public final class AsyncRedis {
  /** {@code redis.eventloop} value: each worker's connections on the worker's own thread. */
  static final String WORKER_LOOP = "worker";
  private static final CompletionStage<Status> NOT_IMPLEMENTED = CompletableFuture.completedFuture(Status.NOT_IMPLEMENTED);

  private final AsyncConnection[] writers;
  /** The replica's connections, or {@link #writers} without replicas. */
  private final AsyncConnection[] readers;
  private final boolean cluster;
  private final FieldNames names;
  private final AsyncFailures failures;
  /** The WAIT sent after each write ({@code redis.wait}), or null. */
  private final ReplicaWait wait;
  /** Where the primary Sentinel names is, or null without Sentinel. */
  private final FailoverWatch watch;
  /** {@link FailoverWatch#moves()} when the writers were last sent to the primary. */
  private long moves;
  private int nextWriter;
  private int nextReader;
  /** Connections with commands not yet written. */
  private final AsyncConnection[] unflushed;
  private int unflushedCount;

  /** The worker's own client, whose connections live on its event loop; null with Lettuce's event loops. */
  private final LettuceClients own;

  private AsyncRedis(AsyncConnection[] writers, AsyncConnection[] readers, boolean cluster, FieldNames names,
                     AsyncFailures failures, LettuceClients own, ReplicaWait wait, FailoverWatch watch,
                     long moves) {
    this.own = own;
    this.wait = wait;
    this.watch = watch;
    this.moves = moves;
    this.writers = writers;
    this.failures = failures;
    this.readers = readers;
    this.cluster = cluster;
    this.names = names;
    this.unflushed = new AsyncConnection[writers.length + (readers == writers ? 0 : readers.length)];
  }

  /**
   * Opens the worker's connections.
   *
   * @param ctx the worker's context (shared client, failure reports)
   * @param p the properties
   * @param topology the server (or the master of the replicas, or a cluster seed node), or the sentinels
   * @param watch where the primary Sentinel names is, with {@code topology}'s sentinels; else null
   * @param wait the WAIT after each write, or null
   * @return the worker's asynchronous side
   * @throws DBException with one line naming the address when a server cannot be reached
   */
  public static AsyncRedis open(BindingContext ctx, Properties p, Topology topology, FailoverWatch watch,
                                ReplicaWait wait) throws DBException {
    boolean clusterMode = topology.cluster();
    Sentinels sentinels = topology.sentinels();
    InetSocketAddress master = address(topology.server());
    // worker i reads from replica i mod n, as on the blocking side
    InetSocketAddress replica = address(topology.replicaOf(ctx.workerIndex()));
    int n = RedisProperties.CONNECTIONS.getInt(p);
    LettuceClients.Settings settings = new LettuceClients.Settings(p);
    InetSocketAddress seed = clusterMode ? master : null;
    // a cluster's client routes commands through connections it opens and refreshes itself, which
    // needs event loops that run on their own: it always uses Lettuce's
    boolean ownLoop = !clusterMode && WORKER_LOOP.equals(RedisProperties.EVENT_LOOP.get(p));
    LettuceClients own = null;
    LettuceClients clients;
    if (ownLoop) {
      LettuceThreads threads = ctx.shared("redis.lettuce threads", LettuceThreads::new);
      own = LettuceClients.onWorkerLoop(settings, watch, new WorkerEventLoop(), threads, ctx);
      clients = own;
    } else {
      String mode = clusterMode ? "cluster " + master : sentinels != null ? "sentinels " + sentinels.key() : "standalone";
      clients = ctx.shared("redis.lettuce " + mode + " " + settings.key(),
          () -> LettuceClients.open(settings, seed, watch, ctx));
    }
    long movesAtStart = watch == null ? 0 : watch.moves(); // before connecting: a move meanwhile costs a reconnect
    AsyncFailures failures = new AsyncFailures(ctx);
    FieldNames names = new FieldNames();
    List<AsyncConnection> opened = new ArrayList<>();
    try {
      if (clusterMode) {
        AsyncConnection[] all = connectCluster(clients, n, master, failures, names, opened);
        return new AsyncRedis(all, all, true, names, failures, null, wait, null, 0);
      }
      // connections take the worker's own settings (a phase's workers have the same ones; tests open
      // workers with different credentials in one phase)
      AsyncConnection[] writers = sentinels != null
          ? connect(clients, settings, n, LettuceClients.uri(settings, sentinels), sentinels.toString(),
              "redis.sentinels/redis.master", failures, names, opened)
          : connect(clients, settings, n, LettuceClients.uri(settings, master), where(master), "redis.host/redis.port",
              failures, names, opened);
      AsyncConnection[] readers = replica == null ? writers
          : connect(clients, settings, n, LettuceClients.uri(settings, replica), where(replica), "redis.replicas",
              failures, names, opened);
      return new AsyncRedis(writers, readers, false, names, failures, own, wait, watch, movesAtStart);
    } catch (DBException | RuntimeException e) {
      close(opened, clients.loop());
      if (own != null) {
        own.close();
      }
      throw e;
    }
  }

  private static InetSocketAddress address(HostAndPort hp) {
    return hp == null ? null : InetSocketAddress.createUnresolved(hp.getHost(), hp.getPort());
  }

  private static String where(InetSocketAddress address) {
    return address.getHostString() + ":" + address.getPort();
  }

  /**
   * @param uri the server's URI, or the sentinels' (each connection then opens on the primary they name)
   * @param where the server's host:port, or "the primary of NAME", for messages
   * @param properties the properties that name the server, for messages
   */
  private static AsyncConnection[] connect(LettuceClients clients, LettuceClients.Settings settings, int n,
                                           RedisURI uri, String where, String properties, AsyncFailures failures,
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
        out[i] = new AsyncConnection(c, where, failures, names, false);
        opened.add(out[i]);
      } catch (DBException e) {
        if (failure == null) {
          failure = connectFailure(where, properties, e.getCause() != null ? e.getCause() : e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return out;
  }

  private static AsyncConnection[] connectCluster(LettuceClients clients, int n, InetSocketAddress seed,
                                                  AsyncFailures failures, FieldNames names,
                                                  List<AsyncConnection> opened) throws DBException {
    AsyncConnection[] out = new AsyncConnection[n];
    for (int i = 0; i < n; i++) {
      StatefulRedisClusterConnection<byte[], byte[]> c;
      try {
        c = await(clients.cluster().connectAsync(ByteArrayCodec.INSTANCE), clients.settings(), null);
        // every master's connection now, so that no command waits for one to open mid-run
        for (RedisClusterNode node : c.getPartitions()) {
          if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
            c.getConnection(node.getNodeId());
          }
        }
      } catch (DBException e) {
        throw new DBException("cannot connect to the Redis Cluster through " + seed.getHostString() + ":"
            + seed.getPort() + " (redis.host/redis.port, redis.cluster=true): "
            + AsyncFailures.connectReason(e.getCause() != null ? e.getCause() : e));
      } catch (RuntimeException e) {
        throw new DBException("cannot connect to the Redis Cluster through " + seed.getHostString() + ":"
            + seed.getPort() + " (redis.host/redis.port, redis.cluster=true): " + AsyncFailures.connectReason(e));
      }
      out[i] = new AsyncConnection(c, "the cluster", failures, names, true);
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
      throw new DBException(AsyncFailures.describe(e.getCause()), e.getCause());
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

  private static DBException connectFailure(String where, String properties, Throwable cause) {
    String message = AsyncFailures.connectReason(cause);
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (AsyncFailures.isPermissionError(t.getMessage())) {
        return new DBException("Redis at " + where + " refused the credentials (redis.user/redis.password): "
            + t.getMessage());
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return new DBException("cannot connect to Redis at " + where + " (" + properties + "): " + message);
  }

  /** @return the next connection of the ring, round-robin */
  private AsyncConnection writer() {
    int i = nextWriter;
    nextWriter = i + 1 == writers.length ? 0 : i + 1;
    return sending(writers[i]);
  }

  private AsyncConnection reader() {
    if (readers == writers) {
      return writer();
    }
    int i = nextReader;
    nextReader = i + 1 == readers.length ? 0 : i + 1;
    return sending(readers[i]);
  }

  private AsyncConnection sending(AsyncConnection c) {
    if (!c.unflushed) {
      c.unflushed = true;
      unflushed[unflushedCount++] = c;
    }
    return c;
  }

  /** Writes what was sent since the last flush, one write per connection. */
  public void flush() {
    if (watch != null && watch.moves() != moves) {
      leaveOldPrimary();
    }
    for (int i = 0; i < unflushedCount; i++) {
      unflushed[i].flush();
      unflushed[i] = null;
    }
    unflushedCount = 0;
  }

  /**
   * Sentinel named another primary: the connections reconnect, to it. What they had in flight or
   * buffered fails with SERVICE_UNAVAILABLE, as when a primary crashes.
   */
  private void leaveOldPrimary() {
    moves = watch.moves();
    for (AsyncConnection c : writers) {
      c.reconnect();
    }
  }

  /** @see site.ycsb.AsyncDB#readAsync */
  public CompletionStage<Status> read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    String[] f = fields == null ? null : fields.toArray(new String[0]);
    AsyncConnection c = reader();
    ReadOperation op = new ReadOperation(c, key, f, encode(f), result);
    c.send(op);
    return op.stage;
  }

  /** @see site.ycsb.AsyncDB#scanAsync */
  public CompletionStage<Status> scan(String startKey, int count, Set<String> fields,
                                      Vector<HashMap<String, ByteIterator>> result) {
    if (cluster) {
      return NOT_IMPLEMENTED; // no index in a cluster, as on the blocking side
    }
    String[] f = fields == null ? null : fields.toArray(new String[0]);
    AsyncConnection c = reader();
    ScanOperation op = new ScanOperation(c, startKey, count, f, encode(f), result);
    c.send(op);
    return op.stage;
  }

  /** @see site.ycsb.AsyncDB#updateAsync */
  public CompletionStage<Status> update(String key, Map<String, ByteIterator> values) {
    AsyncConnection c = writer();
    WriteOperation op = WriteOperation.hset(c, "UPDATE", key, hash(values));
    c.send(op);
    return replicated(c, "UPDATE", op.stage);
  }

  /** @see site.ycsb.AsyncDB#insertAsync */
  public CompletionStage<Status> insert(String key, Map<String, ByteIterator> values) {
    AsyncConnection c = writer();
    if (cluster) {
      WriteOperation op = WriteOperation.hset(c, "INSERT", key, hash(values));
      c.send(op);
      return op.stage;
    }
    return replicated(c, "INSERT", TransactionOperation.insert(c, key, hash(values)).stage);
  }

  /** @see site.ycsb.AsyncDB#deleteAsync */
  public CompletionStage<Status> delete(String key) {
    AsyncConnection c = writer();
    if (cluster) {
      WriteOperation op = WriteOperation.del(c, key);
      c.send(op);
      return op.stage;
    }
    return replicated(c, "DELETE", TransactionOperation.delete(c, key).stage);
  }

  /**
   * With {@code redis.wait}: pipelines WAIT right after the write on its connection, and the
   * operation completes with WAIT's reply (WAIT inside MULTI would not wait, so it follows EXEC).
   *
   * @return the stage the engine waits on
   */
  private CompletionStage<Status> replicated(AsyncConnection c, String operation, CompletableFuture<Status> written) {
    if (wait == null) {
      return written;
    }
    WaitOperation w = new WaitOperation(c, operation, written, wait);
    c.send(w);
    return w.stage;
  }

  private byte[][] encode(String[] fields) {
    if (fields == null) {
      return null;
    }
    byte[][] out = new byte[fields.length][];
    for (int i = 0; i < fields.length; i++) {
      out[i] = names.encode(fields[i]);
    }
    return out;
  }

  /** @return field, value, field, value... */
  private byte[][] hash(Map<String, ByteIterator> values) {
    byte[][] out = new byte[values.size() * 2][];
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out[i++] = names.encode(e.getKey());
      out[i++] = e.getValue().toArray();
    }
    return out;
  }

  /** Closes the worker's connections; commands still in flight (abandoned by the engine) end unreported. */
  public void close() {
    failures.closing();
    List<AsyncConnection> all = new ArrayList<>(List.of(writers));
    if (readers != writers) {
      all.addAll(List.of(readers));
    }
    close(all, own == null ? null : own.loop());
    if (own != null) {
      own.close();
    }
  }

  /** @return the worker's event loop, for the engine to run while it waits; null on Lettuce's event loops */
  public WorkerIo workerIo() {
    return own == null ? null : own.loop();
  }

  private static void close(List<AsyncConnection> connections, WorkerEventLoop loop) {
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
