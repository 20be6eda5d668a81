package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLParameters;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.AsyncDB;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.WorkerIo;
import site.ycsb.db.redis.AsyncRedis;
import site.ycsb.db.redis.FailoverWatch;
import site.ycsb.db.redis.RedisConnection;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.db.redis.ReplicaWait;
import site.ycsb.db.redis.Topology;
import site.ycsb.props.PropertyException;

/**
 * Redis binding (Jedis). A record is one hash per key; a sorted set ({@value RedisProperties#INDEX_KEY},
 * every member with score 0) holds the keys so that a scan reads them in key order with
 * ZRANGEBYLEX. Insert and delete change the hash and the index in one MULTI/EXEC, sent as one
 * round trip.
 *
 * <p>Four modes ({@link Topology}): one server; a master with replicas ({@code redis.replicas}),
 * where writes go to the master and each instance reads from one replica, chosen round-robin when
 * it starts; the primary that Redis Sentinel names ({@code redis.sentinels}), followed through a
 * failover ({@link FailoverWatch}); and Redis Cluster ({@code redis.cluster=true}), where
 * keys are routed by slot, no index is kept and scans return NOT_IMPLEMENTED. With
 * {@code redis.wait} every write is followed by WAIT ({@link ReplicaWait}).
 *
 * <p>One instance per worker thread, each with its own connection(s): no pool, no contention. A
 * lost connection fails the operation with SERVICE_UNAVAILABLE (TIMEOUT when the server did not
 * answer within {@code redis.timeout}) and the next operation connects again.
 *
 * <p>On the asynchronous path ({@code -inflight N}) the same operations go through Lettuce instead
 * ({@link AsyncRedis}): {@code redis.connections} connections per worker, many commands in flight
 * on each, same data layout and statuses. Jedis stays the blocking side.
 */
public class RedisClient extends DB implements AsyncDB {
  private static final byte[] INDEX = RedisProperties.INDEX_KEY.getBytes(UTF_8);
  private static final byte[] LEX_MAX = {'+'};
  private static final int CLUSTER_MAX_ATTEMPTS = 3;

  /** Where failures are reported once. */
  private BindingContext context;

