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

  /**
   * Whether a workload class can run on the asynchronous path: it plans its operations, and
   * its plans are the operations it makes. A subclass of {@link CoreWorkload} that makes some of
   * them itself ({@code doTransactionRead} overridden, say) without planning them as well would
   * have the asynchronous path skip its code.
   *
   * @param workloadClass the workload's class
   * @return null when it can, else why not, in a few words
   */
  static String cannotPlan(Class<?> workloadClass) {
    if (!OperationPlanner.class.isAssignableFrom(workloadClass)) {
      return "cannot plan its operations for the asynchronous path (site.ycsb.workloads.OperationPlanner,"
          + " as CoreWorkload does)";
    }
    if (CoreWorkload.class.isAssignableFrom(workloadClass)
        && !Overrides.below(workloadClass, "plan", PlannedOperation.class, Object.class, boolean.class)) {
      java.util.List<String> own = Overrides.ownOperations(workloadClass);
      if (!own.isEmpty()) {
        return "makes operations itself (" + String.join(", ", own) + ") that the asynchronous path, which plans"
            + " CoreWorkload's operations, would not call";
      }
    }
    return null;
  }
}
