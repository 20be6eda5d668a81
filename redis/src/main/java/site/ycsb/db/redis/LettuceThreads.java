package site.ycsb.db.redis;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The threads Lettuce needs besides I/O, shared by the workers whose connections run on their
 * own event loops ({@link WorkerEventLoop}): a timer (command timeouts, reconnect delays) and one
 * thread for Lettuce's own tasks (connection events, reconnecting). Neither is on the path of a
 * command. Daemon threads, so a worker that could not close them never holds the JVM.
 */
final class LettuceThreads implements AutoCloseable {
  private final HashedWheelTimer timer = new HashedWheelTimer(new DefaultThreadFactory("ycsb-lettuce-timer", true));
  private final DefaultEventExecutorGroup tasks =
      new DefaultEventExecutorGroup(1, new DefaultThreadFactory("ycsb-lettuce-tasks", true));

  HashedWheelTimer timer() {
    return timer;
  }

  DefaultEventExecutorGroup tasks() {
    return tasks;
  }

  @Override
  public void close() {
    timer.stop();
    tasks.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
  }
}
