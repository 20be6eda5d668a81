package site.ycsb.db.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.resource.ClientResources;
import java.net.SocketAddress;
import reactor.core.publisher.Mono;
import redis.clients.jedis.HostAndPort;

/**
 * A Lettuce client whose connections to the primary of a Sentinel URI open on the address the
 * {@link RedisServerWatch} holds, when they connect and every time they reconnect. Lettuce's own way
 * would ask the first sentinel that answers, which right after a failover may still name the old
 * primary. Other URIs connect as usual.
 */
final class WatchedRedisClient extends RedisClient {
  private final RedisServerWatch watch;

  WatchedRedisClient(ClientResources resources, RedisServerWatch watch) {
    super(resources, new RedisURI());
    this.watch = watch;
  }

  /** Lettuce's hook for where a URI's connection goes; called anew for each connect and reconnect. */
  @Override
  protected Mono<SocketAddress> getSocketAddress(RedisURI uri) {
    if (uri.getSentinelMasterId() == null) {
      return super.getSocketAddress(uri);
    }
    return Mono.fromCallable(() -> {
      HostAndPort primary = watch.primary();
      return getResources().socketAddressResolver().resolve(RedisURI.create(primary.getHost(), primary.getPort()));
    });
  }
}
