package site.ycsb.runner;

import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.OperationPlanner;
import site.ycsb.workloads.PlannedOperation;

/** The blocking path: one operation at a time, the thread inside the binding's call until it returns. */
final class BlockingWorker extends Worker {
  private volatile MeasuredDB db;
  private OperationCycle cycle;
  /**
   * Whether the workload's plans are its operations: then this worker makes them itself, as the
   * asynchronous worker does; otherwise it calls the workload's doInsert and doTransaction.
   */
  private final boolean planned;

  BlockingWorker(int id, PhaseSettings settings, DB binding, Workload workload, WorkersShared shared,
                 WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    super(id, settings, binding, workload, shared, warmupRecorder, measuredRecorder);
    this.planned = OperationPlanner.cannotPlan(workload.getClass()) == null;
  }

  @Override
  void prepare(WorkerRecorder first) {
    cycle = new OperationCycle(planned ? (OperationPlanner) workload : null, settings.retries(), window, errors,
        settings.load(), capture);
    db = new MeasuredDB(binding, first, cycle, window, settings.measureIntended());
  }

  @Override
  void recordInto(WorkerRecorder next) {
    db.recordInto(next);
  }

  @Override
  long lastCallEndOrNow() {
    long lastEnd = db.takeLastCallEnd();
    return lastEnd != 0 ? lastEnd : clock.nanoTime();
  }

  @Override
  Throttle.SkippedSlots skippedSlots() {
    return db;
  }

  @Override
  Throttle.Idle idle() {
    return parkOnClock;
  }

  /** The blocking worker's way of waiting for its slot: nothing else to do. */
  private final Throttle.Idle parkOnClock = nanos -> clock.park(this, nanos);

  @Override
  boolean perform(long intended) {
    nextOperation();
    if (planned) {
      return performPlanned(intended);
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
      cycle.workloadFailed(e);
      workloadFailed = true;
      more = true;
    }
    db.endOperation(workloadFailed);
    return more && !workload.isStopRequested();
  }

  private boolean performPlanned(long intended) {
    db.intendedStart(intended);
    PlannedOperation.Next end = db.makePlanned(state, settings.load());
    boolean more = true;
    if (end == PlannedOperation.Next.STOP && !workload.isStopRequested()) {
      stoppedOnFailedInsert = true;
      more = settings.ignoreInsertErrors();
    }
    db.endOperation(end == PlannedOperation.Next.RETRY_LATER);
    return more && !workload.isStopRequested();
  }

  @Override
  long operationDueNanos() {
    MeasuredDB d = db;
    return d == null ? -1 : d.operationDueNanos();
  }

  @Override
  public long lastRecordedEndNanos() {
    MeasuredDB d = db;
    return d == null ? 0 : d.lastRecordedEndNanos();
  }

  @Override
  public long discardedAfterDeadline() {
    MeasuredDB d = db;
    return d == null ? 0 : d.discardedAfterDeadline();
  }

  @Override
  public int inflightNow() {
    MeasuredDB d = db;
    return d != null && d.inCall() ? 1 : 0;
  }

  @Override
  public long claimInflight() {
    MeasuredDB d = db;
    return d == null ? -1 : d.claimInflight();
  }
}
