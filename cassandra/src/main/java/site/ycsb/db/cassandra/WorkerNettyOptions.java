package site.ycsb.db.cassandra;

import com.datastax.oss.driver.internal.core.context.DefaultNettyOptions;
import com.datastax.oss.driver.internal.core.context.InternalDriverContext;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;

/**
 * The driver's Netty settings for a session whose connections live on a worker's own loop
 * ({@link WorkerLoop}): that loop for I/O, the driver's defaults for the rest (its admin executor,
 * timer, allocator and socket options). The worker closes its loop itself, after the session.
 */
final class WorkerNettyOptions extends DefaultNettyOptions {
  private final WorkerLoop loop;

  WorkerNettyOptions(InternalDriverContext context, WorkerLoop loop) {
    super(context);
    this.loop = loop;
  }

  @Override
  public EventLoopGroup ioEventLoopGroup() {
    return loop;
  }

  @Override
  public Class<? extends Channel> channelClass() {
    return loop.channelClass();
  }
}
