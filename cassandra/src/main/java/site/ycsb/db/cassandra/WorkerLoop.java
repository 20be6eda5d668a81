package site.ycsb.db.cassandra;

import io.netty.channel.Channel;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;
import site.ycsb.WorkerIo;

/**
 * The event loop of one asynchronous worker's driver connections, run by the worker's own thread:
 * the worker writes its requests straight to the sockets and reads the answers itself while it
 * waits ({@link #run}), completing its operations without another thread. With the driver's own
 * event loops every request crosses threads twice, to the loop to be written and back to the
 * worker with its answer, each crossing a wake-up.
 *
 * <p>It is the driver's I/O event loop group (a group of this one loop), so every connection of
 * the worker's session lives here; the driver's admin executor and its timer keep threads of their
 * own. The loop runs only while the worker waits: for completions, for its next start, or in
 * {@link #whileRunning} while one of the driver's blocking calls (opening the session, preparing a
 * statement) runs on a helper thread.
 */
final class WorkerLoop extends MultiThreadIoEventLoopGroup implements WorkerIo {
  private static final long TURN_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  /**
   * Epoll where its native library loads: the JDK's selector waits in whole milliseconds and
   * polls without sleeping for a shorter wait, so a worker at a few thousand slots a second would
   * keep its core busy; epoll sleeps to the microsecond and still wakes on the first answer.
   */
  private static final boolean EPOLL = Epoll.isAvailable();

  private final ManualIoEventLoop loop;

  /** A loop of the calling thread, which must be the worker's: only it may run the loop. */
  WorkerLoop() {
    super(1, (Executor) null, EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    loop = (ManualIoEventLoop) next();
  }

  /** @return the channel class of this loop's transport, for the driver's connections */
  Class<? extends Channel> channelClass() {
    return EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
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
   * Makes one of the driver's blocking calls: on a helper thread, while this (the worker's)
   * thread runs the loop that the call's requests and answers go through. The driver times its
   * requests out itself, so the call returns.
   *
   * @param call the blocking call
   * @return what it returned
   * @throws DBException what it threw
   */
  <T> T whileRunning(Callable<T> call) throws DBException {
    CompletableFuture<T> done = new CompletableFuture<>();
    Thread helper = new Thread(() -> {
      try {
        done.complete(call.call());
      } catch (Throwable t) {
        done.completeExceptionally(t);
      } finally {
        loop.wakeup();
      }
    }, Thread.currentThread().getName() + "-blocking-call");
    helper.setDaemon(true);
    helper.start();
    while (!done.isDone()) {
      loop.run(TURN_NANOS);
    }
    try {
      return done.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof DBException) {
        throw (DBException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new DBException(cause);
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
