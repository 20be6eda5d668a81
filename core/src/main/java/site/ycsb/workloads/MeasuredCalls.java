package site.ycsb.workloads;

import site.ycsb.clock.Clock;

/**
 * Implemented by the DB a workload is handed when the engine measures it: the phase's clock, which
 * a pause between an operation's calls waits on, and where what an operation found besides its
 * calls (a read-modify-write as a whole, the check of values read, a stale read), noted on the
 * {@link PlannedOperation}, is recorded with them. A workload tests for it with
 * {@code instanceof}, so it still works when handed a plain DB.
 */
public interface MeasuredCalls {
  /** @return the phase's clock */
  Clock clock();

  /**
   * The operation is over: record what it noted.
   *
   * @param op the operation, with its calls made
   */
  void ended(PlannedOperation op);
}
