package site.ycsb.runner;

import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.WorkerRecorder;

/** The blocking path: one operation at a time, the thread inside the binding's call until it returns. */
final class BlockingWorker extends Worker {
  private volatile MeasuredDB db;
  private OperationCycle cycle;

  BlockingWorker(int id, PhaseSettings settings, DB binding, Workload workload, Shared shared,
                 WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    super(id, settings, binding, workload, shared, warmupRecorder, measuredRecorder);
  }

  @Override
  void prepare(WorkerRecorder first) {
    // the workload makes its operations itself here (doTransaction), through the cycle's calls
    cycle = new OperationCycle(null, settings.retries(), window, errors, settings.load());
    db = new MeasuredDB(binding, first, cycle, window, settings.measureIntended());
  }

  @Override
  void recordInto(WorkerRecorder next) {
    db.recordInto(next);
  }

  @Override
  long lastCallEndOrNow() {
    long lastEnd = db.takeLastCallEnd();
    return lastEnd != 0 ? lastEnd : System.nanoTime();
  }

  @Override
  Throttle.SkippedSlots skippedSlots() {
    return db;
  }

  @Override
  Throttle.Idle idle() {
    return Throttle.PARK;
  }

  @Override
  boolean perform(long intended) {
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

  @Override
  long operationDueNanos() {
    MeasuredDB d = db;
    return d == null ? -1 : d.operationDueNanos();
  }

  @Override
  long lastRecordedEndNanos() {
    MeasuredDB d = db;
    return d == null ? 0 : d.lastRecordedEndNanos();
  }

  @Override
  long discardedAfterDeadline() {
    MeasuredDB d = db;
    return d == null ? 0 : d.discardedAfterDeadline();
  }

  @Override
  int inflightNow() {
    MeasuredDB d = db;
    return d != null && d.inCall() ? 1 : 0;
  }

  @Override
  long claimInflight() {
    MeasuredDB d = db;
    return d == null ? -1 : d.claimInflight();
  }
}
