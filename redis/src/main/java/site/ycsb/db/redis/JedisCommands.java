package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.commands.JedisBinaryCommands;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The blocking side's commands (Jedis), each answered with the operation's status: the record
 * commands both topologies send the same way, over the connection(s) a subclass holds. A command
 * that throws ends its operation with the status {@link RedisFailures} gives it; a failure that
 * leaves the connection's state unknown (anything but an error reply) closes it first, so that
 * the next operation connects again.
 *
 * @param <C> what commands are sent through: one server's connection, or a cluster client
 */
abstract class JedisCommands<C extends JedisBinaryCommands> implements RecordCommands<Status> {
  final RedisFailures failures;
  final FieldNames names = new FieldNames();

  JedisCommands(RedisFailures failures) {
    this.failures = failures;
  }

  /** @return where reads go, connecting first when needed */
  abstract C reads();

  /** @return where writes go, connecting first when needed */
  abstract C writes();

  /** @return the server reads ({@code write} false) or writes go to, for reports */
  abstract String where(boolean write);

  /** Closes the read or write connection after a failure that left its state unknown. */
  abstract void lost(boolean write);

  /**
   * @param operation INSERT, UPDATE or DELETE
   * @param written where the write went
   * @return OK, or what WAIT made of it with {@code redis.wait}
   */
  abstract Status replicated(String operation, C written);

  @Override
  public final Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return readFrom(reads(), key, fields, result);
    } catch (RuntimeException e) {
      return failed("READ", false, e);
    }
  }

  /**
   * Reads one record over the given connection: {@code HGETALL}, or {@code HMGET} of the asked
   * fields. A transaction reads over its write connection, where its WATCHes are.
   *
   * @return OK with the record in {@code result}, or NOT_FOUND
   * @throws RuntimeException what the command threw, for the caller to classify
   */
  final Status readFrom(C c, String key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] k = bytes(key);
    if (fields == null) {
      return toRecord(c.hgetAll(k), result) ? Status.OK : Status.NOT_FOUND;
    }
    String[] asked = fields.toArray(new String[0]);
    return toRecord(asked, c.hmget(k, names.encode(asked)), result) ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  public final Status hset(String operation, String key, Map<String, ByteIterator> values) {
    try {
      C c = writes();
      c.hset(bytes(key), hash(values));
      return replicated(operation, c);
    } catch (RuntimeException e) {
      return failed(operation, true, e);
    }
  }

  @Override
  public final Status del(String key) {
    try {
      C c = writes();
      return c.del(bytes(key)) == 0 ? Status.NOT_FOUND : replicated("DELETE", c);
    } catch (RuntimeException e) {
      return failed("DELETE", true, e);
    }
  }

  @Override
  public final Status done(Status status) {
    return status;
  }

  /**
   * @param write whether it went over the write connection
   * @return the operation's status; the connection closed unless the failure was an error reply
   */
  final Status failed(String operation, boolean write, RuntimeException e) {
    String where = where(write);
    if (!RedisFailures.isErrorReply(e)) {
      lost(write);
    }
    return failures.of(operation, where, e);
  }

  static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  /** @return the fields for HSET, names encoded once */
  final Map<byte[], byte[]> hash(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> hash = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      hash.put(names.encode(e.getKey()), e.getValue().toArray());
    }
    return hash;
  }

  /** @return whether the record exists (HGETALL of a missing key is empty) */
  final boolean toRecord(Map<byte[], byte[]> hash, Map<String, ByteIterator> result) {
    for (Map.Entry<byte[], byte[]> e : hash.entrySet()) {
      result.put(names.decode(e.getKey()), new ByteArrayByteIterator(e.getValue()));
    }
    return !hash.isEmpty();
  }

  /** @return whether the record has any of the asked fields; HMGET answers in the order they were asked */
  static boolean toRecord(String[] fields, List<byte[]> values, Map<String, ByteIterator> result) {
    boolean found = false;
    for (int i = 0; i < fields.length; i++) {
      byte[] v = values.get(i);
      if (v != null) {
        result.put(fields[i], new ByteArrayByteIterator(v));
        found = true;
      }
    }
    return found;
  }
}
