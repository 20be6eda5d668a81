/**
 * The Redis binding's connection handling and property declarations; the client class users name
 * is site.ycsb.db.RedisClient. Blocking side: {@link site.ycsb.db.redis.RedisConnection} (Jedis).
 * Asynchronous side ({@code -inflight N}): {@link site.ycsb.db.redis.AsyncRedis}, one worker's
 * Lettuce connections, over {@link site.ycsb.db.redis.LettuceClients}, the client and event loops
 * a process shares; each operation is one command object that writes itself in RESP and decodes its
 * own reply ({@code RespCommand} and its subclasses).
 */
package site.ycsb.db.redis;
