package site.ycsb.runner;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.runner.profile.LoadProfile;

/**
 * One schedule for the whole process: slot after slot along the load profile ({@link Schedule}).
 * Workers take the next slot and wait for it, so the latency measured from the slot's intended
 * start shows the queueing a stall causes (coordinated omission).
 *
 * <p>Open mode keeps every slot: after a stall the backlog is sent as soon as workers are free.
 * Windowed mode never catches up after a stall and never crowds a window: a slot may start late
 * by up to {@code tolerance} (a worker that woke late, a short pause), and starts only when the
 * last window holds fewer starts than the profile offers in it, plus the allowance (a part of that
 * share) and one per worker ({@link WindowGate}); a slot still not taken by then is given up. A
 * slot not taken for a whole window means the schedule stalled: every slot due by then is given up, so the schedule goes on
 * with the next slot not yet due. Given-up slots are counted and handed to a {@link SkippedSlots} with how
 * late each was.
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

  /** A way of waiting on the machine's clock, for a schedule used outside a phase: nothing else to do. */
  public static final Idle PARK = LockSupport::parkNanos;

  /** What {@link #acquire} returns when the worker is to stop: the next slot lies after the deadline. */
  public static final long STOP = Long.MIN_VALUE;
  /** What {@link #acquire} returns when the slot lies at or after the end of the part (the warm-up) asked for. */
  public static final long PAST_PART = Long.MIN_VALUE + 1;
  /** What {@link #acquire} returns without a target: the operation has no intended start. */
  public static final long UNPACED = -1;

  /** A stop request is seen at least this often while a worker waits. */
  private static final long LONGEST_NAP = 10_000_000L;

  private final Schedule schedule;
  private final Mode mode;
  private final WindowGate gate;
  private final long toleranceNanos;
  /** How late a slot shows that the schedule stalled: a whole window, and at least the tolerance. */
  private final long stallNanos;
  private final LongAdder missedSlots = new LongAdder();
  private final LongAdder lateStarts = new LongAdder();
  private final site.ycsb.clock.Clock clock;

  /** Without a target ({@link #none()}): no schedule, nothing counted. */
  private Throttle() {
    this.clock = site.ycsb.clock.Clock.SYSTEM;
    this.schedule = null;
    this.mode = Mode.OPEN;
    this.gate = null;
    this.toleranceNanos = 0;
    this.stallNanos = 0;
  }

  /** @return the throttle of a phase without a target: every operation goes when its worker is free */
  public static Throttle none() {
    return new Throttle();
  }

  /** @return whether operations follow a schedule (a target or a load profile) */
  public boolean paces() {
    return schedule != null;
  }

  /** @return whether a slot is taken only when it can be sent (the windowed mode) */
  public boolean windowed() {
    return mode == Mode.WINDOWED;
  }

  /**
   * A constant target with even spacing, as {@code -target}.
   *
   * @param targetOpsPerSecond the rate for the whole process
   * @param mode open or windowed
   */
  public Throttle(double targetOpsPerSecond, Mode mode) {
    this(new ThrottleSettings(LoadProfile.constant(targetOpsPerSecond), mode, false, 0,
        ThrottleSettings.DEFAULT_WINDOW_NANOS, ThrottleSettings.DEFAULT_TOLERANCE_NANOS,
        ThrottleSettings.DEFAULT_ALLOWANCE), 1);
  }

  /**
   * @param settings profile, arrivals, mode, window and tolerance
   * @param workers the phase's worker threads: each may start one operation beyond a window's share
   */
  public Throttle(ThrottleSettings settings, int workers) {
    this(settings, workers, site.ycsb.clock.Clock.SYSTEM);
  }

  /**
   * @param settings profile, arrivals, mode, window and tolerance
   * @param workers the phase's worker threads: each may start one operation beyond a window's share
   * @param clock the phase's clock
   */
  public Throttle(ThrottleSettings settings, int workers, site.ycsb.clock.Clock clock) {
    this.clock = clock;
    this.schedule = new Schedule(settings.profile(), settings.poisson(), settings.seed());
    this.mode = settings.mode();
    this.toleranceNanos = settings.toleranceNanos();
    this.stallNanos = Math.max(settings.windowNanos(), settings.toleranceNanos());
    // half a start per worker at the gate: a worker descheduled between the gate and its call starts
    // later than the gate counted it, and the promise (one start per worker beyond the share and
    // its allowance) is about the calls
    this.gate = mode == Mode.WINDOWED
        ? new WindowGate(settings.windowNanos(), Math.max(1, workers / 2), settings.allowance(),
        settings.mostPerWindow(workers)) : null;
  }

  /**
   * Starts (or restarts, when the measured window opens after a warm-up) the schedule: the
   * profile begins at {@code originNanos}, and the counts start from zero. The window gate keeps
   * the warm-up's last starts: a window across the restart holds them too, and may hold no more
   * than the warm-up's schedule offered in its part and the restarted one in the rest.
   */
  public synchronized void start(long originNanos) {
    if (schedule == null) {
      return;
    }
    schedule.start(originNanos);
    missedSlots.reset();
    lateStarts.reset();
  }

  /**
   * Takes the next slot and waits until it is due (and, windowed, until its window has room).
   *
   * @param window the run's window; no wait goes beyond its deadline
   * @param skipped receives the slots the windowed mode gives up
   * @param idle how to wait
   * @return the intended start of the operation, {@link #UNPACED} without a target, or
   *     {@link #STOP} when the slot lies after the deadline
   */
  public long acquire(RunWindow window, SkippedSlots skipped, Idle idle) {
    return acquire(window, skipped, idle, Long.MAX_VALUE);
  }

  /**
   * Takes the next slot and waits until it is due, as {@link #acquire(RunWindow, SkippedSlots, Idle)},
   * unless it lies at or after {@code partEndNanos}.
   *
   * @param partEndNanos the end of the part the operation would belong to (the warm-up's)
   * @return as {@link #acquire(RunWindow, SkippedSlots, Idle)}, or {@link #PAST_PART} at once for a
   *     slot at or after the part's end
   */
  public long acquire(RunWindow window, SkippedSlots skipped, Idle idle, long partEndNanos) {
    if (schedule == null) {
      return UNPACED;
    }
    while (true) {
      long intended = schedule.take();
      if (intended >= Math.min(window.deadlineNanos(), schedule.endNanos())) {
        return scheduleOver(window, idle);
      }
      if (intended >= partEndNanos) {
        return PAST_PART;
      }
      if (mode == Mode.WINDOWED) {
        long now = clock.nanoTime();
        if (now - intended > toleranceNanos) {
          // no worker took this slot in time: it is given up. Later than a whole window, the schedule
          // stalled (the database did not answer): every slot due goes, and the schedule goes on
          // with the next one not yet due, so nothing is sent in a burst after the stall. Less late,
          // the workers drifted behind (busy cores): only the slots past the tolerance go, the rest
          // start within it, and the target is still delivered
          giveUp(intended, now, window, skipped);
          if (now - intended > stallNanos) {
            missedSlots.add(schedule.skipDue(now, window.deadlineNanos(), skipped));
          }
          continue;
        }
      }
      if (!waitFor(intended, window, idle)) {
        return STOP;
      }
      long now = clock.nanoTime();
      if (mode == Mode.WINDOWED) {
        now = admit(intended, window, skipped, idle);
        if (now < 0) {
          continue;
        }
      }
      if (now - intended > 1_000_000L && now - intended > periodAt(intended)) {
        lateStarts.increment();
      }
      return intended;
    }
  }

  /**
   * The next slot lies past the deadline, or the load has ended (a profile at 0 for good): no
   * operation starts any more, but the window lasts until the deadline or the load's end, whichever
   * comes first, as the run asked for, so that what is reported as measured really happened. A
   * stop request ends the wait at once.
   *
   * @return {@link #STOP}
   */
  private long scheduleOver(RunWindow window, Idle idle) {
    long loadEnd = schedule.endNanos();
    if (!window.isOpen()) {
      // a warm-up whose profile ended: the warm-up ends by its own rule, and the measured window
      // starts the profile again
      return STOP;
    }
    long now;
    while ((now = clock.nanoTime()) < Math.min(window.deadlineNanos(), loadEnd) && !window.stopRequested()) {
      idle.idle(Math.min(Math.min(window.deadlineNanos(), loadEnd) - now, LONGEST_NAP));
    }
    if (window.stopRequested()) {
      return STOP;
    }
    if (loadEnd < window.deadlineNanos()) {
      window.markLoadEnded(loadEnd);
    } else {
      window.markDeadlineReached();
    }
    return STOP;
  }

  /** @return false when the deadline passed (or moved before the slot) while waiting */
  private boolean waitFor(long intended, RunWindow window, Idle idle) {
    long now;
    while ((now = clock.nanoTime()) < intended) {
      if (intended >= window.deadlineNanos()) {
        window.markDeadlineReached();
        return false;
      }
      idle.idle(Math.min(intended - now, LONGEST_NAP));
    }
    if (intended >= window.deadlineNanos()) {
      window.markDeadlineReached();
      return false;
    }
    return true;
  }

  /**
   * Waits until the window has room for one more start.
   *
   * @return the instant the operation may start, or -1 when the slot was given up: it became
   *     later than the tolerance while the window was full
   */
  private long admit(long intended, RunWindow window, SkippedSlots skipped, Idle idle) {
    long place = -1;
    try {
      while (true) {
        long now = clock.nanoTime();
        if (window.stopRequested()) {
          return now;
        }
        if (now - intended > toleranceNanos) {
          giveUp(intended, now, window, skipped);
          return -1;
        }
        // the first ask has no place in the queue yet: it wakes at the first free place, with the others
        long wait = gate.tryStart(now, schedule.offeredBetween(now - gate.windowNanos(), now), place);
        if (wait <= 0) {
          return now;
        }
        if (place < 0) {
          place = gate.queue();
        }
        idle.idle(Math.min(wait, LONGEST_NAP));
      }
    } finally {
      if (place >= 0) {
        gate.leaveQueue();
      }
    }
  }

  private void giveUp(long intended, long now, RunWindow window, SkippedSlots skipped) {
    long deadline = window.deadlineNanos();
    if (intended < deadline) {
      skipped.skipped(Math.min(now, deadline) - intended);
      missedSlots.increment();
    }
  }

  /** @return the time between two slots at the profile's rate of that instant */
  private long periodAt(long nanos) {
    double rate = schedule.rateAt(nanos);
    return rate > 0 ? (long) (1e9 / rate) : Long.MAX_VALUE;
  }

  /**
   * Hands every slot due before {@code deadlineNanos} that no worker took to {@code into}, with
   * its lateness at the deadline: a lower bound of the latency it would have had.
   *
   * @return how many there were
   */
  public long notStartedBefore(long deadlineNanos, SkippedSlots into) {
    if (schedule == null) {
      return 0;
    }
    return schedule.notTakenBefore(deadlineNanos, into);
  }

  /**
   * @return operations the profile offers between two instants (the intended load of an
   *     interval); zero before the schedule starts
   */
  public double offeredBetween(long fromNanos, long toNanos) {
    if (schedule == null) {
      return 0;
    }
    return schedule.offeredBetween(Math.max(fromNanos, schedule.originNanos()), toNanos);
  }

  /** @return the profile's target at this instant (ops/s) */
  public double rateNow() {
    if (schedule == null) {
      return 0;
    }
    return schedule.rateAt(clock.nanoTime());
  }

  /** @return slots given up by the windowed mode (stalls, and starts held past the tolerance) */
  public long missedSlots() {
    return missedSlots.sum();
  }

  /** @return operations that started more than one period (and 1 ms) after their slot */
  public long lateStarts() {
    return lateStarts.sum();
  }
}
