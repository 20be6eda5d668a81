package site.ycsb.db.redis;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.RecordOperations;
import site.ycsb.Status;

/**
 * The five operations of one worker, on either side, and which commands make each: chosen once,
 * when the worker starts, by the topology. On one server (with replicas, or the primary Sentinel
 * names) a record is one hash and an index entry, changed together; a Redis Cluster keeps no index
 * (one index key would live on one node and serialize every insert), so its inserts and deletes
 * touch the hash alone and its scans return NOT_IMPLEMENTED. The table is not part of a record, as
 * in upstream's binding: every table is the same keys.
 *
 * @param <S> what an operation returns: {@code Status} on the blocking side, {@code
 *     CompletionStage<Status>} on the asynchronous side
 */
public abstract class RedisOperations<S> implements RecordOperations<S> {
  /** The side's commands, sent through its driver. */
  final RecordCommands<S> commands;

  private RedisOperations(RecordCommands<S> commands) {
    this.commands = commands;
  }

  /** @return operations that keep the index: one server */
  static <S> RedisOperations<S> indexed(IndexCommands<S> commands) {
    return new Indexed<>(commands);
  }

  /** @return operations without an index: a Redis Cluster */
  static <S> RedisOperations<S> unindexed(RecordCommands<S> commands) {
    return new Unindexed<>(commands);
  }

  @Override
  public final S read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return commands.read(key, fields, result);
  }

  @Override
  public final S update(String table, String key, Map<String, ByteIterator> values) {
    return commands.hset("UPDATE", key, values);
  }


  /** Closes the worker's connections. */
  public final void close() {
    commands.close();
  }

  /** One server: every key in the index, so that a scan reads keys in order. */
  private static final class Indexed<S> extends RedisOperations<S> {
    private final IndexCommands<S> indexed;

    Indexed(IndexCommands<S> commands) {
      super(commands);
      this.indexed = commands;
    }

    @Override
    public S insert(String table, String key, Map<String, ByteIterator> values) {
      return indexed.insertIndexed(key, values);
    }

    @Override
    public S delete(String table, String key) {
      return indexed.deleteIndexed(key);
    }

    @Override
    public S scan(String table, String startKey, int count, Set<String> fields,
                  Vector<HashMap<String, ByteIterator>> result) {
      return indexed.scanIndex(startKey, count, fields, result);
    }
  }

  /** A Redis Cluster: keys routed by slot, no index. */
  private static final class Unindexed<S> extends RedisOperations<S> {
    /** One outcome for every scan, made once. */
    private final S notImplemented;

    Unindexed(RecordCommands<S> commands) {
      super(commands);
      this.notImplemented = commands.done(Status.NOT_IMPLEMENTED);
    }

    @Override
    public S insert(String table, String key, Map<String, ByteIterator> values) {
      return commands.hset("INSERT", key, values);
    }

    @Override
    public S delete(String table, String key) {
      return commands.del(key);
    }

    @Override
    public S scan(String table, String startKey, int count, Set<String> fields,
                  Vector<HashMap<String, ByteIterator>> result) {
      return notImplemented;
    }
  }
}
