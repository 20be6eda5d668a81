package site.ycsb.db.redis;

import java.util.Map;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a sentinel says of the primary ({@code SENTINEL MASTER name}): its address, and the
 * configuration epoch in which Sentinel named it. Sentinels learn of a failover one after the
 * other; the epoch tells which of two answers is the newer.
 *
 * @param address the primary's host and port
 * @param epoch the configuration epoch (higher = newer)
 */
record SentinelPrimary(HostAndPort address, long epoch) {

  /**
   * @param connectTimeoutMs the connect and read timeout ({@code redis.connecttimeout})
   * @return the settings of a connection to a sentinel: no password and no TLS, those are the
   *     data connections' (see {@link Sentinels})
   */
  static JedisClientConfig config(int connectTimeoutMs) {
    return DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(connectTimeoutMs)
        .socketTimeoutMillis(connectTimeoutMs)
        .clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
        .build();
  }

  /**
   * @param sentinel the sentinel to ask, over a connection of its own
   * @param master the master name
   * @param config the connection's settings
   * @return its answer
   * @throws JedisDataException when it knows no master of that name
   * @throws JedisException when it cannot be asked
   */
  static SentinelPrimary ask(HostAndPort sentinel, String master, JedisClientConfig config) {
    try (Jedis j = new Jedis(sentinel, config)) {
      Map<String, String> m = j.sentinelMaster(master);
      try {
        return new SentinelPrimary(new HostAndPort(m.get("ip"), Integer.parseInt(m.get("port"))),
            Long.parseLong(m.get("config-epoch")));
      } catch (RuntimeException e) { // a field missing or not a number
        throw new JedisDataException("unexpected answer to SENTINEL MASTER " + master + ": " + m);
      }
    }
  }

  /**
   * @param sentinels the sentinels, asked in order until one answers
   * @param config the connections' settings
   * @return the first answer
   * @throws JedisConnectionException when none answers; the message says what each did
   */
  static SentinelPrimary askAny(Sentinels sentinels, JedisClientConfig config) {
    StringBuilder why = new StringBuilder();
    for (HostAndPort s : sentinels.addresses()) {
      try {
        return ask(s, sentinels.masterName(), config);
      } catch (JedisDataException e) {
        why.append(why.length() == 0 ? "" : "; ").append(s).append(" knows no master named '")
            .append(sentinels.masterName()).append("' (redis.master): ").append(e.getMessage());
      } catch (JedisException e) {
        why.append(why.length() == 0 ? "" : "; ").append(s).append(": ").append(e.getMessage());
      }
    }
    throw new JedisConnectionException("no sentinel of redis.sentinels named " + sentinels + ": " + why);
  }
}
