package site.ycsb.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Redis Cluster of masters only, on free loopback ports: each node a {@link RedisServer} in
 * cluster mode, joined with {@code redis-cli --cluster create ... --cluster-replicas 0 --cluster-yes}
 * (Debian package {@code redis-tools}); {@link #start(int)} returns when every node reports
 * {@code cluster_state:ok}.
 */
public final class RedisCluster implements AutoCloseable {
  private final List<RedisServer> nodes;

  private RedisCluster(List<RedisServer> nodes) {
    this.nodes = List.copyOf(nodes);
  }

  /**
   * Starts the nodes and joins them; the hash slots are spread evenly.
   *
   * @param masters how many master nodes (at least 3, as redis-cli requires)
   * @return the running cluster
   */
  public static RedisCluster start(int masters) {
    if (masters < 3) {
      throw new IllegalArgumentException("redis-cli --cluster create needs at least 3 masters, got " + masters);
    }
    List<RedisServer> started = new ArrayList<>();
    try {
      for (int i = 0; i < masters; i++) {
        started.add(RedisServer.builder().clusterEnabled().start());
      }
      List<String> cmd = new ArrayList<>(List.of(RedisServer.binary("redis-cli").toString(), "--cluster", "create"));
      started.forEach(n -> cmd.add(n.address()));
      cmd.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
      RedisServer.run(cmd, Duration.ofMinutes(2));
      for (RedisServer n : started) {
        n.process().awaitCondition(n.address() + " cluster_state:ok",
            () -> n.cli("CLUSTER", "INFO").contains("cluster_state:ok"), Duration.ofSeconds(60));
      }
      return new RedisCluster(started);
    } catch (RuntimeException e) {
      started.forEach(RedisServer::close);
      throw e;
    }
  }

  /** @return the nodes, in the order they were joined */
  public List<RedisServer> nodes() {
    return nodes;
  }

  /** @return {@code host:port,host:port,...} of every node */
  public String addresses() {
    return nodes.stream().map(RedisServer::address).collect(Collectors.joining(","));
  }

  @Override
  public void close() {
    nodes.forEach(RedisServer::close);
  }
}
