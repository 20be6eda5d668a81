package site.ycsb.runner;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Workload;
import site.ycsb.measurements.BindingRecording;
import site.ycsb.measurements.WorkerRecorder;

/**
 * One worker thread: connects, waits at the start line, runs warm-up then measured operations
 * until its budget, the deadline or a stop ends them, and disconnects. What the run means (the
 * start line, warm-up end, budget, window, schedule) is decided here, once for both paths; a
 * {@link BlockingWorker} and an {@link AsyncWorker} differ only in how an operation is made and
 * how they wait for its result.
 */
abstract class Worker implements Runnable, WorkerReport {
  protected final int id;
  protected final PhaseSettings settings;
  protected final DB binding;
  protected final Workload workload;
  private final StartLine startLine;
  protected final RunWindow window;
  /** The phase's clock: every time read and wait of the worker. */
  protected final site.ycsb.clock.Clock clock;
  private final WarmupEnd warmupEnd;
  private final OperationBudget warmupBudget;
  private final OperationBudget budget;
  protected final Throttle throttle;
  /** Whether operations follow the throttle's schedule; without one they go as fast as they can. */
  private final boolean paced;
  /** The due times of a workload whose operations carry their own (a replayed trace); else null. */
  private final OwnTimes ownTimes;
  protected final WorkerRecorder warmupRecorder;
  protected final WorkerRecorder measuredRecorder;
  protected final ErrorLog errors;
  private final SharedResources sharedResources;
  private final WorkerStates states;
  /** What the running part granted this worker, and the numbers (seeds) of its operations. */
  private final OperationShare share;
  /** Where this worker captures its operations ({@code capture}); null for nowhere. */
  protected final OperationCapture capture;

  private volatile Throwable setupFailure;
  private volatile long cleanupNanos;
  protected volatile boolean stoppedOnFailedInsert;
  /** When this worker last began a step (its previous operation's end): a release store, read by the runner. */
  private final AtomicLong stepStartNanos = new AtomicLong();
  /** What the workload keeps for this worker ({@code initThread}). */
  protected Object state;
  /** True while the warm-up part runs, for the waits that must end with it. */
  protected boolean warmingUp;
  /** The warm-up's end while it runs, then never: read per slot, as a test of warmingUp would deoptimize at its end. */
  private long warmupEndNanos = Long.MAX_VALUE;
  /** Where what the binding or workload records itself (upstream's Measurements) goes from this thread. */
  private final BindingRecording.Route ownFigures = new BindingRecording.Route(this::operationDueNanos);

  Worker(int id, PhaseSettings settings, DB binding, Workload workload, WorkersShared shared,
         WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    this.id = id;
    this.settings = settings;
    this.binding = binding;
    this.workload = workload;
    this.startLine = shared.startLine();
    this.window = shared.window();
    this.clock = shared.clock();
    this.warmupEnd = shared.warmupEnd();
    this.warmupBudget = shared.warmupBudget();
    // a workload timing its own operations counts them per worker: a shared budget would stop a long part early
    this.budget = workload instanceof site.ycsb.workloads.TimedOperations ? new OperationBudget(-1, 1) : shared.budget();
    this.throttle = shared.throttle();
    this.paced = throttle.paces();
    this.ownTimes = workload instanceof site.ycsb.workloads.TimedOperations t ? new OwnTimes(t, shared.window()) : null;
    this.errors = shared.errors();
    this.sharedResources = shared.resources();
    this.states = shared.states();
    this.share = new OperationShare(shared.seeds(), id);
    this.capture = shared.captureFolder() == null ? null
        : new OperationCapture(shared.captureFolder().resolve("worker-" + id + ".csv.gz"), window, errors);
    this.measuredRecorder = measuredRecorder;
    this.warmupRecorder = warmupRecorder;
  }

  /**
   * @return the worker for the phase's settings: asynchronous when {@code inflight} is set
   */
  static Worker create(int id, PhaseSettings settings, DB binding, Workload workload,
                       WorkersShared shared, WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    if (settings.inflight() > 0) {
      return new AsyncWorker(id, settings, binding, workload, shared, warmupRecorder, measuredRecorder);
    }
    return new BlockingWorker(id, settings, binding, workload, shared, warmupRecorder, measuredRecorder);
  }

