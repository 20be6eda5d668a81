package site.ycsb.measurements;

/**
 * Everything one worker (or, once summed, all workers) recorded over one span of time: latency
 * figures per operation and outcome.
 */
public final class IntervalStats {
  private final LatencyStats[][] stats;

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

  /** Adds everything in {@code other} to this. */
  public void add(IntervalStats other) {
    for (int o = 0; o < stats.length; o++) {
      for (int k = 0; k < stats[o].length; k++) {
        stats[o][k].add(other.stats[o][k]);
      }
    }
  }

  void reset() {
    for (LatencyStats[] row : stats) {
      for (LatencyStats s : row) {
        s.reset();
      }
    }
  }

  /** @return operations recorded, successful and failed, over all operation kinds except VERIFY */
  public long operations() {
    long n = 0;
    for (Operation op : Operation.all()) {
      if (op != Operation.VERIFY) {
        n += get(op, Outcome.OK).count() + get(op, Outcome.FAILED).count();
      }
    }
    return n;
  }

  /** @return failed operations over all operation kinds except VERIFY */
  public long failedOperations() {
    long n = 0;
    for (Operation op : Operation.all()) {
      if (op != Operation.VERIFY) {
        n += get(op, Outcome.FAILED).count();
      }
    }
    return n;
  }

  /**
   * @param outcome OK, FAILED or INTENDED
   * @return the figures of all operation kinds (except VERIFY) together, as a new object
   */
  public LatencyStats all(Outcome outcome) {
    LatencyStats sum = new LatencyStats();
    for (Operation op : Operation.all()) {
      if (op != Operation.VERIFY) {
        sum.add(get(op, outcome));
      }
    }
    return sum;
  }
}
