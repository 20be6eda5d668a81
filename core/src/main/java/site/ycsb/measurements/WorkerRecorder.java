package site.ycsb.measurements;

import org.HdrHistogram.WriterReaderPhaser;
import site.ycsb.Status;

/**
 * The recorder one worker thread writes into, without locks: the worker records into the
 * active {@link IntervalStats}; a reader thread swaps in a fresh one and reads the finished one
 * once every write that started before the swap has ended ({@link WriterReaderPhaser}).
 */
public final class WorkerRecorder {
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile IntervalStats active = new IntervalStats();
  private IntervalStats spare = new IntervalStats();

  /**
   * Records the calls of one workload operation and counts the operation, in one critical section.
   * Called only by the owning worker thread.
   *
   * @param ops the operations of the calls
   * @param statuses their return codes
   * @param latencies their latencies from actual start (ns)
   * @param intended their latencies from intended start (ns), negative when not measured
   * @param retries their retries
   * @param n how many entries of the arrays to record
   * @param countOperation whether to count one workload operation
   * @param operationFailed whether that operation failed
   */
  public void recordAll(Operation[] ops, Status[] statuses, long[] latencies, long[] intended, int[] retries,
                        int n, boolean countOperation, boolean operationFailed) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      IntervalStats s = active;
      for (int i = 0; i < n; i++) {
        int o = ops[i].ordinal();
        s.at(o, statuses[i].isOk() ? 0 : 1).record(latencies[i], statuses[i], retries[i]);
        if (intended[i] >= 0) {
          s.at(o, 2).record(intended[i], null, 0);
        }
      }
      if (countOperation) {
        s.recordTransaction(operationFailed);
      }
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /**
   * Swaps the interval and adds the finished one to {@code into}. Called by one reader thread
   * at a time.
   *
   * @param into receives everything recorded since the previous swap
   */
  public synchronized void drainInto(IntervalStats into) {
    spare.reset();
    IntervalStats finished;
    phaser.readerLock();
    try {
      finished = active;
      active = spare;
      phaser.flipPhase();
    } finally {
      phaser.readerUnlock();
    }
    spare = finished;
    into.add(finished);
  }
}