  private RedisConnection writer;
  /** The replica this instance reads from; the same object as {@link #writer} without replicas. */
  private RedisConnection reader;
  private JedisCluster cluster;
  /** The WAIT after each write ({@code redis.wait}), or null. */
  private ReplicaWait wait;
  /** The asynchronous side, when the phase runs with -inflight; then no Jedis connection is open. */
  private AsyncRedis async;
  private final Map<String, byte[]> fieldNames = new HashMap<>();

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    Properties p = getProperties();
    try {
      int timeout = RedisProperties.TIMEOUT.getInt(p);
      JedisClientConfig config = DefaultJedisClientConfig.builder()
          .user(RedisProperties.USER.get(p))
          .password(RedisProperties.PASSWORD.get(p))
          .database(RedisProperties.DATABASE.getInt(p))
          .socketTimeoutMillis(timeout)
          .connectionTimeoutMillis(RedisProperties.CONNECT_TIMEOUT.getInt(p))
          .ssl(RedisProperties.SSL.getBoolean(p))
          .sslParameters(verifyHostName())
          // CLIENT SETINFO is unknown before Redis 7.2 and would only add noise to the server's stats
          .clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
          .build();
      Topology topology = Topology.of(p);
      wait = ReplicaWait.of(p, ctx);
      HostAndPort server = topology.server();
      HostAndPort replica = topology.replicaOf(ctx.workerIndex());
      // one watch per phase follows the primary for every worker, on either path
      FailoverWatch watch = topology.sentinels() == null ? null : ctx.shared("redis.sentinels " + topology.sentinels()
          .key(), () -> FailoverWatch.open(topology.sentinels(), RedisProperties.CONNECT_TIMEOUT.getInt(p), ctx));
      if (ctx.inflight() > 0) {
        async = AsyncRedis.open(ctx, p, topology, watch, wait);
      } else if (topology.cluster()) {
        cluster = connectCluster(server, config, timeout);
      } else if (topology.sentinels() != null) {
        writer = new RedisConnection(watch, config);
        reader = writer;
        connect(writer, "redis.sentinels/redis.master");
      } else {
        writer = new RedisConnection(server, config);
        connect(writer, "redis.host/redis.port");
        reader = writer;
        if (replica != null) {
          reader = new RedisConnection(replica, config);
          connect(reader, "redis.replicas");
        }
      }
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    } catch (DBException e) {
      cleanup(); // the master's connection, when a replica could not be reached
      throw e;
    }
  }

  /** TLS checks the certificate's host name (or IP address) too, as HTTPS does. */
  private static SSLParameters verifyHostName() {
    SSLParameters params = new SSLParameters();
    params.setEndpointIdentificationAlgorithm("HTTPS");
    return params;
  }

  private static void connect(RedisConnection conn, String properties) throws DBException {
    try {
      conn.get().ping();
    } catch (RuntimeException e) {
      conn.drop();
      if (e instanceof JedisAccessControlException || isPermissionError(e)) {
        throw new DBException("Redis at " + conn.address() + " refused the credentials (redis.user/redis.password): "
            + e.getMessage());
      }
      throw new DBException("cannot connect to Redis at " + conn.address() + " (" + properties + "): " + describe(e));
    }
  }

  private static JedisCluster connectCluster(HostAndPort seed, JedisClientConfig config, int timeout)
      throws DBException {
    try {
      // retries after a failed node are bounded by redis.timeout in total, so an operation never blocks longer
      return new JedisCluster(Set.of(seed), config, CLUSTER_MAX_ATTEMPTS, Duration.ofMillis(timeout));
    } catch (RuntimeException e) {
      throw new DBException("cannot connect to the Redis Cluster through " + seed
          + " (redis.host/redis.port, redis.cluster=true): " + describe(e));
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (async != null) {
      async.close();
      async = null;
    }
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
    if (reader != null && reader != writer) {
      reader.drop();
    }
    if (writer != null) {
      writer.drop();
    }
    reader = null;
    writer = null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      JedisBinaryCommands c = cluster != null ? cluster : reader.get();
      return readRecord(c, bytes(key), fields, result) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return failed("READ", reader, e);
    }
  }

  private boolean readRecord(JedisBinaryCommands c, byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      return toRecord(c.hgetAll(key), result);
    }
    byte[][] names = fieldNames(fields);
    return toRecord(fields, c.hmget(key, names), result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (cluster != null) {
      return Status.NOT_IMPLEMENTED;
    }
    try {
      Jedis j = reader.get();
      byte[] start = bytes(startkey);
      byte[] from = new byte[start.length + 1];
      from[0] = '['; // inclusive lower bound
      System.arraycopy(start, 0, from, 1, start.length);
      List<byte[]> keys = j.zrangeByLex(INDEX, from, LEX_MAX, 0, recordcount);
      if (keys.isEmpty()) {
        return Status.OK;
      }
      // all records in one round trip
      Pipeline pipeline = new Pipeline(j.getConnection());
      byte[][] names = fields == null ? null : fieldNames(fields);
      List<Response<Map<byte[], byte[]>>> all = fields == null ? new ArrayList<>(keys.size()) : null;
      List<Response<List<byte[]>>> some = fields == null ? null : new ArrayList<>(keys.size());
      for (byte[] k : keys) {
        if (fields == null) {
          all.add(pipeline.hgetAll(k));
        } else {
          some.add(pipeline.hmget(k, names));
        }
      }
      pipeline.sync();
      for (int i = 0; i < keys.size(); i++) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        boolean found = fields == null ? toRecord(all.get(i).get(), record) : toRecord(fields, some.get(i).get(), record);
        if (found) { // a record deleted between the two round trips is left out
          result.add(record);
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("SCAN", reader, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (cluster != null) {
        cluster.hset(bytes(key), toHash(values));
        return Status.OK;
      }
      Jedis j = writer.get();
      j.hset(bytes(key), toHash(values));
      return replicated("UPDATE", j);
    } catch (RuntimeException e) {
      return failed("UPDATE", writer, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      byte[] k = bytes(key);
      if (cluster != null) {
        cluster.hset(k, toHash(values));
        return Status.OK;
      }
      Jedis j = writer.get();
      Transaction tx = new Transaction(j.getConnection());
      tx.hset(k, toHash(values));
      tx.zadd(INDEX, 0, k);
      return execResult(tx.exec()) != null ? replicated("INSERT", j) : Status.ERROR;
    } catch (RuntimeException e) {
      return failed("INSERT", writer, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      byte[] k = bytes(key);
      if (cluster != null) {
        return cluster.del(k) == 0 ? Status.NOT_FOUND : Status.OK;
      }
      Jedis j = writer.get();
      Transaction tx = new Transaction(j.getConnection());
      tx.del(k);
      tx.zrem(INDEX, k);
      List<Object> replies = execResult(tx.exec());
      if (replies == null) {
        return Status.ERROR;
      }
      return (Long) replies.get(0) == 0 ? Status.NOT_FOUND : replicated("DELETE", j);
    } catch (RuntimeException e) {
      return failed("DELETE", writer, e);
    }
  }

  /**
   * With {@code redis.wait}: WAIT after the write's reply (WAIT inside MULTI would not wait), on
   * the connection the write went over, since WAIT counts the acknowledgements of that
   * connection's writes; a failure of it is the operation's, as the write's would be.
   *
   * @param j the write's connection
   * @return OK, or NOT_REPLICATED when fewer replicas acknowledged the write
   */
  private Status replicated(String operation, Jedis j) {
    if (wait == null) {
      return Status.OK;
    }
    long acknowledged = j.waitReplicas(wait.replicas(), wait.timeoutMs());
    return wait.outcome(operation, writer.address(), acknowledged);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return async.read(key, fields, result);
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return async.scan(startkey, recordcount, fields, result);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return async.update(key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return async.insert(key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return async.delete(key);
  }

  @Override
  public void flush() {
    async.flush();
  }

  @Override
  public WorkerIo workerIo() {
    return async == null ? null : async.workerIo();
  }

  /** @return the replies of EXEC, or null when it was aborted; a failed command inside it is thrown */
  private static List<Object> execResult(List<Object> replies) {
    if (replies != null) {
      for (Object r : replies) {
        if (r instanceof RuntimeException) {
          throw (RuntimeException) r;
        }
      }
    }
    return replies;
  }

  /**
   * Turns an exception into the operation's status. A connection error closes the connection so
   * that the next operation opens a new one; an error reply from the server leaves it open.
   */
  private Status failed(String operation, RedisConnection conn, RuntimeException e) {
    Status status;
    if (e instanceof JedisAccessControlException || isPermissionError(e)) {
      status = Status.FORBIDDEN;
    } else if (e instanceof JedisDataException) {
      status = Status.ERROR;
    } else {
      // JedisConnectionException, JedisClusterOperationException, or anything that leaves the
      // protocol state unknown: start over with a new connection
      if (conn != null) {
        conn.drop();
      }
      status = isTimeout(e) ? Status.TIMEOUT
          : e instanceof JedisConnectionException || e instanceof JedisClusterOperationException
          ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
    }
    report(operation, conn, status, e);
    return status;
  }

  private static boolean isPermissionError(Throwable e) {
    String m = e.getMessage();
    return m != null && (m.startsWith("NOPERM") || m.startsWith("NOAUTH") || m.startsWith("WRONGPASS"));
  }

  private static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
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

  /** Reports each kind of failure once per phase: the counts are in the results, not in a log flood. */
  private void report(String operation, RedisConnection conn, Status status, RuntimeException e) {
    String where = cluster != null ? "the cluster" : conn != null ? conn.address() : "?";
    String what = "redis " + operation + " " + status.getName() + " " + where + " " + e.getClass().getSimpleName();
    context.reportOnce(what, "redis: " + operation + " at " + where + " failed with " + status.getName() + ": "
        + describe(e) + (status == Status.SERVICE_UNAVAILABLE || status == Status.TIMEOUT
        ? " (the next operation reconnects)" : ""));
  }

  private static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
    Throwable cause = e.getCause();
    if (cause != null && cause.getMessage() != null && !sb.toString().contains(cause.getMessage())) {
      sb.append(": ").append(cause.getMessage());
    }
    return sb.toString();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  private byte[][] fieldNames(Set<String> fields) {
    byte[][] names = new byte[fields.size()][];
    int i = 0;
    for (String f : fields) {
      names[i++] = fieldNames.computeIfAbsent(f, RedisClient::bytes);
    }
    return names;
  }

  private Map<byte[], byte[]> toHash(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> hash = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      hash.put(fieldNames.computeIfAbsent(e.getKey(), RedisClient::bytes), e.getValue().toArray());
    }
    return hash;
  }

  private static boolean toRecord(Map<byte[], byte[]> hash, Map<String, ByteIterator> result) {
    for (Map.Entry<byte[], byte[]> e : hash.entrySet()) {
      result.put(new String(e.getKey(), UTF_8), new ByteArrayByteIterator(e.getValue()));
    }
    return !hash.isEmpty();
  }

  /** HMGET answers in the order of the set's iteration, which {@link #fieldNames} used. */
  private static boolean toRecord(Set<String> fields, List<byte[]> values, Map<String, ByteIterator> result) {
    boolean found = false;
    Iterator<String> names = fields.iterator();
    for (byte[] v : values) {
      String name = names.next();
      if (v != null) {
        result.put(name, new ByteArrayByteIterator(v));
        found = true;
      }
    }
    return found;
  }
}
