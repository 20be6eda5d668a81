package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The operations a phase may still perform, shared by all workers so that none is lost to
 * integer division and no worker idles while others still have work: each worker takes small
 * grants, which shrink as the budget runs out so that workers end together.
 */
public final class OperationBudget {
  private static final long MAX_GRANT = 256;
  private final AtomicLong remaining;
  private final int workers;
  private final boolean unlimited;

  /**
   * @param operations the number of operations, or a negative value for no limit
   * @param workers the number of workers sharing it
   */
  public OperationBudget(long operations, int workers) {
    this.unlimited = operations < 0;
    // an unlimited budget grants as a limited one does, from more operations than any run makes:
    // a phase's warm-up and its measured part then run the same compiled code, where a branch
    // first taken at the warm-up's end would send the JIT back to the interpreter in the window
    this.remaining = new AtomicLong(unlimited ? Long.MAX_VALUE : operations);
    this.workers = Math.max(1, workers);
  }

  /**
   * Takes a grant of operations.
   *
   * @return how many operations the caller may perform (0 when the budget is spent)
   */
  public long grant() {
    while (true) {
      long left = remaining.get();
      if (left <= 0) {
        return 0;
      }
      long take = Math.max(1, Math.min(MAX_GRANT, left / (workers * 8L)));
      if (remaining.compareAndSet(left, left - take)) {
        return take;
      }
    }
  }

  /** Gives back operations granted but not performed (a worker stopping early). */
  public void giveBack(long operations) {
    // an unlimited budget never exceeds its start: what comes back was granted from it
    if (operations > 0) {
      remaining.addAndGet(operations);
    }
  }

  /** @return operations not yet granted (0 for an unlimited budget) */
  public long remaining() {
    return unlimited ? 0 : remaining.get();
  }
}
