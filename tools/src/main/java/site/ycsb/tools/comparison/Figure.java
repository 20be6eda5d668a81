package site.ycsb.tools.comparison;

import java.util.Locale;
import site.ycsb.measurements.Operation;

/**
 * One figure runs are compared on: the throughput, the failure rate, or a latency statistic of a
 * section ({@code READ.mean}, {@code READ.p99}, {@code Intended-UPDATE.p99.9}, {@code SCAN.max}).
 *
 * @param name as the output and {@code --fail-on} write it
 * @param kind what it measures
 * @param section the latency section, or null for throughput and failures
 * @param percentile the percentile of a {@link Kind#PERCENTILE}, else NaN
 */
public record Figure(String name, Kind kind, String section, double percentile) {
  /** What a figure measures. */
  public enum Kind {
    /** Workload operations per second over the measured window. */
    THROUGHPUT,
    /** Failed database calls in percent of all calls. */
    FAILURES,
    /** Mean latency of a section. */
    MEAN,
    /** A percentile latency of a section. */
    PERCENTILE,
    /** Largest latency of a section. */
    MAX
  }

  /** The percentiles every comparison shows. */
  static final double[] SHOWN_PERCENTILES = {50, 99, 99.9};

  /** @return the throughput figure */
  public static Figure throughput() {
    return new Figure("throughput", Kind.THROUGHPUT, null, Double.NaN);
  }

  /** @return the failure-rate figure */
  public static Figure failures() {
    return new Figure("failures", Kind.FAILURES, null, Double.NaN);
  }

  /** @return the mean latency of a section */
  public static Figure mean(String section) {
    return new Figure(section + ".mean", Kind.MEAN, section, Double.NaN);
  }

  /** @return the maximum latency of a section */
  public static Figure max(String section) {
    return new Figure(section + ".max", Kind.MAX, section, Double.NaN);
  }

  /** @return a percentile latency of a section, e.g. 99.9 */
  public static Figure percentile(String section, double p) {
    return new Figure(section + ".p" + number(p), Kind.PERCENTILE, section, p);
  }

  /** @return whether a higher value is the worse one (latencies, failures) */
  public boolean higherIsWorse() {
    return kind != Kind.THROUGHPUT;
  }

  /** @return whether it is a latency, in microseconds */
  public boolean isLatency() {
    return section != null;
  }

  /** @return the unit of its values: {@code us}, {@code ops/s} or {@code %} */
  public String unit() {
    switch (kind) {
      case THROUGHPUT:
        return "ops/s";
      case FAILURES:
        return "%";
      default:
        return "us";
    }
  }

  /**
   * @param text {@code throughput}, {@code failures} or {@code SECTION.STATISTIC} (mean, avg, max, pN)
   * @return the figure
   * @throws IllegalArgumentException when it names no figure
   */
  public static Figure parse(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    if ("throughput".equals(lower)) {
      return throughput();
    }
    if ("failures".equals(lower)) {
      return failures();
    }
    int dot = text.indexOf('.');
    if (dot <= 0) {
      throw new IllegalArgumentException("'" + text + "' is not a figure: expected throughput, failures or"
          + " SECTION.STATISTIC such as READ.p99, UPDATE.mean, Intended-READ.p99.9, SCAN.max");
    }
    String section = section(text.substring(0, dot), text);
    String stat = lower.substring(dot + 1);
    if ("mean".equals(stat) || "avg".equals(stat)) {
      return mean(section);
    }
    if ("max".equals(stat)) {
      return max(section);
    }
    if (stat.startsWith("p")) {
      try {
        double p = Double.parseDouble(stat.substring(1));
        if (p > 0 && p < 100) {
          return percentile(section, p);
        }
      } catch (NumberFormatException e) {
        // said below
      }
    }
    throw new IllegalArgumentException("'" + text + "': '" + stat + "' is not a statistic: expected mean, max or a"
        + " percentile p0.1 .. p99.999 (p50, p99, p99.9)");
  }

  private static String section(String name, String text) {
    boolean intended = name.toLowerCase(Locale.ROOT).startsWith("intended-");
    String op = (intended ? name.substring("intended-".length()) : name).toUpperCase(Locale.ROOT);
    Operation o = Operation.fromLabel(op);
    if (o == null || !(o.isCall() || o == Operation.READ_MODIFY_WRITE)) {
      throw new IllegalArgumentException("'" + text + "': '" + name + "' is not an operation: expected READ, UPDATE,"
          + " INSERT, SCAN, READ-MODIFY-WRITE or DELETE, with Intended- before it for the latency from the intended"
          + " start");
    }
    return (intended ? "Intended-" : "") + o.label();
  }

  private static String number(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
