package site.ycsb.db.redis;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;

/**
 * The commands that keep the index ({@value RedisProperties#INDEX_KEY}, a sorted set of every key
 * with score 0) together with the records, on a server that holds all keys (not a cluster). A
 * record and its index entry are changed in one MULTI/EXEC, sent as one round trip.
 *
 * @param <S> what an operation returns: {@code Status}, or {@code CompletionStage<Status>}
 */
interface IndexCommands<S> extends RecordCommands<S> {
  /**
   * {@code MULTI; HSET key field value...; ZADD _ycsb_index 0 key; EXEC}.
   *
   * @return OK, or ERROR when the transaction was aborted
   */
  S insertIndexed(String key, Map<String, ByteIterator> values);

  /**
   * {@code MULTI; DEL key; ZREM _ycsb_index key; EXEC}.
   *
   * @return OK, NOT_FOUND when there was no such record, or ERROR when the transaction was aborted
   */
  S deleteIndexed(String key);

  /**
   * {@code ZRANGEBYLEX _ycsb_index [startkey + LIMIT 0 count} for the keys, then their records
   * (HGETALL or HMGET) in one pipeline: two round trips. A record deleted between the two is left out.
   *
   * @return OK with the records in key order in {@code result}
   */
  S scanIndex(String startKey, int count, Set<String> fields, Vector<HashMap<String, ByteIterator>> result);
}
