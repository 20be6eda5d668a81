package site.ycsb.db.redis;

import java.util.List;
import java.util.Properties;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * Which servers the binding talks to, read from the properties and checked once, the same for
 * both paths: one server ({@code redis.host}/{@code redis.port}), possibly with replicas to read
 * from; the primary that Redis Sentinel names ({@code redis.sentinels}); or a Redis Cluster
 * reached through a seed node ({@code redis.cluster=true}). Combinations that cannot work are
 * refused with one line naming the properties.
 */
public final class Topology {
  private final HostAndPort server;
  private final List<HostAndPort> replicas;
  private final Sentinels sentinels;
  private final boolean cluster;

  private Topology(HostAndPort server, List<HostAndPort> replicas, Sentinels sentinels, boolean cluster) {
    this.server = server;
    this.replicas = replicas;
    this.sentinels = sentinels;
    this.cluster = cluster;
  }

  /**
   * @param p the properties
   * @return the topology they describe
   * @throws DBException for an invalid list of servers or a combination that cannot work
   */
  public static Topology of(Properties p) throws DBException {
    HostAndPort server = new HostAndPort(RedisProperties.HOST.get(p), RedisProperties.PORT.getInt(p));
    List<HostAndPort> replicas = replicas(p);
    Sentinels sentinels = Sentinels.of(p);
    boolean cluster = RedisProperties.CLUSTER.getBoolean(p);
    if (sentinels != null && cluster) {
      throw new DBException("redis.sentinels cannot be combined with redis.cluster=true"
          + " (a cluster promotes its replicas itself: give one of its nodes in redis.host/redis.port)");
    }
    if (sentinels != null && !replicas.isEmpty()) {
      throw new DBException("redis.replicas cannot be combined with redis.sentinels"
          + " (reads and writes go to the primary the sentinels name)");
    }
    if (cluster && !replicas.isEmpty()) {
      throw new DBException("redis.replicas cannot be combined with redis.cluster=true"
          + " (a cluster's replicas are found through the cluster)");
    }
    int database = RedisProperties.DATABASE.getInt(p);
    if (cluster && database != 0) {
      throw new DBException("redis.database=" + database + " is not possible with redis.cluster=true:"
          + " Redis Cluster has only database 0");
    }
    if (cluster && RedisProperties.WAIT.getInt(p) > 0) {
      throw new DBException("redis.wait is not possible with redis.cluster=true: WAIT must follow the write on"
          + " its connection, which the cluster client does not promise");
    }
    return new Topology(server, replicas, sentinels, cluster);
  }

  private static List<HostAndPort> replicas(Properties p) throws DBException {
    String list = RedisProperties.REPLICAS.get(p);
    if (list != null && !list.isEmpty()) {
      return HostList.parse(RedisProperties.REPLICAS.name(), list);
    }
    return HostList.parse(RedisProperties.SLAVES.name(), RedisProperties.SLAVES.get(p));
  }

  /** @return {@code redis.host}:{@code redis.port}: the server, the replicas' master, or a cluster's seed node */
  public HostAndPort server() {
    return server;
  }

  /**
   * @param workerIndex the worker's number
   * @return the replica the worker reads from (worker i reads from replica i mod n), or null without replicas
   */
  public HostAndPort replicaOf(int workerIndex) {
    return replicas.isEmpty() ? null : replicas.get(Math.floorMod(workerIndex, replicas.size()));
  }

  /** @return the sentinels that name the primary, or null */
  public Sentinels sentinels() {
    return sentinels;
  }

  /** @return whether the server is a Redis Cluster's seed node */
  public boolean cluster() {
    return cluster;
  }
}
