package site.ycsb.runner;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Workload;
import site.ycsb.measurements.WorkerRecorder;

/**
 * One worker thread: connects, waits at the start line, runs warm-up then measured operations
 * until its budget, the deadline or a stop ends them, and disconnects.
 */
final class Worker implements Runnable {
  private final int id;
  private final PhaseSettings settings;
  private final DB binding;
  /** Made by the worker's own thread, so its hot fields sit apart from other workers' (no false sharing). */
  private volatile MeasuredDB db;
  private final WorkerRecorder warmupRecorder;
  private final Workload workload;
  private final Properties props;
  private final StartLine startLine;
  private final RunWindow window;
  private final WarmupEnd warmupEnd;
  private final OperationBudget warmupBudget;
  private final OperationBudget budget;
  private final Throttle throttle;
  private final WorkerRecorder measuredRecorder;
  private final ErrorLog errors;
  private final SharedResources sharedResources;

  private volatile Throwable setupFailure;
  private volatile boolean finished;
  private volatile long initNanos;
  private volatile long cleanupNanos;
  private volatile boolean stoppedOnFailedInsert;
  private volatile long lastWarmupProgressNanos;
  private Object state;

  Worker(int id, PhaseSettings settings, DB binding, Workload workload, Properties props, Shared shared,
         WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    this.id = id;
    this.settings = settings;
    this.binding = binding;
    this.workload = workload;
    this.props = props;
    this.startLine = shared.startLine;
    this.window = shared.window;
    this.warmupEnd = shared.warmupEnd;
    this.warmupBudget = shared.warmupBudget;
    this.budget = shared.budget;
    this.throttle = shared.throttle;
    this.errors = shared.errors;
    this.sharedResources = shared.resources;
    this.measuredRecorder = measuredRecorder;
    this.warmupRecorder = warmupRecorder;
  }

  /** What all workers of a phase share. */
  static final class Shared {
    final StartLine startLine;
    final RunWindow window;
    final WarmupEnd warmupEnd;
    final OperationBudget warmupBudget;
    final OperationBudget budget;
    final Throttle throttle;
    final ErrorLog errors;
    final SharedResources resources;

    Shared(StartLine startLine, RunWindow window, WarmupEnd warmupEnd, OperationBudget warmupBudget,
           OperationBudget budget, Throttle throttle, ErrorLog errors, SharedResources resources) {
      this.startLine = startLine;
      this.window = window;
      this.warmupEnd = warmupEnd;
      this.warmupBudget = warmupBudget;
      this.budget = budget;
      this.throttle = throttle;
      this.errors = errors;
      this.resources = resources;
    }
  }

  @Override
  public void run() {
    db = new MeasuredDB(binding, settings.hasWarmup() ? warmupRecorder : measuredRecorder,
        settings.retries(), window, errors, settings.measureIntended());
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
    finished = true;
  }

  private boolean setUp() {
    long t0 = System.nanoTime();
    try {
      binding.init(new WorkerContext(id, settings.threads(), errors, sharedResources));
      state = workload.initThread(props, id, settings.threads());
    } catch (DBException | site.ycsb.WorkloadException | RuntimeException | Error e) {
      // an Error too (a driver class missing from the class path): the start line must not wait
      // for a worker that is gone
      setupFailure = e;
      finished = true;
      startLine.arrive();
      return false;
    } finally {
      initNanos = System.nanoTime() - t0;
    }
    startLine.arrive();
    return true;
  }

  private void warmUp() throws InterruptedException {
    long warmupEndNanos = settings.warmupNanos() > 0 ? window.phaseStartNanos() + settings.warmupNanos()
        : Long.MAX_VALUE;
    long granted = 0;
    try {
      // the runner may end a stuck warm-up for everyone: leave it then too
      while (!window.stopRequested() && !warmupEnd.isOpen() && System.nanoTime() < warmupEndNanos) {
        if (settings.warmupOperations() > 0) {
          if (granted == 0 && (granted = warmupBudget.grant()) == 0) {
            break;
          }
          granted--;
        }
        if (!oneOperation()) {
          warmupEnd.leave();
          return;
        }
        lastWarmupProgressNanos = System.nanoTime();
      }
    } finally {
      warmupBudget.giveBack(granted);
    }
    warmupEnd.arriveAndAwait(settings.threadStopTimeoutNanos());
    db.recordInto(measuredRecorder);
  }

  private void measure() {
    long granted = 0;
    try {
      while (true) {
        if (granted == 0 && (granted = budget.grant()) == 0) {
          break;
        }
        long lastEnd = db.takeLastCallEnd();
        if (window.isOver(lastEnd != 0 ? lastEnd : System.nanoTime())) {
          break;
        }
        granted--;
        if (!oneOperation()) {
          break;
        }
      }
    } finally {
      budget.giveBack(granted);
    }
  }

  /** @return false when this worker should stop */
  private boolean oneOperation() {
    long intended = -1;
    if (throttle != null) {
      intended = throttle.acquire(window, db);
      if (intended < 0) {
        return false;
      }
    }
    db.intendedStart(intended);
    boolean more;
    boolean workloadFailed = false;
    try {
      if (settings.load()) {
        more = workload.doInsert(db, state);
        if (!more && !workload.isStopRequested()) {
          stoppedOnFailedInsert = true;
          more = settings.ignoreInsertErrors();
        }
      } else {
        more = workload.doTransaction(db, state);
      }
    } catch (RuntimeException e) {
      errors.report(settings.load() ? "workload insert" : "workload transaction", e);
      workloadFailed = true;
      more = true;
    }
    db.endOperation(workloadFailed);
    return more && !workload.isStopRequested();
  }

  private void cleanUp() {
    long t0 = System.nanoTime();
    try {
      binding.cleanup();
    } catch (DBException | RuntimeException e) {
      errors.report("cleanup", e);
    } finally {
      cleanupNanos = System.nanoTime() - t0;
    }
  }

  Throwable setupFailure() {
    return setupFailure;
  }

  boolean isFinished() {
    return finished;
  }

  long initNanos() {
    return initNanos;
  }

  long cleanupNanos() {
    return cleanupNanos;
  }

  long lastRecordedEndNanos() {
    MeasuredDB d = db;
    return d == null ? 0 : d.lastRecordedEndNanos();
  }

  long discardedAfterDeadline() {
    MeasuredDB d = db;
    return d == null ? 0 : d.discardedAfterDeadline();
  }

  /** @return when this worker last completed a warm-up operation, 0 before the first */
  long lastWarmupProgressNanos() {
    return lastWarmupProgressNanos;
  }

  /** @return when the operation this worker is stuck in was due, claimed for the runner; -1 for none */
  long claimInflight() {
    MeasuredDB d = db;
    return d == null ? -1 : d.claimInflight();
  }

  boolean stoppedOnFailedInsert() {
    return stoppedOnFailedInsert;
  }
}
