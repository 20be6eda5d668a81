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
  private final site.ycsb.clock.Clock clock;

  StartLine(int workers, site.ycsb.clock.Clock clock) {
    ready = new CountDownLatch(workers);
    this.clock = clock;
  }

  /** A worker has finished (or failed) its setup. */
  void arrive() {
    clock.countDown(ready);
  }

  /** Waits for every worker's setup. */
  void awaitAllArrived() throws InterruptedException {
    clock.await(ready, -1);
  }

  /**
   * Waits for every worker's setup, at most the given time.
   *
   * @return whether all arrived
   */
  boolean awaitAllArrived(long timeout, TimeUnit unit) throws InterruptedException {
    return clock.await(ready, unit.toNanos(timeout));
  }

  /** Releases the workers. */
  void release() {
    clock.countDown(go);
  }

  /** Releases the workers with the instruction to stop at once. */
  void callOff() {
    calledOff = true;
    clock.countDown(go);
  }

  /**
   * @return true to start, false when the start was called off
   */
  boolean awaitRelease() throws InterruptedException {
    clock.await(go, -1);
    return !calledOff;
  }
}
