package site.ycsb.clock;

import java.util.concurrent.CountDownLatch;

/**
 * Time as the engine sees it during a phase: what it reads ({@link #nanoTime}, {@link
 * #epochMillis}) and how its threads wait for one another or for an instant ({@link #park},
 * {@link #await}, {@link #join}). {@link #SYSTEM} is the machine's clock at the cost of the calls it
 * stands for. A simulated clock advances only when every thread taking part in the phase (made by
 * {@link #newThread}, or the one that {@link #enter}ed) waits through it, so whatever a test proves
 * on it holds on any host.
 *
 * <p>The engine's threads wait for each other only through this interface (a latch counted down
 * with {@link #countDown}, a thread joined with {@link #join}); a wait it cannot see would hold a
 * simulated clock still.
 */
public interface Clock {
  /** The machine's clock. */
  Clock SYSTEM = new SystemClock();

  /** @return the monotonic time in nanoseconds, as {@link System#nanoTime()} */
  long nanoTime();

  /** @return the wall-clock time in milliseconds since the epoch, as {@link System#currentTimeMillis()} */
  long epochMillis();

  /**
   * Waits at most {@code nanos}, or until {@link #unpark} (a permit given before the wait ends it at
   * once); may return early, as {@link java.util.concurrent.locks.LockSupport#parkNanos}.
   *
   * @param blocker what the thread waits for (shown in thread dumps)
   * @param nanos the longest wait
   */
  void park(Object blocker, long nanos);

  /** Ends {@code thread}'s wait in {@link #park}, or lets its next one return at once. */
  void unpark(Thread thread);

  /**
   * Waits {@code nanos}, whatever wakes the thread meanwhile.
   *
   * @throws InterruptedException when the thread is interrupted
   */
  void sleep(long nanos) throws InterruptedException;

  /**
   * Waits until the latch opens, at most {@code nanos}.
   *
   * @param nanos the longest wait; negative for no limit
   * @return whether it opened
   * @throws InterruptedException when the thread is interrupted
   */
  boolean await(CountDownLatch latch, long nanos) throws InterruptedException;

  /** Counts the latch down, waking whoever {@link #await}s it when it opens. */
  void countDown(CountDownLatch latch);

  /**
   * Waits until {@code thread} ends, at most {@code nanos}.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  void join(Thread thread, long nanos) throws InterruptedException;

  /**
   * @return a thread, not started, that takes part in the phase: a simulated clock waits for it
   *     as for the others until it ends
   */
  Thread newThread(Runnable task, String name);

  /** The calling thread takes part in the phase until {@link #leave}; nothing for the system clock. */
  void enter();

  /** The calling thread no longer takes part; nothing for the system clock. */
  void leave();
}
