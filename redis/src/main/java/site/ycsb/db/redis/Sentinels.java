package site.ycsb.db.redis;

import java.util.List;
import java.util.Properties;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * Where Redis Sentinel is asked for the primary: the sentinels of {@code redis.sentinels} and the
 * master name of {@code redis.master}, whose primary a {@link RedisServerWatch} follows for both
 * paths. The sentinels are asked without
 * password and without TLS: {@code redis.user}, {@code redis.password} and {@code redis.ssl}
 * are for the data connections.
 */
public final class Sentinels {
  private final List<HostAndPort> addresses;
  private final String masterName;

  private Sentinels(List<HostAndPort> addresses, String masterName) {
    this.addresses = List.copyOf(addresses);
    this.masterName = masterName;
  }

  /**
   * @param p the properties
   * @return the sentinels, or null when {@code redis.sentinels} is not set
   * @throws DBException when the list or the master name is invalid
   */
  public static Sentinels of(Properties p) throws DBException {
    List<HostAndPort> addresses = HostList.parse(RedisProperties.SENTINELS.name(), RedisProperties.SENTINELS.get(p));
    if (addresses.isEmpty()) {
      return null;
    }
    String name = RedisProperties.MASTER.get(p);
    if (name == null || name.isBlank()) {
      throw new DBException("property redis.master is empty: expected the master name the sentinels monitor"
          + " (sentinel monitor NAME host port quorum)");
    }
    return new Sentinels(addresses, name.trim());
  }

  /** @return the sentinels, in the order they are asked */
  public List<HostAndPort> addresses() {
    return addresses;
  }

  /** @return the master name the sentinels know */
  public String masterName() {
    return masterName;
  }

  /** @return what tells two sets of sentinels apart: their addresses and the master name */
  public String key() {
    return addresses + " " + masterName;
  }

  /** @return "the primary of NAME", for messages */
  @Override
  public String toString() {
    return "the primary of " + masterName;
  }
}
