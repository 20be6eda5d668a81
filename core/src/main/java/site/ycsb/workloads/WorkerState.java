package site.ycsb.workloads;

import site.ycsb.DB;

/**
 * What one worker of the core workload reuses from operation to operation ({@code initThread}):
 * the operation, planned afresh each time, and the way its calls are made on the DB the worker
 * hands to {@code doInsert} and {@code doTransaction}.
 */
final class WorkerState {
  private final PlannedOperation operation = new PlannedOperation();
  private final DirectCalls calls = new DirectCalls();

  /** @return the worker's operation, cleared, or a new one for a caller without the worker's state */
  static PlannedOperation operationOf(Object threadstate) {
    if (threadstate instanceof WorkerState) {
      PlannedOperation op = ((WorkerState) threadstate).operation;
      op.clear();
      return op;
    }
    return new PlannedOperation();
  }

  /** @return the worker's calls, or new ones for a caller without the worker's state */
  static DirectCalls callsOf(Object threadstate) {
    return threadstate instanceof WorkerState ? ((WorkerState) threadstate).calls : new DirectCalls();
  }
}
