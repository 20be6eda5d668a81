package site.ycsb.db.redis;

import java.util.Properties;
import javax.net.ssl.SSLParameters;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Opens one worker's blocking side (Jedis): its own connection(s), no pool, no locks. The
 * counterpart of {@link AsyncRedis}; both end in the same {@link RedisOperations}.
 */
public final class BlockingRedis {
  private BlockingRedis() {
  }

  /**
   * Opens the worker's connections and checks that each server answers.
   *
   * @param ctx the worker's context (its number, failure reports)
   * @param p the properties
   * @param topology the server (or the master of the replicas, or a cluster seed node), or the sentinels
   * @param watch where the primary Sentinel names is, with {@code topology}'s sentinels; else null
   * @param wait the WAIT after each write, or null
   * @return the worker's operations
   * @throws DBException with one line naming the address when a server cannot be reached or refuses the credentials
   */
  public static RedisOperations<Status> open(BindingContext ctx, Properties p, Topology topology,
                                             RedisServerWatch watch, ReplicaWait wait) throws DBException {
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
    RedisFailures failures = RedisFailures.blocking(ctx);
    if (topology.cluster()) {
      return RedisOperations.unindexed(JedisClusterCommands.open(topology.server(), config, timeout, failures));
    }
    if (topology.sentinels() != null) {
      return RedisOperations.indexed(JedisServerCommands.open(new RedisConnection(watch, config),
          "redis.sentinels/redis.master", null, wait, failures));
    }
    HostAndPort replica = topology.replicaOf(ctx.workerIndex());
    return RedisOperations.indexed(JedisServerCommands.open(new RedisConnection(topology.server(), config),
        "redis.host/redis.port", replica == null ? null : new RedisConnection(replica, config), wait, failures));
  }

  /** TLS checks the certificate's host name (or IP address) too, as HTTPS does. */
  private static SSLParameters verifyHostName() {
    SSLParameters params = new SSLParameters();
    params.setEndpointIdentificationAlgorithm("HTTPS");
    return params;
  }
}
