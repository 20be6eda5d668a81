package site.ycsb.runner;

import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsb.clock.Clock;

/**
 * The wait for a phase's workers to end: every one, and after the deadline at most the stop
 * timeout ({@code threadstoptimeout}), after which a worker still inside a database call is
 * abandoned rather than holding the process. A warm-up that cannot end by itself is ended here, so
 * that the measured deadline comes whatever the warm-up does.
 */
final class WorkersEnd {
  private final PhaseSettings settings;
  private final RunWindow window;
  private final Clock clock;
  private final ErrorLog errors;

  WorkersEnd(PhaseSettings settings, RunWindow window, Clock clock, ErrorLog errors) {
    this.settings = settings;
    this.window = window;
    this.clock = clock;
    this.errors = errors;
  }

  /**
   * Waits for every worker; after the deadline, waits at most the stop timeout. Ends a warm-up
   * that cannot end by itself, so that the measured deadline comes whatever the warm-up does.
   */
  int await(List<Worker> workers, List<Thread> threads, WarmupEnd warmupEnd) throws InterruptedException {
    for (Thread t : threads) {
      while (t.isAlive()) {
        long deadline = window.deadlineNanos();
        if (deadline == Long.MAX_VALUE) {
          if (!window.isOpen() && warmupIsStuck(workers)) {
            errors.warnOnce("the warm-up did not end "
                + TimeUnit.NANOSECONDS.toSeconds(settings.threadStopTimeoutNanos()) + " s after it should have (threadstoptimeout): a worker is stuck in a database call;"
                + " the measured window starts now");
            warmupEnd.forceOpen();
          }
          clock.join(t, TimeUnit.MILLISECONDS.toNanos(100));
          continue;
        }
        long left = deadline + settings.threadStopTimeoutNanos() + asyncGraceNanos(settings) - clock.nanoTime();
        if (left <= 0) {
          break;
        }
        clock.join(t, Math.min(TimeUnit.MILLISECONDS.toNanos(100), left));
      }
    }
    int abandoned = 0;
    for (Thread t : threads) {
      if (t.isAlive()) {
        abandoned++;
      }
    }
    if (abandoned > 0) {
      errors.warnOnce(abandoned + " worker thread(s) still inside a database call "
          + TimeUnit.NANOSECONDS.toSeconds(settings.threadStopTimeoutNanos())
          + " s after the end of the run were abandoned (threadstoptimeout)");
    }
    return abandoned;
  }

  /**
   * An asynchronous worker is never inside a call: it waits the stop timeout for its operations
   * in flight itself, then counts what is left and disconnects. It gets a moment for that before
   * it would be called stuck.
   */
  static long asyncGraceNanos(PhaseSettings settings) {
    return settings.inflight() > 0 ? TimeUnit.SECONDS.toNanos(2) : 0;
  }

  /**
   * A timed warm-up is stuck when it has run the stop timeout past its end; a warm-up by count
   * when no worker has completed a warm-up operation for the stop timeout.
   */
  private boolean warmupIsStuck(List<Worker> workers) {
    long now = clock.nanoTime();
    long timeout = settings.threadStopTimeoutNanos();
    if (settings.warmupNanos() > 0) {
      return now - window.phaseStartNanos() > settings.warmupNanos() + timeout;
    }
    long lastProgress = window.phaseStartNanos();
    for (Worker w : workers) {
      lastProgress = Math.max(lastProgress, w.lastStepStartNanos());
    }
    return now - lastProgress > timeout;
  }

  /** Waits for the threads, all of them together at most {@code timeoutNanos}. */
  void joinAll(List<Thread> threads, long timeoutNanos) throws InterruptedException {
    long until = clock.nanoTime() + timeoutNanos;
    for (Thread t : threads) {
      long left = until - clock.nanoTime();
      if (left > 0) {
        clock.join(t, left);
      }
    }
  }
}
