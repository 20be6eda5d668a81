package site.ycsb;

/**
 * What a transaction does ({@link TransactionalDB#transaction}): reads and writes through the
 * calls it is handed. Called again from the start when the engine retries an aborted transaction,
 * so it keeps nothing from a previous attempt.
 */
public interface TransactionWork {
  /**
   * Makes the transaction's reads and writes.
   *
   * @param calls the transaction's reads and writes
   * @return {@link Status#OK} to commit; any other status to roll back (a read that failed, say),
   *     returned by {@link TransactionalDB#transaction} as it is
   */
  Status run(TransactionCalls calls);

  /**
   * @return whether the work only reads: recorded as {@code AUDIT} instead of {@code TRANSFER}, and
   *     a binding may make it without the write conflict checks it needs for writes
   */
  default boolean readOnly() {
    return false;
  }

  /**
   * @return whether the work is made as one transaction (the binding must be a
   *     {@link TransactionalDB}); false makes its reads and writes one by one through the binding's
   *     ordinary {@link DB#read} and {@link DB#update}, on any binding, to measure what a missing
   *     transaction costs
   */
  default boolean asTransaction() {
    return true;
  }
}
