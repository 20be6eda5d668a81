package site.ycsb.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsb.measurements.Operation;

/**
 * Reads the {@code slo} property: thresholds separated by commas, each
 * {@code FIGURE COMPARISON LIMIT [in SHARE%]}, where FIGURE is {@code SECTION.STATISTIC}
 * ({@code READ.p99}, {@code Intended-ALL.p99.9}, {@code UPDATE.mean}, {@code SCAN.max}),
 * {@code failures} or {@code throughput}. Latency limits carry a unit (us, ms, s), failures a
 * percent sign, throughput optionally {@code ops/s}.
 */
public final class ThresholdParser {
  private static final String EXAMPLE = "expected thresholds such as READ.p99<5ms, Intended-ALL.p99.9<=20ms,"
      + " failures<0.1%, throughput>=5000, UPDATE.p99<10ms in 95%";
  private static final Pattern THRESHOLD = Pattern.compile(
      "(?<figure>[A-Za-z][A-Za-z0-9_.-]*?)\\s*(?<cmp><=|>=|<|>)\\s*(?<value>-?[0-9]+(?:\\.[0-9]+)?)\\s*"
          + "(?<unit>us|ms|s|%|ops/s|ops/sec)?(?:\\s+in\\s+(?<share>[0-9]+(?:\\.[0-9]+)?)\\s*%(?:\\s+of\\s+(?:the\\s+)?"
          + "intervals)?)?");
  private static final Pattern LATENCY = Pattern.compile("(?i)(?<section>[A-Za-z-]+)\\.(?<stat>p[0-9]+(?:\\.[0-9]+)?"
      + "|mean|avg|max)");

  private ThresholdParser() {
  }

  /**
   * @param text the property's value
   * @return its thresholds, in the order given
   * @throws IllegalArgumentException naming the threshold that is wrong and what was expected
   */
  public static List<Threshold> parse(String text) {
    List<Threshold> out = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String t = part.trim();
      if (t.isEmpty()) {
        throw new IllegalArgumentException("'" + text.trim() + "' has an empty threshold between commas; "
            + EXAMPLE);
      }
      Threshold threshold = one(t);
      ThresholdBounds.check(t, threshold);
      out.add(threshold);
    }
    return out;
  }

  private static Threshold one(String t) {
    Matcher m = THRESHOLD.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + t + "' is not a threshold; " + EXAMPLE);
    }
    String figure = m.group("figure");
    Threshold.Comparison cmp = comparison(m.group("cmp"));
    String valueText = m.group("value");
    double value = Double.parseDouble(valueText);
    String unit = m.group("unit");
    double share = 0;
    String shareText = "";
    if (m.group("share") != null) {
      share = Double.parseDouble(m.group("share")) / 100.0;
      if (share <= 0 || share > 1) {
        throw new IllegalArgumentException("'" + t + "': the share of intervals must be above 0% and at most 100%: expected e.g. in 95%");
      }
      shareText = " in " + m.group("share") + "% of intervals";
    }
    String lower = figure.toLowerCase(Locale.ROOT);
    if ("failures".equals(lower)) {
      if (!"%".equals(unit)) {
        throw new IllegalArgumentException("'" + t + "': a failure rate is a percentage: expected e.g. failures<0.1%");
      }
      return new Threshold("failures" + cmp.symbol() + valueText + "%" + shareText, Threshold.Figure.FAILURES, null,
          false, "", Double.NaN, cmp, value, share);
    }
    if ("throughput".equals(lower)) {
      if (unit != null && !unit.startsWith("ops")) {
        throw new IllegalArgumentException("'" + t + "': throughput is in operations per second: expected e.g."
            + " throughput>=5000");
      }
      return new Threshold("throughput" + cmp.symbol() + valueText + shareText, Threshold.Figure.THROUGHPUT, null,
          false, "", Double.NaN, cmp, value, share);
    }
    Matcher l = LATENCY.matcher(figure);
    if (!l.matches()) {
      throw new IllegalArgumentException("'" + t + "': '" + figure + "' is not a figure: expected SECTION.p99,"
          + " SECTION.mean or SECTION.max (SECTION one of READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE, DELETE, ALL,"
          + " or Intended- before one of them), failures or throughput");
    }
    String section = l.group("section");
    boolean intended = section.toLowerCase(Locale.ROOT).startsWith("intended-");
    String opName = (intended ? section.substring("intended-".length()) : section).toUpperCase(Locale.ROOT);
    Operation op = null;
    if (!"ALL".equals(opName)) {
      op = Operation.fromLabel(opName);
      if (op == null || !(op.isCall() || op == Operation.READ_MODIFY_WRITE)) {
        throw new IllegalArgumentException("'" + t + "': '" + section + "' is not an operation: expected READ, UPDATE,"
            + " INSERT, SCAN, READ-MODIFY-WRITE, DELETE or ALL, with Intended- before it for the latency from the"
            + " intended start");
      }
    }
    String stat = l.group("stat").toLowerCase(Locale.ROOT);
    double percentile = Double.NaN;
    if ("avg".equals(stat)) {
      stat = "mean";
    }
    if (stat.startsWith("p")) {
      percentile = Double.parseDouble(stat.substring(1));
      if (percentile <= 0 || percentile > 100) {
        throw new IllegalArgumentException("'" + t + "': " + stat + " is not a percentile: expected p0.1 .. p100,"
            + " e.g. p99 or p99.9");
      }
    }
    double factor = unit == null ? Double.NaN : "us".equals(unit) ? 1 : "ms".equals(unit) ? 1000
        : "s".equals(unit) ? 1_000_000 : Double.NaN;
    if (Double.isNaN(factor)) {
      throw new IllegalArgumentException("'" + t + "': a latency limit needs a unit: expected us, ms or s, e.g. "
          + section + "." + stat + "<5ms");
    }
    String shown = (intended ? "Intended-" : "") + opName + "." + stat;
    return new Threshold(shown + cmp.symbol() + valueText + unit + shareText, Threshold.Figure.LATENCY, op, intended,
        stat, percentile, cmp, value * factor, share);
  }

  private static Threshold.Comparison comparison(String symbol) {
    for (Threshold.Comparison c : Threshold.Comparison.values()) {
      if (c.symbol().equals(symbol)) {
        return c;
      }
    }
    throw new IllegalStateException(symbol);
  }
}
