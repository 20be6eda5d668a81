package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * One schedule for the whole process: operation i is intended to start at {@code origin + i/target}.
 * Workers take the next slot and wait for it, so the latency measured from the slot's intended
 * start shows queueing a stall causes (coordinated omission).
 *
 * <p>Open mode keeps every slot: after a stall the backlog is sent as soon as workers are free.
 * Windowed mode never catches up: a slot taken a whole period or more after its intended start
 * is given up, with every later slot up to now, so each operation starts less than one period
 * after its slot, and no two operations start less than one period apart, so no window of any
 * length holds more operations than the target allows.
 * Given-up slots are counted and handed to a {@link SkippedSlots} with how late each was.
 */
public final class Throttle {
  /** How a schedule treats the backlog after a stall. */
  public enum Mode { OPEN, WINDOWED }

  /** Receives the slots the windowed mode gives up. */
  public interface SkippedSlots {
    /**
     * @param latenessNanos how far past its intended start the slot was when it was given up
     */
    void skipped(long latenessNanos);
  }

  /**
   * How a worker waits for its slot: the blocking worker parks; the asynchronous worker handles
   * the completions of its operations in flight meanwhile.
   */
  public interface Idle {
    /** Waits at most {@code maxNanos}, or less. */
    void idle(long maxNanos);
  }

  /** The blocking worker's way of waiting: nothing else to do. */
  public static final Idle PARK = LockSupport::parkNanos;

  private final long periodNanos;
  private final Mode mode;
  private final AtomicLong nextSlot = new AtomicLong();
  private final LongAdder missedSlots = new LongAdder();
  private final LongAdder lateStarts = new LongAdder();
  /** The windowed mode's last start, guarded by {@code this}. */
  private long lastStart = Long.MIN_VALUE / 2;

  /**
   * @param targetOpsPerSecond the rate for the whole process
   * @param mode open or windowed
   */
  public Throttle(double targetOpsPerSecond, Mode mode) {
    this.periodNanos = Math.max(1L, Math.round(1e9 / targetOpsPerSecond));
    this.mode = mode;
  }

  /**
   * Starts (or restarts, when the measured window opens after a warm-up) the schedule: the first
   * slot is at {@code originNanos}, and the counts start from zero.
   */
  public synchronized void start(long originNanos) {
    nextSlot.set(originNanos);
    lastStart = originNanos - periodNanos;
    missedSlots.reset();
    lateStarts.reset();
  }

  /**
   * Takes the next slot and waits until it is due.
   *
   * @param window the run's window; no wait goes beyond its deadline
   * @param skipped receives the slots the windowed mode gives up
   * @param idle how to wait
   * @return the intended start of the operation, or -1 when the slot lies after the deadline
   */
  public long acquire(RunWindow window, SkippedSlots skipped, Idle idle) {
    long intended;
    if (mode == Mode.OPEN) {
      intended = nextSlot.getAndAdd(periodNanos);
    } else {
      synchronized (this) {
        long now = System.nanoTime();
        intended = nextSlot.get();
        if (now - intended >= periodNanos) {
          // a whole period behind: give up the late slots instead of catching up
          long missed = (now - intended) / periodNanos;
          long deadline = window.deadlineNanos();
          long givenUpAt = Math.min(now, deadline);
          long due = 0;
          for (long i = 0; i < missed && intended + i * periodNanos < deadline; i++) {
            skipped.skipped(givenUpAt - (intended + i * periodNanos));
            due++;
          }
          missedSlots.add(due);
          intended += missed * periodNanos;
        }
        nextSlot.set(intended + periodNanos);
      }
    }
    long now;
    while ((now = System.nanoTime()) < intended) {
      if (intended >= window.deadlineNanos()) {
        window.markDeadlineReached();
        return -1;
      }
      // wake at least every 10 ms so that a stop request is seen promptly
      idle.idle(Math.min(intended - now, 10_000_000L));
    }
    if (intended >= window.deadlineNanos()) {
      window.markDeadlineReached();
      return -1;
    }
    if (mode == Mode.WINDOWED) {
      now = keepApart(window, idle);
    }
    if (now - intended > periodNanos && now - intended > 1_000_000L) {
      lateStarts.increment();
    }
    return intended;
  }

  /**
   * Lets no two operations start less than one period apart, whatever the workers' wake-up
   * jitter: a worker that woke late is not followed at once by one that woke on time.
   *
   * @return the instant the operation may start
   */
  private long keepApart(RunWindow window, Idle idle) {
    while (true) {
      long now = System.nanoTime();
      long wait;
      synchronized (this) {
        wait = lastStart + periodNanos - now;
        if (wait <= 0 || window.stopRequested()) {
          lastStart = now;
          return now;
        }
      }
      idle.idle(wait);
    }
  }

  /**
   * Hands every slot due before {@code deadlineNanos} that no worker took to {@code into}, with
   * its lateness at the deadline: a lower bound of the latency it would have had.
   *
   * @return how many there were
   */
  public long notStartedBefore(long deadlineNanos, SkippedSlots into) {
    long first = nextSlot.get();
    long n = 0;
    for (long t = first; t < deadlineNanos; t += periodNanos) {
      into.skipped(deadlineNanos - t);
      n++;
    }
    return n;
  }

  /** @return slots skipped by the windowed mode after stalls */
  public long missedSlots() {
    return missedSlots.sum();
  }

  /** @return operations that started more than one period (and 1 ms) after their slot */
  public long lateStarts() {
    return lateStarts.sum();
  }
}
