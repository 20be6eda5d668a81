package site.ycsb.measurements;

import java.util.function.LongSupplier;
import site.ycsb.Status;

/**
 * Where the figures a binding or workload records itself through upstream's {@link Measurements}
 * go: on a worker thread, into that worker's own recorder for the current part of the phase
 * (warm-up or measured window), without locks, like the engine's figures; from any other thread
 * (a driver's callback thread, a binding's own background thread), into one recorder the phase
 * keeps for them, under that recorder's lock.
 *
 * <p>The static state here is what upstream's static {@code Measurements.getMeasurements()}
 * needs to find the current phase; the runner sets it when a phase starts and clears it when
 * the phase ends.
 */
public final class BindingRecording {
  /** The calling thread's route: a worker's, or an empty one for any other thread. */
  private static final ThreadLocal<Route> ROUTES = ThreadLocal.withInitial(Route::new);
  private static volatile PhaseRoute currentPhase;
  private static volatile IntervalStats lastPhaseTotals;

  private BindingRecording() {
  }

  /** What one thread records into. Used by its own thread only. */
  public static final class Route {
    WorkerRecorder recorder;
    final LongSupplier operationDue;
    /** An intended start set through {@link Measurements#setIntendedStartTimeNs(long)}, 0 for none. */
    long intendedStartNanos;

    Route() {
      this(null);
    }

    /**
     * @param operationDue when the worker's current operation was due ({@code System.nanoTime()}),
     *     or -1 when not known
     */
    public Route(LongSupplier operationDue) {
      this.operationDue = operationDue;
    }

    /** @param recorder the recorder of the part of the phase that follows (the end of the warm-up) */
    public void recordInto(WorkerRecorder recorder) {
      this.recorder = recorder;
    }
  }

  /** The recorder a phase keeps for threads that are not its workers. */
  public static final class PhaseRoute {
    private volatile WorkerRecorder shared;

    private PhaseRoute(WorkerRecorder shared) {
      this.shared = shared;
    }

    /** @param shared the recorder of the part of the phase that follows (the end of the warm-up) */
    public void recordInto(WorkerRecorder shared) {
      this.shared = shared;
    }
  }

  /**
   * Makes the calling (worker) thread record into {@code route} until {@link #leave()}.
   *
   * @param route the worker's route, already pointing at its first recorder
   */
  public static void enter(Route route) {
    ROUTES.set(route);
  }

  /**
   * Makes the calling thread record into {@code route} for a while: a thread standing in for a
   * worker records as that worker does.
   *
   * @param route the route to record into from now on
   * @return the route the thread had, to give back with {@link #enter}
   */
  public static Route swap(Route route) {
    Route previous = ROUTES.get();
    ROUTES.set(route);
    return previous;
  }

  /** Ends the calling worker thread's route. */
  public static void leave() {
    ROUTES.remove();
  }

  /**
   * Starts a phase: calls from threads that are not workers go to {@code shared}.
   *
   * @param shared a recorder of the phase's first part, read by its sampler like the workers'
   * @return the phase's route, to move on at the end of the warm-up and to close
   */
  public static PhaseRoute openPhase(WorkerRecorder shared) {
    PhaseRoute route = new PhaseRoute(shared);
    currentPhase = route;
    return route;
  }

  /**
   * Ends a phase: what it measured becomes what {@link Measurements#exportMeasurements} and
   * {@link Measurements#getSummary()} report.
   *
   * @param route the phase's route
   * @param totals the phase's measured figures, no longer written
   */
  public static void closePhase(PhaseRoute route, IntervalStats totals) {
    lastPhaseTotals = totals;
    if (currentPhase == route) {
      currentPhase = null;
    }
  }

  /**
   * Records for {@link Measurements} into the current phase.
   *
   * @return false when no phase runs, so the value has not been recorded
   */
  static boolean record(String name, boolean intended, long nanos, Status status) {
    Route own = ROUTES.get();
    if (own.recorder != null) {
      own.recorder.recordNamed(name, intended, nanos, status);
      return true;
    }
    PhaseRoute phase = currentPhase;
    if (phase == null) {
      return false;
    }
    WorkerRecorder shared = phase.shared;
    // many threads may get here; the lock makes them one writer at a time, and the sampler
    // takes the same lock to swap the interval
    synchronized (shared) {
      shared.recordNamed(name, intended, nanos, status);
    }
    return true;
  }

  static void setIntendedStart(long nanos) {
    ROUTES.get().intendedStartNanos = nanos;
  }

  /** @return the calling thread's intended start: set explicitly, else its operation's due time, else now */
  static long intendedStart() {
    Route own = ROUTES.get();
    if (own.intendedStartNanos != 0) {
      return own.intendedStartNanos;
    }
    long due = own.operationDue == null ? -1 : own.operationDue.getAsLong();
    return due >= 0 ? due : System.nanoTime();
  }

  /** @return the measured figures of the phase that ended last, or null before the first */
  static IntervalStats lastPhaseTotals() {
    return lastPhaseTotals;
  }
}
