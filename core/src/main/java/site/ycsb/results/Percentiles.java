package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.props.PropertyException;

/** The percentiles to report, and their names in results ({@code 99thPercentileLatency(us)}). */
public final class Percentiles {
  private Percentiles() {
  }

  /**
   * @param text comma-separated percentiles, e.g. {@code 50,90,99.9}
   * @return the values
   * @throws PropertyException when one is not a number in (0, 100]
   */
  public static double[] parse(String text) {
    List<Double> out = new ArrayList<>();
    for (String part : text.split(",")) {
      String t = part.trim();
      if (t.isEmpty()) {
        continue;
      }
      try {
        double v = Double.parseDouble(t);
        if (!(v > 0 && v <= 100)) {
          throw new NumberFormatException();
        }
        out.add(v);
      } catch (NumberFormatException e) {
        throw site.ycsb.props.PropertyException.invalid("hdrhistogram.percentiles", text,
            "comma-separated numbers in (0, 100], e.g. 50,95,99,99.9");
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * @param p a percentile
   * @return its metric name: an English ordinal for whole numbers (50th, 1st, 2nd, 3rd, 11th),
   *     the plain number otherwise (99.9)
   */
  public static String metricName(double p) {
    if (p == Math.rint(p)) {
      long n = (long) p;
      return n + ordinalSuffix(n) + "PercentileLatency(us)";
    }
    return stripZeros(p) + "PercentileLatency(us)";
  }

  private static String ordinalSuffix(long n) {
    long lastTwo = n % 100;
    if (lastTwo >= 11 && lastTwo <= 13) {
      return "th";
    }
    switch ((int) (n % 10)) {
      case 1:
        return "st";
      case 2:
        return "nd";
      case 3:
        return "rd";
      default:
        return "th";
    }
  }

  private static String stripZeros(double p) {
    String s = java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    return s;
  }
}
