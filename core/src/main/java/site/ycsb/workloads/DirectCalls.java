package site.ycsb.workloads;

import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.clock.Clock;

/**
 * A planned operation's calls made straight on the DB a workload is handed: no retries but the
 * workload's own, its pauses waited on the phase's clock when the engine measures the DB (which
 * then retries and records each call), else on the system's. Reusable from operation to operation
 * on one thread.
 */
final class DirectCalls implements OperationDriver.Calls, OperationDriver.BlockingCalls {
  private DB db;
  private Clock clock = Clock.SYSTEM;
  private Status status;

  /**
   * Makes the operation's calls on {@code db} until it ends.
   *
   * @return false when it failed in a way that ends the phase (a load insert given up)
   */
  boolean make(OperationPlanner planner, PlannedOperation op, DB on) {
    if (db != on) {
      db = on;
      clock = on instanceof MeasuredCalls ? ((MeasuredCalls) on).clock() : Clock.SYSTEM;
    }
    PlannedOperation.Next end = OperationDriver.make(planner, op, this, this);
    if (on instanceof MeasuredCalls) {
      ((MeasuredCalls) on).ended(op);
    }
    return end != PlannedOperation.Next.STOP;
  }

  @Override
  public void starting(PlannedOperation op) {
  }

  @Override
  public void make(PlannedOperation op) {
    Status s = op.callOn(db);
    status = s == null ? Status.ERROR : s;
  }

  @Override
  public boolean completed(PlannedOperation op) {
    return false;
  }

  @Override
  public Status status() {
    return status;
  }

  @Override
  public long retryPauseNanos() {
    return 0;
  }

  @Override
  public void workloadFailed(RuntimeException e) {
    throw e;
  }

  @Override
  public void givenUp(PlannedOperation op, boolean again) {
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public boolean goesOn() {
    return true;
  }
}
