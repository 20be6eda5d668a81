package site.ycsb.runner;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * The end of warm-up: every worker finishes its last warm-up operation and waits here; the
 * last to arrive opens the measured window, so warm-up ends for all workers at one instant and
 * no measured operation overlaps a warm-up operation. A worker stuck in a call does not hold the
 * others beyond the timeout, and the runner opens the window itself when every worker is stuck
 * ({@link #forceOpen()}).
 */
final class WarmupEnd {
  private final AtomicInteger waiting;
  private final CountDownLatch open = new CountDownLatch(1);
  private final LongConsumer opener;
  private boolean opened;
  private final site.ycsb.clock.Clock clock;

  /**
   * @param workers workers that take part in the warm-up
   * @param opener opens the measured window at the instant it is given
   * @param clock the phase's clock
   */
  WarmupEnd(int workers, LongConsumer opener, site.ycsb.clock.Clock clock) {
    this.waiting = new AtomicInteger(workers);
    this.opener = opener;
    this.clock = clock;
  }

  /** Arrives and waits for the others, at most {@code timeoutNanos}. */
  void arriveAndAwait(long timeoutNanos) throws InterruptedException {
    if (waiting.decrementAndGet() == 0) {
      openWindow();
      return;
    }
    if (!clock.await(open, timeoutNanos)) {
      openWindow();
    }
  }

  /** Leaves without waiting (a worker that stopped during warm-up). */
  void leave() {
    if (waiting.decrementAndGet() == 0) {
      openWindow();
    }
  }

  /** Ends the warm-up now for everyone, whoever is still in it (a warm-up that is stuck). */
  void forceOpen() {
    openWindow();
  }

  private synchronized void openWindow() {
    if (!opened) {
      opened = true;
      opener.accept(clock.nanoTime());
      clock.countDown(open);
    }
  }

  boolean isOpen() {
    return open.getCount() == 0;
  }
}
