package site.ycsb.db.redis;

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
import redis.clients.jedis.HostAndPort;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StatusFuture;
import site.ycsb.WorkerIo;

/**
 * One worker's asynchronous side (Lettuce): {@code redis.connections} connections to the server
 * (and as many to the worker's replica), auto-flush off, each of the worker's commands sent on the
 * one with the fewest in flight ({@link #leastBusy}) and written when the worker flushes. The
 * operations are the blocking side's ({@link #operations()}); each command is one object that
 * encodes itself and takes its reply ({@link RespCommand}), completing the stage the engine waits
 * on with a status.
 *
 * <p>Called from the worker thread only; replies complete on the thread that runs the connections' I/O
 * (the worker itself, with its own event loop).
 */
public final class AsyncRedis implements IndexCommands<CompletionStage<Status>> {
  /** {@code redis.eventloop} value: each worker's connections on the worker's own thread. */
  static final String WORKER_LOOP = "worker";

  private final AsyncConnection[] writers;
  /** The replica's connections, or {@link #writers} without replicas. */
  private final AsyncConnection[] readers;
  private final boolean cluster;
  private final FieldNames names;
  private final RedisFailures failures;
  /** The WAIT sent after each write ({@code redis.wait}), or null. */
  private final ReplicaWait wait;
  /** Where the primary Sentinel names is, or null without Sentinel. */
  private final RedisServerWatch watch;
  /** {@link RedisServerWatch#moves()} when the writers were last sent to the primary. */
  private long moves;
  private int nextWriter;
  private int nextReader;
  /** Connections with commands not yet written. */
  private final AsyncConnection[] unflushed;
  private int unflushedCount;

  /** The worker's own client, whose connections live on its event loop; null with Lettuce's event loops. */
  private final LettuceClients own;

