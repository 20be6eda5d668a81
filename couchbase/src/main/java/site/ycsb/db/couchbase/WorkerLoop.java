package site.ycsb.db.couchbase;

import com.couchbase.client.core.deps.io.netty.channel.IoEventLoop;
import com.couchbase.client.core.deps.io.netty.channel.IoHandlerFactory;
import com.couchbase.client.core.deps.io.netty.channel.ManualIoEventLoop;
import com.couchbase.client.core.deps.io.netty.channel.MultiThreadIoEventLoopGroup;
import com.couchbase.client.core.deps.io.netty.channel.epoll.Epoll;
import com.couchbase.client.core.deps.io.netty.channel.epoll.EpollIoHandler;
import com.couchbase.client.core.deps.io.netty.channel.nio.NioIoHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import site.ycsb.WorkerIo;

/**
 * The event loop of one worker's key-value connections, run by the worker's own thread: the
 * worker writes its requests straight to the sockets and reads the answers itself while it waits
 * ({@link #run}), completing its operations without another thread. With the SDK's own event
 * loops every request crosses threads twice, to the loop to be written and back to the worker
 * with its answer, and each crossing is a wake-up that costs the client more CPU than the
 * request.
 *
 * <p>It is handed to the SDK as its key-value event loop group, a group of this one loop, so the
 * connections the SDK opens to the data service (reconnects too) are registered here; its other
 * services (the manager's HTTP, queries) keep the SDK's own loops and threads. The loop runs only
 * while the worker waits: for completions, for its next start, or here ({@link #join}) for
 * what the start and the end need. A group of {@code MultiThreadIoEventLoopGroup}'s kind because
 * the SDK picks its channel class by asking the group which I/O it does.
 */
final class WorkerLoop extends MultiThreadIoEventLoopGroup implements WorkerIo {
  /** How long one turn of the loop may wait while something here is waited for. */
  private static final long TURN_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final ManualIoEventLoop loop;

  /** A loop of the calling thread, which must be the worker's: only it may run the loop. */
  WorkerLoop() {
    super(1, (Executor) null, handlers());
    loop = (ManualIoEventLoop) next();
  }

  /** Epoll where the SDK's native transport loads (as the SDK's own loops would use it), else NIO. */
  private static IoHandlerFactory handlers() {
    return Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
  }

  @Override
  protected IoEventLoop newChild(Executor executor, IoHandlerFactory factory, Object... args) {
    // called by the constructor, on the thread that makes the group
    return new ManualIoEventLoop(this, Thread.currentThread(), factory);
  }

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
   * Runs the loop until the future completes; the worker thread only. The SDK completes every
   * request within its own timeout (its timer runs on a thread of its own), so the limit is only
   * a guard against an answer that never comes.
   *
   * @param limitNanos the longest wait
   * @return the future's value
   * @throws java.util.concurrent.CompletionException with the future's failure, as {@code join}
   * @throws IllegalStateException when it did not complete within the limit
   */
  <T> T join(CompletableFuture<T> future, long limitNanos) {
    long giveUp = System.nanoTime() + limitNanos;
    long left;
    while (!future.isDone() && (left = giveUp - System.nanoTime()) > 0) {
      loop.run(Math.min(left, TURN_NANOS));
    }
    if (!future.isDone()) {
      throw new IllegalStateException("no answer within " + TimeUnit.NANOSECONDS.toMillis(limitNanos) + " ms");
    }
    return future.join();
  }

  /** Runs the loop for about {@code nanos}: a pause in which the connections still work. */
  void pause(long nanos) {
    long until = System.nanoTime() + nanos;
    long left;
    while ((left = until - System.nanoTime()) > 0) {
      loop.run(left);
    }
  }

  /** Runs the loop until it has closed its channels and run its last tasks, at most two seconds. */
  void close() {
    shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (!loop.isTerminated() && System.nanoTime() < giveUp) {
      loop.run(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }
}
