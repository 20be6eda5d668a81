/**
 * The Redis binding's operations, connection handling and property declarations; the client class
 * users name is site.ycsb.db.RedisClient. Both sides run the same {@link
 * site.ycsb.db.redis.RedisOperations} (chosen by the topology: with the index on one server, without
 * it in a cluster) over their driver's commands, and report failures through one classification
 * ({@code RedisFailures}) and one field-name cache ({@code FieldNames}). Blocking side: {@link
 * site.ycsb.db.redis.BlockingRedis} (Jedis: {@code JedisServerCommands} over {@link
 * site.ycsb.db.redis.RedisConnection}, or {@code JedisClusterCommands}). Asynchronous side
 * ({@code -inflight N}): {@link site.ycsb.db.redis.AsyncRedis}, one worker's Lettuce connections,
 * over {@link site.ycsb.db.redis.LettuceClients}, the client and event loops a process shares; each
 * command is one object that writes itself in RESP and decodes its own reply ({@code RespCommand}
 * and its subclasses). Transactions ({@link site.ycsb.TransactionalDB}): {@link
 * site.ycsb.db.redis.RedisTransactions}, WATCH and MULTI/EXEC over the blocking side's write connection.
 */
package site.ycsb.db.redis;