  private AsyncRedis(AsyncConnection[] writers, AsyncConnection[] readers, boolean cluster, FieldNames names,
                     RedisFailures failures, LettuceClients own, ReplicaWait wait, RedisServerWatch watch,
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
  public static AsyncRedis open(BindingContext ctx, Properties p, Topology topology, RedisServerWatch watch,
                                ReplicaWait wait) throws DBException {
    boolean clusterMode = topology.cluster();
    Sentinels sentinels = topology.sentinels();
    InetSocketAddress master = address(topology.server());
    // worker i reads from replica i mod n, as on the blocking side
    InetSocketAddress replica = address(topology.replicaOf(ctx.workerIndex()));
    int n = connections(ctx, p);
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
    RedisFailures failures = RedisFailures.asynchronous(ctx);
    FieldNames names = new FieldNames();
    List<AsyncConnection> opened = new ArrayList<>();
    try {
      if (clusterMode) {
        AsyncConnection[] all = WorkerConnections.connectCluster(clients, n, master, failures, names, opened);
        return new AsyncRedis(all, all, true, names, failures, null, wait, null, 0);
      }
      // connections take the worker's own settings (a phase's workers have the same ones; tests open
      // workers with different credentials in one phase)
      AsyncConnection[] writers = sentinels != null
          ? WorkerConnections.connect(clients, settings, n, LettuceClients.uri(settings, sentinels),
              sentinels.toString(), "redis.sentinels/redis.master", failures, names, opened)
          : WorkerConnections.connect(clients, settings, n, LettuceClients.uri(settings, master), where(master),
              "redis.host/redis.port", failures, names, opened);
      AsyncConnection[] readers = replica == null ? writers
          : WorkerConnections.connect(clients, settings, n, LettuceClients.uri(settings, replica), where(replica),
              "redis.replicas", failures, names, opened);
      return new AsyncRedis(writers, readers, false, names, failures, own, wait, watch, movesAtStart);
    } catch (DBException | RuntimeException e) {
      WorkerConnections.close(opened, clients.loop());
      if (own != null) {
        own.close();
      }
      throw e;
    }
  }

  /**
   * -threads N run as sessions share the worker's connections, as an application's threads share a
   * Lettuce connection (and as the Cassandra binding's sessions share the driver's): the server
   * then sees pipelined commands, as from any Lettuce application. One connection per session, as
   * N Jedis threads open, is redis.connectionpersession=true.
   */
  private static int connections(BindingContext ctx, Properties p) throws DBException {
    if (!RedisProperties.CONNECTION_PER_SESSION.getBoolean(p)) {
      return RedisProperties.CONNECTIONS.getInt(p);
    }
    if (RedisProperties.CONNECTIONS.isSet(p)) {
      throw new DBException("redis.connectionpersession=true cannot be combined with redis.connections:"
          + " set one of them");
    }
    return ctx.sessions() ? ctx.inflight() : RedisProperties.CONNECTIONS.getInt(p);
  }

  private static InetSocketAddress address(HostAndPort hp) {
    return hp == null ? null : InetSocketAddress.createUnresolved(hp.getHost(), hp.getPort());
  }

  static String where(InetSocketAddress address) {
    return address.getHostString() + ":" + address.getPort();
  }

  private AsyncConnection writer() {
    int i = leastBusy(writers, nextWriter);
    nextWriter = i;
    return sending(writers[i]);
  }

  private AsyncConnection reader() {
    if (readers == writers) {
      return writer();
    }
    int i = leastBusy(readers, nextReader);
    nextReader = i;
    return sending(readers[i]);
  }

  /**
   * The connection with the fewest commands outstanding, the last one chosen while none has
   * fewer: the places the answers of one connection free go back to that connection, together, so
   * each connection's commands travel in batches (one write and one read for many commands, for
   * this client and for the server alike), as a pipelining client's do, while no connection sits
   * idle as long as another has commands queued.
   *
   * @param ring the connections
   * @param last the index of the connection chosen last
   * @return the index of the connection to send on
   */
  static int leastBusy(Lane[] ring, int last) {
    int best = last;
    int fewest = ring[last].outstanding();
    int n = ring.length;
    for (int k = 1; k < n && fewest > 0; k++) {
      int i = last + k < n ? last + k : last + k - n;
      int o = ring[i].outstanding();
      if (o < fewest) {
        fewest = o;
        best = i;
      }
    }
    return best;
  }

  /** A connection as {@link #leastBusy} sees it. */
  interface Lane {
    /** @return the commands sent on it and not yet completed */
    int outstanding();
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

  /** @return the worker's operations, over these commands: with the index on one server, without it in a cluster */
  public RedisOperations<CompletionStage<Status>> operations() {
    return cluster ? RedisOperations.unindexed(this) : RedisOperations.indexed(this);
  }

  @Override
  public CompletionStage<Status> read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    String[] f = fields == null ? null : fields.toArray(new String[0]);
    AsyncConnection c = reader();
    ReadOperation op = new ReadOperation(c, key, f, names.encode(f), result);
    c.send(op);
    return op.stage;
  }

  @Override
  public CompletionStage<Status> scanIndex(String startKey, int count, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    String[] f = fields == null ? null : fields.toArray(new String[0]);
    AsyncConnection c = reader();
    ScanOperation op = new ScanOperation(c, startKey, count, f, names.encode(f), result);
    c.send(op);
    return op.stage;
  }

  @Override
  public CompletionStage<Status> hset(String operation, String key, Map<String, ByteIterator> values) {
    AsyncConnection c = writer();
    WriteOperation op = WriteOperation.hset(c, operation, key, hash(values));
    c.send(op);
    return replicated(c, operation, op.stage);
  }

  @Override
  public CompletionStage<Status> del(String key) {
    AsyncConnection c = writer();
    WriteOperation op = WriteOperation.del(c, key);
    c.send(op);
    return replicated(c, "DELETE", op.stage);
  }

  @Override
  public CompletionStage<Status> insertIndexed(String key, Map<String, ByteIterator> values) {
    AsyncConnection c = writer();
    return replicated(c, "INSERT", TransactionOperation.insert(c, key, hash(values)).stage);
  }

  @Override
  public CompletionStage<Status> deleteIndexed(String key) {
    AsyncConnection c = writer();
    return replicated(c, "DELETE", TransactionOperation.delete(c, key).stage);
  }

  @Override
  public CompletionStage<Status> done(Status status) {
    return StatusFuture.of(status);
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
  @Override
  public void close() {
    failures.closing();
    List<AsyncConnection> all = new ArrayList<>(List.of(writers));
    if (readers != writers) {
      all.addAll(List.of(readers));
    }
    WorkerConnections.close(all, own == null ? null : own.loop());
    if (own != null) {
      own.close();
    }
  }

  /** @return the worker's event loop, for the engine to run while it waits; null on Lettuce's event loops */
  public WorkerIo workerIo() {
    return own == null ? null : own.loop();
  }
}
