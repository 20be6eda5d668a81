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
 *
 * <p>With Redis Sentinel the server is the primary that the {@link RedisServerWatch} holds when the
 * connection opens; once Sentinel has named another one, the next operation leaves the old
 * primary (whether or not its connection broke) and connects to the new one.
 */
public final class RedisConnection {
  private final HostAndPort address;
  private final RedisServerWatch watch;
  private final JedisClientConfig config;
  /** The server of the connection opened last. */
  private HostAndPort current;
  /** {@link RedisServerWatch#moves()} when the connection opened. */
  private long moves;
  private Jedis jedis;

  /** A connection to one server. */
  public RedisConnection(HostAndPort address, JedisClientConfig config) {
    this.address = address;
    this.current = address;
    this.config = config;
    this.watch = null;
  }

  /**
   * A connection to the primary Sentinel names.
   *
   * @param watch where the primary's address is
   * @param config the data connection's settings
   */
  public RedisConnection(RedisServerWatch watch, JedisClientConfig config) {
    this.address = null;
    this.config = config;
    this.watch = watch;
  }

  /**
   * @return the open connection, connecting (and authenticating, selecting the database) first
   *     when there is none, or when Sentinel named another primary since it opened
   * @throws redis.clients.jedis.exceptions.JedisException when connecting fails
   */
  public Jedis get() {
    Jedis j = jedis;
    if (j != null && watch != null && watch.moves() != moves) {
      drop(); // on a primary that is one no more
      j = null;
    }
    if (j == null) {
      if (watch != null) {
        moves = watch.moves(); // before the address: a move in between costs one reconnect more, nothing worse
        current = watch.primary();
      }
      j = new Jedis(current, config);
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

  /** @return host:port of the server; with Sentinel "the primary of NAME at host:port" */
  public String address() {
    if (watch == null) {
      return address.toString();
    }
    return watch.sentinels() + (current == null ? "" : " at " + current);
  }
}
