package site.ycsb.measurements;

import java.util.Map;

/**
 * Everything one worker (or, once summed, all workers) recorded over one span of time: latency
 * figures per operation and outcome.
 */
public final class IntervalStats {
  private final LatencyStats[][] stats;
  /** Failed calls per operation and return code, created when a code is first tracked. */
  private final ErrorCodeStats[] byErrorCode;
  /** Every call of the interval, only when raw output was asked for. */
  private final RawSamples raw;
  /** What bindings and workloads recorded under names of their own ({@link Measurements}). */
  private final NamedFigures named = new NamedFigures();
  private long transactions;
  private long failedTransactions;
  /** Operations the throttle's schedule offered in this span (its profile's integral); 0 without one. */
  private double intendedOperations;

  public IntervalStats() {
    this(false);
  }

  /** @param keepRawSamples whether this interval keeps every call for the raw output */
  public IntervalStats(boolean keepRawSamples) {
    raw = keepRawSamples ? new RawSamples() : null;
    Operation[] ops = Operation.all();
    byErrorCode = new ErrorCodeStats[ops.length];
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

  LatencyStats atErrorCode(int op, String code) {
    ErrorCodeStats e = byErrorCode[op];
    if (e == null) {
      e = new ErrorCodeStats();
      byErrorCode[op] = e;
    }
    return e.of(code);
  }

  RawSamples raw() {
    return raw;
  }

  LatencyStats namedAt(String name, boolean intended) {
    return named.of(name, intended);
  }

  /**
   * @param intended false for the figures from the actual start ({@code [NAME]}), true for those
   *     from the intended start ({@code [Intended-NAME]})
   * @return what bindings and workloads recorded under names of their own through
   *     {@link Measurements}, by name, in the order names were first seen
   */
  public Map<String, LatencyStats> named(boolean intended) {
    return named.view(intended);
  }

  /**
   * @param name a name a binding recorded under
   * @param intended whether the figures from the intended start are meant
   * @return its figures, created when absent (merging results read back from files)
   */
  public LatencyStats namedFigures(String name, boolean intended) {
    return named.of(name, intended);
  }

  /**
   * @param op the operation
   * @return its failed calls per return code, for the codes tracked ({@code reportlatencyforeacherror},
   *     {@code latencytrackederrors}); empty when none is
   */
  public Map<String, LatencyStats> byErrorCode(Operation op) {
    ErrorCodeStats e = byErrorCode[op.ordinal()];
    return e == null ? Map.of() : e.view();
  }

  /**
   * @param op the operation
   * @param code a return code
   * @return the figures of the failed calls of {@code op} with {@code code}, created when absent
   *     (merging results read back from files)
   */
  public LatencyStats errorCode(Operation op, String code) {
    return atErrorCode(op.ordinal(), code);
  }

  /** @return the calls of this interval one by one, or null when raw output was not asked for */
  public RawSamples rawSamples() {
    return raw;
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

  /**
   * Adds operations the throttle's schedule offered (the intended load; merging adds the clients').
   *
   * @param offered operations, possibly fractional: the profile's integral over the span
   */
  public void addIntendedOperations(double offered) {
    intendedOperations += offered;
  }

  /** @return operations the throttle's schedule offered in this span; 0 without a throttle */
  public double intendedOperations() {
    return intendedOperations;
  }

  /** Adds everything in {@code other} to this. */
  public void add(IntervalStats other) {
    transactions += other.transactions;
    failedTransactions += other.failedTransactions;
    intendedOperations += other.intendedOperations;
    for (int o = 0; o < stats.length; o++) {
      for (int k = 0; k < stats[o].length; k++) {
        stats[o][k].add(other.stats[o][k]);
      }
      if (other.byErrorCode[o] != null) {
        if (byErrorCode[o] == null) {
          byErrorCode[o] = new ErrorCodeStats();
        }
        byErrorCode[o].add(other.byErrorCode[o]);
      }
    }
    named.add(other.named);
    // running totals have no raw buffer: the calls go to the raw file once, never accumulate
    if (raw != null && other.raw != null) {
      raw.addAll(other.raw);
    }
  }

  /**
   * Empties this for the next interval, keeping the memory its figures grew to: a span that is
   * summed up again and again is reset rather than made anew, so that sampling writes no new
   * memory each time (at a low rate, the largest cost of sampling).
   */
  public void reset() {
    transactions = 0;
    failedTransactions = 0;
    intendedOperations = 0;
    for (LatencyStats[] row : stats) {
      for (LatencyStats s : row) {
        s.reset();
      }
    }
    for (ErrorCodeStats e : byErrorCode) {
      if (e != null) {
        e.reset();
      }
    }
    named.reset();
    if (raw != null) {
      raw.clear();
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
  /** @return bytes written by the successful calls of this span (values of updates and inserts) */
  public long bytesWritten() {
    long sum = 0;
    for (Operation op : Operation.all()) {
      if (op.writes()) {
        sum += get(op, Outcome.OK).bytes();
      }
    }
    return sum;
  }

  /** @return bytes read by the successful calls of this span (values returned by reads and scans) */
  public long bytesRead() {
    long sum = 0;
    for (Operation op : Operation.all()) {
      if (op.reads()) {
        sum += get(op, Outcome.OK).bytes();
      }
    }
    return sum;
  }

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
