package site.ycsb.runner;

/**
 * The shared clock of one phase: when measurement started and when it must end. Every worker
 * reads the same instants, so all workers measure exactly the same window. The deadline only
 * moves earlier (a stop request); operations completing after it are not recorded.
 */
public final class RunWindow {
  private final site.ycsb.clock.Clock clock;
  private volatile long phaseStartNanos;
  private volatile long measureStartNanos;
  private volatile long deadlineNanos = Long.MAX_VALUE;
  private volatile boolean stopRequested;
  private volatile boolean deadlineReached;
  private volatile long loadEndNanos = Long.MAX_VALUE;

  /** @param clock the phase's clock */
  public RunWindow(site.ycsb.clock.Clock clock) {
    this.clock = clock;
  }

  /** A window on the machine's clock. */
  public RunWindow() {
    this(site.ycsb.clock.Clock.SYSTEM);
  }

  /** @return the phase's clock: every time read and wait of the phase goes through it */
  public site.ycsb.clock.Clock clock() {
    return clock;
  }

  /** Sets the instant the phase (warm-up included) starts. */
  void begin(long startNanos) {
    phaseStartNanos = startNanos;
  }

  /** @return the instant the phase started, warm-up included */
  public long phaseStartNanos() {
    return phaseStartNanos;
  }

  /** @return whether the measured window has been opened */
  public boolean isOpen() {
    return measureStartNanos != 0;
  }

  /** Sets the instant measurement starts and the length of the measured window. */
  synchronized void open(long startNanos, long durationNanos) {
    measureStartNanos = startNanos;
    long deadline = durationNanos > 0 ? startNanos + durationNanos : Long.MAX_VALUE;
    if (deadline < deadlineNanos) {
      deadlineNanos = deadline;
    }
  }

  /** Ends the window now (interrupt or stop request); earlier deadlines stay. */
  public synchronized void stopNow() {
    stopRequested = true;
    long now = clock.nanoTime();
    if (now < deadlineNanos) {
      deadlineNanos = now;
    }
  }

  /** @return the instant measurement started */
  public long measureStartNanos() {
    return measureStartNanos;
  }

  /** @return the instant after which nothing is recorded */
  public long deadlineNanos() {
    return deadlineNanos;
  }

  /** @return whether a stop was requested (interrupt, workload, or fatal error) */
  public boolean stopRequested() {
    return stopRequested;
  }

  /** @return whether the phase should end now: stop requested or deadline passed */
  public boolean isOver(long nowNanos) {
    if (nowNanos >= deadlineNanos) {
      deadlineReached = true;
      return true;
    }
    return stopRequested;
  }

  /** Notes that a worker stopped because its next operation lay past the deadline. */
  public void markDeadlineReached() {
    deadlineReached = true;
  }

  /** Notes that the load profile ended for good at {@code endNanos}, before the deadline. */
  public void markLoadEnded(long endNanos) {
    loadEndNanos = endNanos;
  }

  /** @return whether a worker saw the load profile end for good before the deadline */
  public boolean loadEnded() {
    return loadEndNanos != Long.MAX_VALUE;
  }

  /** @return the instant the load profile ended, {@link Long#MAX_VALUE} when it did not */
  public long loadEndNanos() {
    return loadEndNanos;
  }

  /** @return whether some worker saw the deadline pass */
  public boolean deadlineReached() {
    return deadlineReached;
  }
}
