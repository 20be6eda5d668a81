package site.ycsb.workloads;

/**
 * Implemented by the DB a workload is handed when it is measured: takes what an operation found
 * besides its calls (a read-modify-write as a whole, the check of values read, a stale read),
 * noted on the {@link PlannedOperation}, to record it with the calls. A workload tests for it
 * with {@code instanceof}, so it still works when handed a plain DB.
 */
public interface OperationEnds {
  /**
   * The operation is over: record what it noted.
   *
   * @param op the operation, with its calls made
   */
  void ended(PlannedOperation op);
}
