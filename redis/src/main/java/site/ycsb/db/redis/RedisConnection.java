package site.ycsb.db.redis;

import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * One connection to one Redis server, owned by one {@link site.ycsb.db.RedisClient} (one worker
 * thread), so it needs no pool and no locking. After a connection error the client
 * {@link #drop() drops} it and the next operation connects again: a server that went away and came
 * back is picked up without stopping the run, and a server that is still away fails that operation
 * quickly (connection refused, or the connect timeout) instead of blocking it.
 */
public final class RedisConnection {
  private final HostAndPort address;
  private final JedisClientConfig config;
  private Jedis jedis;

  public RedisConnection(HostAndPort address, JedisClientConfig config) {
    this.address = address;
    this.config = config;
  }

  /**
   * @return the open connection, connecting (and authenticating, selecting the database) first
   *     when there is none
   * @throws redis.clients.jedis.exceptions.JedisException when connecting fails
   */
  public Jedis get() {
    Jedis j = jedis;
    if (j == null) {
      j = new Jedis(address, config);
      jedis = j;
    }
    return j;
  }

  /** Closes the connection, if any; the next {@link #get()} opens a new one. */
  public void drop() {
    Jedis j = jedis;
    jedis = null;
    if (j != null) {
      try {
        j.close();
      } catch (RuntimeException e) {
        // the socket is already unusable; nothing more to release
      }
    }
  }

  /** @return host:port of the server */
  public String address() {
    return address.toString();
  }
}
