package site.ycsb.runner;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The end of warm-up: every worker finishes its last warm-up operation and waits here; the
 * last to arrive opens the measured window, so warm-up ends for all workers at one instant and
 * no measured operation overlaps a warm-up operation. A worker stuck in a call does not hold the
 * others beyond the timeout.
 */
final class WarmupEnd {
  private final AtomicInteger waiting;
  private final CountDownLatch open = new CountDownLatch(1);
  private final RunWindow window;
  private final long measuredDurationNanos;
  private boolean opened;

  WarmupEnd(int workers, RunWindow window, long measuredDurationNanos) {
    this.waiting = new AtomicInteger(workers);
    this.window = window;
    this.measuredDurationNanos = measuredDurationNanos;
  }

  /** Arrives and waits for the others, at most {@code timeoutNanos}. */
  void arriveAndAwait(long timeoutNanos) throws InterruptedException {
    if (waiting.decrementAndGet() == 0) {
      openWindow();
      return;
    }
    if (!open.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
      openWindow();
    }
  }

  /** Leaves without waiting (a worker that stopped during warm-up). */
  void leave() {
    if (waiting.decrementAndGet() == 0) {
      openWindow();
    }
  }

  private synchronized void openWindow() {
    if (!opened) {
      opened = true;
      window.open(System.nanoTime(), measuredDurationNanos);
      open.countDown();
    }
  }

  boolean isOpen() {
    return open.getCount() == 0;
  }
}
