package site.ycsb.db.redis;

import java.time.Duration;
import java.util.Set;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The blocking side in a Redis Cluster: one {@link JedisCluster} per worker, with its own
 * connections to each node, routing each key by its slot and following MOVED/ASK redirections.
 * It reconnects to a failed node itself, so a failure closes nothing here.
 */
final class JedisClusterCommands extends JedisCommands<JedisCluster> {
  private static final int MAX_ATTEMPTS = 3;
  private static final String WHERE = "the cluster";

  private final JedisCluster cluster;

  private JedisClusterCommands(JedisCluster cluster, RedisFailures failures) {
    super(failures);
    this.cluster = cluster;
  }

  /**
   * @param seed any node of the cluster
   * @param timeoutMs {@code redis.timeout}
   * @return the commands, the cluster's topology read through the seed node
   * @throws DBException with one line naming the seed when the cluster cannot be reached
   */
  static JedisClusterCommands open(HostAndPort seed, JedisClientConfig config, int timeoutMs, RedisFailures failures)
      throws DBException {
    try {
      // retries after a failed node are bounded by redis.timeout in total, so an operation never blocks longer
      return new JedisClusterCommands(new JedisCluster(Set.of(seed), config, MAX_ATTEMPTS,
          Duration.ofMillis(timeoutMs)), failures);
    } catch (RuntimeException e) {
      throw RedisFailures.cannotReachCluster(seed.toString(), e);
    }
  }

  @Override
  JedisCluster reads() {
    return cluster;
  }

  @Override
  JedisCluster writes() {
    return cluster;
  }

  @Override
  String where(boolean write) {
    return WHERE;
  }

  @Override
  void lost(boolean write) {
    // the cluster client drops and reopens its node connections itself
  }

  /** WAIT is refused with a cluster ({@link Topology}): a write is done when its node answered. */
  @Override
  Status replicated(String operation, JedisCluster written) {
    return Status.OK;
  }

  @Override
  public void close() {
    cluster.close();
  }
}
