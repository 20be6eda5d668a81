package site.ycsb.db.redis;

import io.lettuce.core.resource.EpollProvider;
import io.lettuce.core.resource.EventLoopGroupProvider;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import site.ycsb.WorkerIo;

/**
 * A Netty event loop run by the worker's own thread: the worker's Lettuce connections live on it,
 * so the worker writes its commands straight to their sockets and reads the replies itself when
 * it waits ({@link #run}), completing its operations without any other thread. Lettuce's own
 * event loops would make each command cross threads twice (to the event loop to be written, back
 * to the worker on its reply), each crossing a wake-up that costs more client CPU than the
 * command itself; this is how redis-benchmark and memtier_benchmark work, one loop per thread.
 *
 * <p>It is also the event loop "group" Lettuce allocates for the worker's client, so every
 * connection that client opens (a reconnect too) is registered here. The loop runs only when the
 * worker calls {@link #run} (waiting for completions) or waits here for a connection to open or
 * close ({@link #await}).
 */
final class WorkerEventLoop implements WorkerIo, EventLoopGroupProvider {
  /**
   * Epoll where Lettuce uses it (Linux, the native library loads): Lettuce picks the channel
   * class, which must match the loop. Besides, the JDK's selector waits in whole milliseconds and
   * polls without sleeping for a shorter wait, so a worker at 5,000 slots a second would keep its
   * core busy; epoll sleeps to the microsecond and still wakes on the first reply.
   */
  private final ManualIoEventLoop loop = new ManualIoEventLoop(null, Thread.currentThread(),
      EpollProvider.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());

  @Override
  public void run(long maxNanos) {
    // -1: what is ready, without blocking; otherwise block for I/O at most maxNanos
    loop.run(maxNanos <= 0 ? -1 : maxNanos);
  }

  @Override
  public void wake() {
    loop.wakeup();
  }

  /**
   * Runs the loop until the stage completes or the time is up; the worker thread only (opening
   * and closing connections, whose handshakes run on this loop).
   *
   * @return the stage's value
   * @throws ExecutionException the stage's failure
   * @throws TimeoutException when it did not complete within {@code timeoutMs}
   */
  <T> T await(CompletionStage<T> stage, long timeoutMs) throws ExecutionException, TimeoutException {
    java.util.concurrent.CompletableFuture<T> f = stage.toCompletableFuture();
    long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    long left;
    while (!f.isDone() && (left = giveUp - System.nanoTime()) > 0) {
      loop.run(Math.min(left, 10_000_000L));
    }
    if (!f.isDone()) {
      throw new TimeoutException("no answer within " + timeoutMs + " ms");
    }
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ExecutionException(e);
    }
  }

  /** Runs the loop until it has closed its channels and run its last tasks, at most two seconds. */
  void shutdown() {
    loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (!loop.isTerminated() && System.nanoTime() < giveUp) {
      loop.run(1_000_000L);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T extends EventLoopGroup> T allocate(Class<T> type) {
    // Lettuce asks for its transport's group class and keeps the result as an EventLoopGroup
    return (T) loop;
  }

  @Override
  public int threadPoolSize() {
    return 1;
  }

  @Override
  public Future<Boolean> release(EventExecutorGroup group, long quietPeriod, long timeout, TimeUnit unit) {
    // the worker shuts its loop down itself, after its client (shutdown())
    return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
  }

  @Override
  public Future<Boolean> shutdown(long quietPeriod, long timeout, TimeUnit timeUnit) {
    return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
  }
}
