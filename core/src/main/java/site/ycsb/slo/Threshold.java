package site.ycsb.slo;

import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;

/**
 * One requirement of a service-level objective, such as {@code READ.p99<5ms}: a figure of the
 * measured operations, a comparison and a limit, checked over the whole measured window or, with
 * a share, in that share of the time-series intervals. Figures are kept in the units the summary
 * prints: latencies in microseconds, failures in percent, throughput in operations per second.
 *
 * @param text the threshold as it is shown, e.g. {@code READ.p99<5ms in 95% of intervals}
 * @param figure what is measured
 * @param operation the operation of a latency figure, or null for all database calls ({@code ALL})
 * @param intended whether a latency counts from the intended start ({@code Intended-READ})
 * @param statistic for a latency: {@code p99.9}, {@code mean} or {@code max}
 * @param percentile the percentile of a {@code pN} statistic, else NaN
 * @param comparison how the measured figure must relate to the limit
 * @param limit the limit, in the figure's unit
 * @param intervalShare the share of intervals (0..1] that must meet it, or 0 for the whole window
 */
public record Threshold(String text, Figure figure, Operation operation, boolean intended, String statistic,
                        double percentile, Comparison comparison, double limit, double intervalShare) {

  /** What a threshold measures. */
  public enum Figure {
    /** a latency statistic of one section, in microseconds */
    LATENCY("us"),
    /** failed database calls among all calls, in percent */
    FAILURES("%"),
    /** workload operations per second */
    THROUGHPUT("ops/sec");

    private final String unit;

    Figure(String unit) {
      this.unit = unit;
    }

    /** @return the unit of the figure as result lines name it */
    public String unit() {
      return unit;
    }
  }

  /** The comparison a measured figure must pass. */
  public enum Comparison {
    BELOW("<"), AT_MOST("<="), ABOVE(">"), AT_LEAST(">=");

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    /** @return whether {@code measured} meets {@code limit} */
    public boolean holds(double measured, double limit) {
      switch (this) {
        case BELOW:
          return measured < limit;
        case AT_MOST:
          return measured <= limit;
        case ABOVE:
          return measured > limit;
        default:
          return measured >= limit;
      }
    }

    /** @return whether a larger figure is the better one (throughput), so the pessimistic side is the low one */
    public boolean largerIsBetter() {
      return this == ABOVE || this == AT_LEAST;
    }
  }

  /** @return whether it is checked interval by interval */
  public boolean perInterval() {
    return intervalShare > 0;
  }

  /** @return the section a latency threshold reads, e.g. {@code Intended-READ} or {@code ALL} */
  public String section() {
    String op = operation == null ? "ALL" : operation.label();
    return intended ? "Intended-" + op : op;
  }

  /**
   * @param stats what was measured over a span of time
   * @param nanos the length of that span
   * @return the figure over that span, or NaN when there is nothing to measure it on (no operation
   *     of the kind, no call at all, a span of no length)
   */
  public double measure(IntervalStats stats, long nanos) {
    switch (figure) {
      case THROUGHPUT:
        return nanos > 0 ? stats.operations() / (nanos / 1e9) : Double.NaN;
      case FAILURES: {
        long calls = 0;
        long failed = 0;
        for (Operation op : Operation.all()) {
          if (op.isCall()) {
            failed += stats.get(op, Outcome.FAILED).count();
            calls += stats.get(op, Outcome.OK).count() + stats.get(op, Outcome.FAILED).count();
          }
        }
        return calls > 0 ? 100.0 * failed / calls : Double.NaN;
      }
      default:
        return latencyMicros(latencies(stats));
    }
  }

  /** @return the latencies the threshold reads, a new object when several sections are added up */
  LatencyStats latencies(IntervalStats stats) {
    Outcome outcome = intended ? Outcome.INTENDED : Outcome.OK;
    if (operation != null) {
      return stats.get(operation, outcome);
    }
    LatencyStats all = stats.all(outcome);
    if (intended) {
      // operations due that never completed waited at least this long: leaving them out would
      // let an overloaded run look faster than it was
      all.add(stats.get(Operation.UNFINISHED, Outcome.INTENDED));
    }
    return all;
  }

  private double latencyMicros(LatencyStats s) {
    if (s.count() == 0) {
      return Double.NaN;
    }
    switch (statistic) {
      case "mean":
        return s.meanNanos() / 1000.0;
      case "max":
        return s.maxNanos() / 1000.0;
      default:
        return s.percentileNanos(percentile) / 1000.0;
    }
  }

  /** @return whether a measured figure meets the limit; a figure that could not be measured does not */
  public boolean met(double measured) {
    return !Double.isNaN(measured) && comparison.holds(measured, limit);
  }
}