  @Override
  public final void run() {
    // made by the worker's own thread, so its hot fields sit apart from other workers' (no false sharing)
    WorkerRecorder first = settings.hasWarmup() ? warmupRecorder : measuredRecorder;
    share.installSource();
    if (capture != null) {
      capture.open();
    }
    prepare(first);
    ownFigures.recordInto(first);
    BindingRecording.enter(ownFigures);
    try {
      runPrepared();
    } finally {
      BindingRecording.leave();
      site.ycsb.generator.OperationRandom.removeFromThisThread();
      if (capture != null) {
        capture.close();
      }
    }
  }

  /**
   * Starts the random stream of the operation about to be planned: its number is the next of the
   * phase's, so what it draws depends on the seed and that number alone.
   */
  protected final void nextOperation() {
    share.nextOperation();
  }

  private void runPrepared() {
    if (!setUp()) {
      return;
    }
    try {
      if (!startLine.awaitRelease()) {
        cleanUp();
        return;
      }
      if (settings.hasWarmup()) {
        warmUp();
      }
      measure();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      errors.report("worker " + id, e);
    }
    cleanUp();
  }

  /** Makes what the worker needs on its own thread, recording into {@code first}. */
  abstract void prepare(WorkerRecorder first);

  private boolean setUp() {
    try {
      binding.init(new WorkerContext(id, settings.threads(), settings.inflight(), settings.sessions(), errors,
          sharedResources, clock));
      state = states.forWorker(id);
      initialized();
    } catch (DBException | site.ycsb.WorkloadException | RuntimeException | Error e) {
      // an Error too (a driver class missing from the class path): the start line must not wait
      // for a worker that is gone
      setupFailure = e;
      startLine.arrive();
      return false;
    }
    startLine.arrive();
    return true;
  }

  /** After the binding's {@code init}, on the worker thread; nothing on the blocking path. */
  void initialized() {
  }

  private void warmUp() throws InterruptedException {
    warmupEndNanos = settings.warmupNanos() > 0 ? window.phaseStartNanos() + settings.warmupNanos() : Long.MAX_VALUE;
    warmingUp = true;
    share.startPart(warmupBudget);
    try {
      // the runner may end a stuck warm-up for everyone: leave it then too
      PartStep step = runPart();
      if (step == PartStep.STOPPED && (warmupGoesOn() || window.stopRequested() || workload.isStopRequested())) {
        warmingUp = false;
        warmupEndNanos = Long.MAX_VALUE;
        warmupEnd.leave();
        return;
      }
      // else the warm-up ended, perhaps while this worker waited for a free place in flight: go on measuring
    } finally {
      share.endPart();
    }
    warmingUp = false;
    warmupEndNanos = Long.MAX_VALUE;
    flush();
    completeWarmup();
    warmupEnd.arriveAndAwait(settings.threadStopTimeoutNanos());
    recordInto(measuredRecorder);
    ownFigures.recordInto(measuredRecorder);
  }

  /** @return whether the warm-up part goes on: not stopped, not ended for everyone, not past its time */
  protected final boolean warmupGoesOn() {
    return !window.stopRequested() && !warmupEnd.isOpen() && clock.nanoTime() < warmupEndNanos;
  }

  /**
   * Waits for the warm-up's operations still in flight, so that no measured operation overlaps a
   * warm-up one (the blocking path has none left by then).
   */
  void completeWarmup() {
  }

  /** Sends what the binding may hold back before the worker waits for others; nothing on the blocking path. */
  void flush() {
  }

  /**
   * @return when the operation this worker is making was due ({@code System.nanoTime()}): its
   *     intended start, else its first call's start; -1 when not known. Read on this thread only.
   */
  long operationDueNanos() {
    return -1;
  }

  /** Records what follows into {@code next} (the end of the warm-up). */
  abstract void recordInto(WorkerRecorder next);

  private void measure() {
    share.startPart(budget);
    try {
      runPart();
    } finally {
      share.endPart();
    }
    finishInflight();
  }

  /**
   * Runs the steps of the part that runs until one ends it. The warm-up and the measured part run
   * this one loop, whose steps are the same code: the compiled loop the warm-up leaves is the one
   * the measured part runs, where two loops left the second to start in the interpreter, its
   * callees compiled only inside the first, and measured the compilers' first seconds.
   *
   * @return why the part ended
   */
  private PartStep runPart() {
    PartStep step;
    while ((step = step()) == PartStep.GOES_ON) {
      // each step is one operation
    }
    return step;
  }

