package site.ycsb.measurements;

import site.ycsb.Status;

/**
 * Implemented by the DB a workload is handed when it is measured: lets a workload record an
 * operation made of several calls (read-modify-write) or a check (data verification) in the
 * same figures as the calls themselves. A workload tests for it with {@code instanceof}, so it
 * still works when handed a plain DB.
 */
public interface CompoundRecorder {
  /**
   * @param op the compound operation
   * @param startNanos its start ({@link System#nanoTime()})
   * @param status its outcome
   */
  void recordCompound(Operation op, long startNanos, Status status);
}
