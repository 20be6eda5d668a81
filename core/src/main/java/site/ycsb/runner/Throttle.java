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
 * Windowed mode never lets the rate over the last {@code window} exceed the target: slots more
 * than a window in the past are skipped (and counted) instead of being sent in a burst.
 */
public final class Throttle {
  /** How a schedule treats the backlog after a stall. */
  public enum Mode { OPEN, WINDOWED }

  private final long periodNanos;
  private final Mode mode;
  private final long windowNanos;
  private final AtomicLong nextSlot = new AtomicLong();
  private final LongAdder missedSlots = new LongAdder();
  private final LongAdder lateStarts = new LongAdder();

  /**
   * @param targetOpsPerSecond the rate for the whole process
   * @param mode open or windowed
   * @param windowMillis the window of the windowed mode
   */
  public Throttle(double targetOpsPerSecond, Mode mode, double windowMillis) {
    this.periodNanos = Math.max(1L, Math.round(1e9 / targetOpsPerSecond));
    this.mode = mode;
    this.windowNanos = Math.round(windowMillis * 1e6);
  }

  /** Starts the schedule: the first slot is at {@code originNanos}. */
  public void start(long originNanos) {
    nextSlot.set(originNanos);
  }

  /**
   * Takes the next slot and waits until it is due.
   *
   * @param window the run's window; no wait goes beyond its deadline
   * @return the intended start of the operation, or -1 when the slot lies after the deadline
   */
  public long acquire(RunWindow window) {
    long intended;
    if (mode == Mode.OPEN) {
      intended = nextSlot.getAndAdd(periodNanos);
    } else {
      while (true) {
        long slot = nextSlot.get();
        long earliest = System.nanoTime() - windowNanos;
        long start = slot;
        if (slot < earliest) {
          // skip slots older than the window rather than bursting to catch up
          long skipped = (earliest - slot) / periodNanos;
          start = slot + skipped * periodNanos;
          if (nextSlot.compareAndSet(slot, start + periodNanos)) {
            missedSlots.add(skipped);
            intended = start;
            break;
          }
        } else if (nextSlot.compareAndSet(slot, slot + periodNanos)) {
          intended = start;
          break;
        }
      }
    }
    long now;
    while ((now = System.nanoTime()) < intended) {
      if (intended >= window.deadlineNanos()) {
        return -1;
      }
      // wake at least every 10 ms so that a stop request is seen promptly
      LockSupport.parkNanos(Math.min(intended - now, 10_000_000L));
    }
    if (intended >= window.deadlineNanos()) {
      return -1;
    }
    if (now - intended > periodNanos && now - intended > 1_000_000L) {
      lateStarts.increment();
    }
    return intended;
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
