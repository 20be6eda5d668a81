package site.ycsb.runner;

import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Operation;

/** How often each operation is retried after a failure, and how long to wait between tries. */
public final class RetryPolicy {
  private final int[] retries = new int[Operation.all().length];
  private final long delayMillis;
  private final AbortCounts aborts = new AbortCounts();

  /**
   * @param read retries of a failed read
   * @param update retries of a failed update
   * @param insert retries of a failed insert
   * @param scan retries of a failed scan
   * @param delete retries of a failed delete
   * @param delayMillis wait between tries
   */
  public RetryPolicy(int read, int update, int insert, int scan, int delete, long delayMillis) {
    retries[Operation.READ.ordinal()] = read;
    retries[Operation.UPDATE.ordinal()] = update;
    retries[Operation.INSERT.ordinal()] = insert;
    retries[Operation.SCAN.ordinal()] = scan;
    retries[Operation.DELETE.ordinal()] = delete;
    this.delayMillis = delayMillis;
  }

  /** @return no retries at all */
  public static RetryPolicy none() {
    return new RetryPolicy(0, 0, 0, 0, 0, 0);
  }

  /** @return how many times a failed {@code op} is tried again */
  /**
   * @param count times an aborted transaction ({@link Status#ABORTED}) is made again
   * @return this policy, with transactions retried {@code count} times
   */
  public RetryPolicy withTransactionRetries(int count) {
    retries[Operation.TRANSFER.ordinal()] = count;
    retries[Operation.AUDIT.ordinal()] = count;
    return this;
  }

  public int retries(Operation op) {
    return retries[op.ordinal()];
  }

  /**
   * Whether a call that ended with {@code status} is tried again: it failed, it has retries
   * left, and the window is not over.
   *
   * @param op the call's operation
   * @param status its outcome
   * @param retriesDone how often it was retried already
   * @param window the phase's window
   * @return true to try again
   */
  boolean retries(Operation op, Status status, int retriesDone, RunWindow window) {
    if (status.isOk()) {
      return false;
    }
    boolean aborted = status.isAborted();
    if (aborted) {
      aborts.note(status);
    }
    // a transaction that failed otherwise than aborted may have been applied: never made twice
    boolean retriable = aborted || (op != Operation.TRANSFER && op != Operation.AUDIT);
    return retriable && retriesDone < retries[op.ordinal()] && !window.isOver(window.clock().nanoTime());
  }

  /** @return the aborted transactions this policy was asked about, by cause: every abort, retried or not */
  public AbortCounts aborts() {
    return aborts;
  }

  /** @return the wait between tries in milliseconds */
  public long delayMillis() {
    return delayMillis;
  }

  /** A retried write sends the same values again; generated values can be rewound. */
  static void rewind(Map<String, ByteIterator> values) {
    if (values == null) {
      return;
    }
    for (ByteIterator v : values.values()) {
      try {
        v.reset();
      } catch (UnsupportedOperationException e) {
        // the binding gets whatever is left of this value; nothing better can be done
      }
    }
  }
}
