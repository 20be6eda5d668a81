package site.ycsb.measurements;

/**
 * Everything one worker (or, once summed, all workers) recorded over one span of time: latency
 * figures per operation and outcome.
 */
public final class IntervalStats {
  private final LatencyStats[][] stats;
  private long transactions;
  private long failedTransactions;

  public IntervalStats() {
    Operation[] ops = Operation.all();
    Outcome[] outcomes = Outcome.values();
    stats = new LatencyStats[ops.length][outcomes.length];
    for (int o = 0; o < ops.length; o++) {
      for (int k = 0; k < outcomes.length; k++) {
        stats[o][k] = new LatencyStats();
      }
    }
  }

  /** @return the figures of one operation and outcome (live; do not keep across swaps) */
  public LatencyStats get(Operation op, Outcome outcome) {
    return stats[op.ordinal()][outcome.ordinal()];
  }

  LatencyStats at(int op, int outcome) {
    return stats[op][outcome];
  }

  void recordTransaction(boolean failed) {
    transactions++;
    if (failed) {
      failedTransactions++;
    }
  }

  /**
   * Adds workload operations counted elsewhere (merging results of several clients).
   *
   * @param total operations
   * @param failed operations of which at least one database call failed
   */
  public void addOperations(long total, long failed) {
    transactions += total;
    failedTransactions += failed;
  }

  /** Adds everything in {@code other} to this. */
  public void add(IntervalStats other) {
    transactions += other.transactions;
    failedTransactions += other.failedTransactions;
    for (int o = 0; o < stats.length; o++) {
      for (int k = 0; k < stats[o].length; k++) {
        stats[o][k].add(other.stats[o][k]);
      }
    }
  }

  void reset() {
    transactions = 0;
    failedTransactions = 0;
    for (LatencyStats[] row : stats) {
      for (LatencyStats s : row) {
        s.reset();
      }
    }
  }

  /**
   * @return workload operations completed in the window (one {@code doTransaction} or
   *     {@code doInsert} each, however many database calls it made: a read-modify-write is one)
   */
  public long operations() {
    return transactions;
  }

  /** @return workload operations of which at least one database call failed */
  public long failedOperations() {
    return failedTransactions;
  }

  /**
   * @param outcome OK, FAILED or INTENDED
   * @return the figures of all database calls (every kind for which {@link Operation#isCall()})
   *     together, as a new object
   */
  public LatencyStats all(Outcome outcome) {
    LatencyStats sum = new LatencyStats();
    for (Operation op : Operation.all()) {
      if (op.isCall()) {
        sum.add(get(op, outcome));
      }
    }
    return sum;
  }
}
