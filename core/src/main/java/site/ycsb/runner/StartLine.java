package site.ycsb.runner;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds every worker after its connection setup until all are ready, then releases them at one
 * instant. If any worker fails to connect, the start is called off for all.
 */
final class StartLine {
  private final CountDownLatch ready;
  private final CountDownLatch go = new CountDownLatch(1);
  private volatile boolean calledOff;

  StartLine(int workers) {
    ready = new CountDownLatch(workers);
  }

  /** A worker has finished (or failed) its setup. */
  void arrive() {
    ready.countDown();
  }

  /** Waits for every worker's setup. */
  void awaitAllArrived() throws InterruptedException {
    ready.await();
  }

  /**
   * Waits for every worker's setup, at most the given time.
   *
   * @return whether all arrived
   */
  boolean awaitAllArrived(long timeout, TimeUnit unit) throws InterruptedException {
    return ready.await(timeout, unit);
  }

  /** Releases the workers. */
  void release() {
    go.countDown();
  }

  /** Releases the workers with the instruction to stop at once. */
  void callOff() {
    calledOff = true;
    go.countDown();
  }

  /**
   * @return true to start, false when the start was called off
   */
  boolean awaitRelease() throws InterruptedException {
    go.await();
    return !calledOff;
  }
}
