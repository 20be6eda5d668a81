package site.ycsb.workloads;

import site.ycsb.Status;

/**
 * A workload that can prepare its operations instead of making their calls itself, so that the
 * asynchronous path ({@code inflight}) keeps many of them in flight on one thread. The calls of an
 * operation are made one after the other, as {@code doTransaction} would make them.
 */
public interface OperationPlanner {
  /**
   * Prepares the next operation: its first call.
   *
   * @param op the operation to fill in (cleared of the previous one)
   * @param threadState what {@code initThread} returned for this worker
   * @param load true for the load phase (an insert), false for the run phase (the mix)
   */
  void plan(PlannedOperation op, Object threadState, boolean load);

  /**
   * Takes the outcome of the call just made and says what comes next.
   *
   * @param op the operation
   * @param status the call's outcome
   * @return what the worker does next
   */
  PlannedOperation.Next afterCall(PlannedOperation op, Status status);
}
