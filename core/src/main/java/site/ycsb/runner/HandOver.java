package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.clock.Clock;

/**
 * Who runs an asynchronous worker's part at saturation: its own thread, or the thread that
 * receives an answer. Once every place is taken, the worker hands its part over and sleeps; the
 * driver's thread that completes a call then records it and sends the next operation itself,
 * with no thread woken in between (the hand-off of each completion to the worker was the largest
 * cost the engine added to a driver at saturation). One thread at a time holds the part: the
 * turn passes by compare-and-set, which also orders each holder's writes before the next one's
 * reads, so the recorders keep one writer at a time and stay exact.
 *
 * <p>The part comes back to the worker when what follows needs its thread (a retry paused for a
 * while, the end of the part) and when the worker, looking at the window's end, takes it back.
 */
final class HandOver {
  /** What runs on the holder's thread. */
  interface Part {
    /**
     * Handles what completed and sends what the free places allow; the caller holds the turn.
     *
     * @return {@link #KEEP} to stay handed over, else {@link #GOES_ON} or {@link #ENDED} for the worker
     */
    int drive();

    /** @return how long the handed-over worker may sleep before it looks again; 0 or less: it takes its part back */
    long nanosToLook();
  }

  /** The part stays handed over. */
  static final int KEEP = 0;
  /** The worker takes its part back and goes on with it. */
  static final int GOES_ON = 1;
  /** The worker takes its part back: it has ended. */
  static final int ENDED = 2;

  private static final int WORKER = 0;
  private static final int FREE = 1;
  private static final int DRIVING = 2;

  private final AtomicInteger turn = new AtomicInteger(WORKER);
  private final Completions<?> completions;
  private final Clock clock;
  private final Part part;
  private volatile Thread worker;
  /** Why the part came back; written before the turn returns to the worker. */
  private int result;

  HandOver(Completions<?> completions, Clock clock, Part part) {
    this.completions = completions;
    this.clock = clock;
    this.part = part;
  }

  /**
   * Hands the part over until it comes back; the worker thread only, with nothing unsent.
   *
   * @return whether the part goes on (false: it ended while handed over)
   */
  boolean handOver() {
    worker = Thread.currentThread();
    turn.set(FREE);
    // what completed before the turn was free found it taken: run it now
    answered();
    while (true) {
      if (turn.get() == WORKER) {
        return result != ENDED;
      }
      long look = part.nanosToLook();
      if (look <= 0 && takeBack()) {
        return true;
      }
      clock.park(this, Math.max(look, 1));
    }
  }

  /** @return true when the worker took its part back; false when it was given back meanwhile */
  private boolean takeBack() {
    while (true) {
      int t = turn.get();
      if (t == WORKER) {
        return false;
      }
      if (t == FREE && turn.compareAndSet(FREE, WORKER)) {
        return true;
      }
      // the thread that holds it sends a few operations and lets go
      Thread.onSpinWait();
    }
  }

  /** An answer was pushed (any thread): if the part is handed over and free, this thread runs it. */
  void answered() {
    while (turn.get() == FREE && turn.compareAndSet(FREE, DRIVING)) {
      int r = part.drive();
      if (r != KEEP) {
        result = r;
        turn.set(WORKER);
        clock.unpark(worker);
        return;
      }
      turn.set(FREE);
      // a push while this thread held the turn found it taken: its element is left to this look
      if (!completions.pending()) {
        return;
      }
    }
  }
}
