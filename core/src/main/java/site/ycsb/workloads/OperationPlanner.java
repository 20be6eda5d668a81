package site.ycsb.workloads;

import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A workload that prepares its operations instead of making their calls itself, so that the
 * asynchronous path ({@code inflight}) keeps many of them in flight on one thread. The calls of an
 * operation are made one after the other, as {@code doTransaction} would make them; what a workload
 * writes here is what both paths make, when its {@code doInsert} and {@code doTransaction} make
 * the same planned operations with {@link #makeNow} (as {@link CoreWorkload} does).
 *
 * <p>A workload of one's own implements it next to {@link site.ycsb.Workload}: {@code plan}
 * names the first call on the {@link PlannedOperation} ({@code op.read(...)}, {@code op.update(...)},
 * ...), {@code afterCall} takes each outcome and says what comes next, and notes what the
 * operation found besides its calls ({@code op.verified}, {@code op.compound}).
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
   * Makes a planned operation here and now, blocking, on any {@link DB}: the body of a planner's
   * {@code doInsert} and {@code doTransaction}, on the same course as the engine's workers
   * ({@link OperationDriver}). What the operation noted besides its calls goes to {@code db} when
   * it records them ({@link MeasuredCalls}).
   *
   * @param planner the workload that planned it
   * @param op the operation, planned
   * @param db where its calls are made
   * @return false when the operation failed in a way that ends the phase (a load insert given up)
   */
  static boolean makeNow(OperationPlanner planner, PlannedOperation op, DB db) {
    return new DirectCalls().make(planner, op, db);
  }

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