  /**
   * One step of the part that runs, the warm-up's or the measured part's: the operation's grant
   * from the part's budget, the part's end, the operation. What differs between the parts is data
   * ({@link #warmupEndNanos}, {@link #warmingUp}), read without a branch the other part would take
   * first. Run by the worker, or by a thread standing in for it ({@link #asThisWorker}).
   *
   * @return {@link PartStep#GOES_ON}, or why the part ends
   */
  final PartStep step() {
    if (!share.hasNext()) {
      return PartStep.BUDGET_SPENT;
    }
    long now = lastCallEndOrNow();
    // the window's end or a stop; the warm-up's time; the warm-up ended by the others (open in the measured part)
    if (window.isOver(now) | now >= warmupEndNanos | (warmingUp & warmupEnd.isOpen())) {
      return PartStep.WINDOW_OVER;
    }
    stepStartNanos.lazySet(now);
    share.take();
    return oneOperation() ? PartStep.GOES_ON : PartStep.STOPPED;
  }

  /** @return whether operations follow a schedule: a target's, or the workload's own times */
  final boolean paced() {
    return paced || ownTimes != null;
  }

  /**
   * Runs {@code task} on the calling thread as if it were this worker's: it draws from the
   * worker's random source and records what the binding records itself into the worker's
   * recorder. For a thread standing in for the worker, which holds its turn meanwhile.
   *
   * @param task what the stand-in does
   * @return what {@code task} returns
   */
  final boolean asThisWorker(java.util.function.BooleanSupplier task) {
    site.ycsb.generator.OperationRandom ownSource = site.ycsb.generator.OperationRandom.swapOnThisThread(share.source());
    BindingRecording.Route ownRoute = BindingRecording.swap(ownFigures);
    try {
      return task.getAsBoolean();
    } finally {
      BindingRecording.swap(ownRoute);
      site.ycsb.generator.OperationRandom.swapOnThisThread(ownSource);
    }
  }

  /**
   * @return the end of the last call if known (spares a clock read), else now
   */
  abstract long lastCallEndOrNow();

  /** Waits for what is still in flight when no more operations start; nothing on the blocking path. */
  void finishInflight() {
  }

  /** @return false when this worker should stop */
  private boolean oneOperation() {
    if (ownTimes != null) {
      return timedOperation();
    }
    if (!paced) {
      return perform(Throttle.UNPACED);
    }
    if (!beforeSlot()) {
      return false;
    }
    long intended = throttle.acquire(window, skippedSlots(), idle(), warmupEndNanos);
    if (intended == Throttle.STOP) {
      return false;
    }
    if (intended == Throttle.PAST_PART) {
      // a slot at or after the warm-up's end is no warm-up operation: the worker waits for that
      // end and arrives there, and the measured window starts the schedule again
      Throttle.Idle idle = idle();
      long now;
      while ((now = clock.nanoTime()) < warmupEndNanos && !window.stopRequested()) {
        idle.idle(Math.min(warmupEndNanos - now, 10_000_000L));
      }
      return false;
    }
    return perform(intended);
  }

  /** @return false when this worker should stop: the next operation of a workload that times its own ({@link OwnTimes}) */
  private boolean timedOperation() {
    if (!ownTimes.hasMore(state) || !beforeSlot()) {
      return false;
    }
    long due = ownTimes.await(state, warmupEndNanos, idle());
    return due != Throttle.STOP && due != Throttle.PAST_PART && perform(due);
  }

  /**
   * Called before an operation takes its slot (or, without a target, before it starts).
   *
   * @return false when this worker should stop
   */
  boolean beforeSlot() {
    return true;
  }

  /** @return where the slots the windowed schedule gives up are recorded */
  abstract Throttle.SkippedSlots skippedSlots();

  /** @return how this worker waits for its slot */
  abstract Throttle.Idle idle();

  /**
   * Makes (or starts) one workload operation.
   *
   * @param intended its intended start, -1 without a throttle
   * @return false when this worker should stop
   */
  abstract boolean perform(long intended);

  private void cleanUp() {
    long t0 = clock.nanoTime();
    try {
      binding.cleanup();
    } catch (DBException | RuntimeException e) {
      errors.report("cleanup", e);
    } finally {
      cleanupNanos = clock.nanoTime() - t0;
    }
  }

  Throwable setupFailure() {
    return setupFailure;
  }

  long cleanupNanos() {
    return cleanupNanos;
  }

  /** @return when this worker last began a step, its previous operation's end; 0 before the first */
  long lastStepStartNanos() {
    return stepStartNanos.get();
  }

  boolean stoppedOnFailedInsert() {
    return stoppedOnFailedInsert;
  }
}
