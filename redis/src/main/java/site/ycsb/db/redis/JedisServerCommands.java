package site.ycsb.db.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The blocking side on one server: a connection to it (the master with replicas, the primary
 * Sentinel names) for the writes, and one to the worker's replica for the reads, or the same one
 * without replicas. Keeps the index with the records, and WAITs after each write with
 * {@code redis.wait}.
 */
final class JedisServerCommands extends JedisCommands<Jedis> implements IndexCommands<Status> {
  private static final byte[] INDEX = bytes(RedisProperties.INDEX_KEY);
  private static final byte[] LEX_MAX = {'+'};

  private final RedisConnection writer;
  /** The replica this worker reads from; the same object as {@link #writer} without replicas. */
  private final RedisConnection reader;
  /** The WAIT after each write ({@code redis.wait}), or null. */
  private final ReplicaWait wait;

  private JedisServerCommands(RedisConnection writer, RedisConnection reader, ReplicaWait wait,
                              RedisFailures failures) {
    super(failures);
    this.writer = writer;
    this.reader = reader;
    this.wait = wait;
  }

  /**
   * Connects to the server, and to the replica, checking that each answers.
   *
   * @param writer the connection for writes
   * @param properties the properties that name the server, for messages
   * @param reader the replica's connection, or null without replicas
   * @return the commands
   * @throws DBException with one line naming the address when a server cannot be reached
   */
  static JedisServerCommands open(RedisConnection writer, String properties, RedisConnection reader,
                                  ReplicaWait wait, RedisFailures failures) throws DBException {
    connect(writer, properties);
    if (reader != null) {
      try {
        connect(reader, "redis.replicas");
      } catch (DBException e) {
        writer.drop();
        throw e;
      }
    }
    return new JedisServerCommands(writer, reader == null ? writer : reader, wait, failures);
  }

  private static void connect(RedisConnection conn, String properties) throws DBException {
    try {
      conn.get().ping();
    } catch (RuntimeException e) {
      conn.drop();
      throw RedisFailures.cannotConnect(conn.address(), properties, e);
    }
  }

  @Override
  Jedis reads() {
    return reader.get();
  }

  @Override
  Jedis writes() {
    return writer.get();
  }

  @Override
  String where(boolean write) {
    return (write ? writer : reader).address();
  }

  @Override
  void lost(boolean write) {
    (write ? writer : reader).drop();
  }

  /**
   * With {@code redis.wait}: WAIT after the write's reply (WAIT inside MULTI would not wait), on
   * the connection the write went over, since WAIT counts the acknowledgements of that
   * connection's writes; a failure of it is the operation's, as the write's would be.
   */
  @Override
  Status replicated(String operation, Jedis written) {
    if (wait == null) {
      return Status.OK;
    }
    long acknowledged = written.waitReplicas(wait.replicas(), wait.timeoutMs());
    return wait.outcome(operation, writer.address(), acknowledged);
  }

  @Override
  public Status insertIndexed(String key, Map<String, ByteIterator> values) {
    try {
      byte[] k = bytes(key);
      Jedis j = writes();
      Transaction tx = new Transaction(j.getConnection());
      tx.hset(k, hash(values));
      tx.zadd(INDEX, 0, k);
      return execResult(tx.exec()) != null ? replicated("INSERT", j) : Status.ERROR;
    } catch (RuntimeException e) {
      return failed("INSERT", true, e);
    }
  }

  @Override
  public Status deleteIndexed(String key) {
    try {
      byte[] k = bytes(key);
      Jedis j = writes();
      Transaction tx = new Transaction(j.getConnection());
      tx.del(k);
      tx.zrem(INDEX, k);
      List<Object> replies = execResult(tx.exec());
      if (replies == null) {
        return Status.ERROR;
      }
      return (Long) replies.get(0) == 0 ? Status.NOT_FOUND : replicated("DELETE", j);
    } catch (RuntimeException e) {
      return failed("DELETE", true, e);
    }
  }

  @Override
  public Status scanIndex(String startKey, int count, Set<String> fields,
                          Vector<HashMap<String, ByteIterator>> result) {
    try {
      Jedis j = reads();
      byte[] start = bytes(startKey);
      byte[] from = new byte[start.length + 1];
      from[0] = '['; // inclusive lower bound
      System.arraycopy(start, 0, from, 1, start.length);
      List<byte[]> keys = j.zrangeByLex(INDEX, from, LEX_MAX, 0, count);
      if (keys.isEmpty()) {
        return Status.OK;
      }
      // all records in one round trip
      Pipeline pipeline = new Pipeline(j.getConnection());
      String[] asked = fields == null ? null : fields.toArray(new String[0]);
      byte[][] askedBytes = names.encode(asked);
      List<Response<Map<byte[], byte[]>>> all = asked == null ? new ArrayList<>(keys.size()) : null;
      List<Response<List<byte[]>>> some = asked == null ? null : new ArrayList<>(keys.size());
      for (byte[] k : keys) {
        if (asked == null) {
          all.add(pipeline.hgetAll(k));
        } else {
          some.add(pipeline.hmget(k, askedBytes));
        }
      }
      pipeline.sync();
      for (int i = 0; i < keys.size(); i++) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        boolean found = asked == null ? toRecord(all.get(i).get(), record) : toRecord(asked, some.get(i).get(), record);
        if (found) { // a record deleted between the two round trips is left out
          result.add(record);
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("SCAN", false, e);
    }
  }

  /** @return the replies of EXEC, or null when it was aborted; a failed command inside it is thrown */
  static List<Object> execResult(List<Object> replies) {
    if (replies != null) {
      for (Object r : replies) {
        if (r instanceof RuntimeException) {
          throw (RuntimeException) r;
        }
      }
    }
    return replies;
  }

  @Override
  public void close() {
    if (reader != writer) {
      reader.drop();
    }
    writer.drop();
  }
}
