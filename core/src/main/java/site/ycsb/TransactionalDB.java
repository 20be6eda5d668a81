package site.ycsb;

/**
 * The transactional side of a binding: several reads and writes made as one transaction, at the
 * isolation the binding is configured with. Optional, like {@link AsyncDB}: a binding class
 * extends {@link DB} as usual and also implements this interface; {@link DB} itself is unchanged.
 * The closed-economy workload ({@code site.ycsb.workloads.ClosedEconomyWorkload}) needs it.
 *
 * <p>The engine calls it from the worker thread, one instance per worker, and measures the whole
 * transaction, retries included, as one operation. The binding makes no retry of its own: when
 * the database refuses the transaction in a way that may succeed if made again (a serialization
 * failure, a deadlock, a watched key changed, a condition not met), it rolls back what it can and
 * returns {@link Status#ABORTED}; the engine retries it ({@code transaction.retries}) and counts
 * the abort. Any other failure returns another status, and the engine never makes that
 * transaction again: its outcome is unknown (the commit may have been applied).
 */
public interface TransactionalDB {
  /**
   * Makes {@code work} in one transaction: begins it, lets the work read and write through
   * {@link TransactionCalls}, then commits it if the work returned {@link Status#OK}, else rolls
   * it back.
   *
   * @param table the table the work's keys are in
   * @param work the reads and writes; called once per attempt
   * @return {@link Status#OK} when committed; {@link Status#ABORTED} when the database aborted it
   *     (it may be made again); the work's own status when it returned one other than OK (rolled
   *     back); another status when it failed otherwise
   */
  Status transaction(String table, TransactionWork work);
}
