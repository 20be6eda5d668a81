package site.ycsb.db.redis;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The commands a record operation is made of, as one side sends them: the blocking side (Jedis)
 * answers each with the operation's status, the asynchronous side (Lettuce) with a stage that
 * completes with it. Which commands make which operation is decided once, in
 * {@link RedisOperations}; these only send them. Every write is followed by WAIT with
 * {@code redis.wait} ({@link ReplicaWait}).
 *
 * @param <S> what an operation returns: {@code Status}, or {@code CompletionStage<Status>}
 */
interface RecordCommands<S> {
  /**
   * {@code HGETALL key}, or {@code HMGET key field...} with only the asked fields.
   *
   * @return OK with the record in {@code result}, or NOT_FOUND
   */
  S read(String key, Set<String> fields, Map<String, ByteIterator> result);

  /**
   * {@code HSET key field value...} of the given fields only.
   *
   * @param operation UPDATE or INSERT, for reports
   * @return OK
   */
  S hset(String operation, String key, Map<String, ByteIterator> values);

  /**
   * {@code DEL key}.
   *
   * @return OK, or NOT_FOUND when there was no such record
   */
  S del(String key);

  /** @return an outcome known without sending anything */
  S done(Status status);

  /** Closes the side's connections. */
  void close();
}
