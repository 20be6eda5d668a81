package site.ycsb.tools.comparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One threshold of {@code compare --fail-on}: how much worse than the baseline a figure of the
 * candidate may be. {@code READ.p99>+10%} fails when the candidate's p99 is more than 10% above the
 * baseline's; {@code throughput<-5%} when its throughput is more than 5% below. A limit is relative
 * ({@code %} of the baseline's figure) or in the figure's units: {@code READ.p99>+2ms} (us, ms, s),
 * {@code throughput<-500ops/s}, and a failure rate in percentage points, {@code failures>+0.1pp}.
 *
 * @param text as given, trimmed
 * @param figure the figure it judges
 * @param higherFails whether a rise fails it ({@code >}, {@code >=}); else a fall does
 * @param inclusive whether the limit itself fails ({@code >=}, {@code <=})
 * @param limit the limit: percent when {@code relative}, else in the figure's units (us, ops/s, percentage points)
 * @param relative whether the limit is in percent of the baseline's figure
 */
public record GateThreshold(String text, Figure figure, boolean higherFails, boolean inclusive, double limit,
                            boolean relative) {
  private static final String EXAMPLE = "expected e.g. 'throughput<-5%, READ.p99>+10%, UPDATE.mean>+2ms,"
      + " failures>+0.1pp'";
  private static final Pattern THRESHOLD = Pattern.compile("(?<figure>[A-Za-z][A-Za-z0-9_.-]*?)\\s*"
      + "(?<cmp><=|>=|<|>)\\s*(?<value>[+-]?[0-9]+(?:\\.[0-9]+)?)\\s*(?<unit>%|pp|us|ms|s|ops/s|ops/sec)?");

  /**
   * @param text thresholds separated by commas
   * @return them, in the order given
   * @throws IllegalArgumentException naming the threshold that is wrong and what was expected
   */
  public static List<GateThreshold> parse(String text) {
    List<GateThreshold> out = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String t = part.trim();
      if (t.isEmpty()) {
        throw new IllegalArgumentException("--fail-on '" + text.trim() + "' has an empty threshold; " + EXAMPLE);
      }
      out.add(one(t));
    }
    return out;
  }

  private static GateThreshold one(String t) {
    Matcher m = THRESHOLD.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException("--fail-on: '" + t + "' is not a threshold; " + EXAMPLE);
    }
    Figure figure;
    try {
      figure = Figure.parse(m.group("figure"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--fail-on: " + e.getMessage());
    }
    String cmp = m.group("cmp");
    boolean higherFails = cmp.startsWith(">");
    double value = Double.parseDouble(m.group("value"));
    String unit = m.group("unit");
    if (unit == null) {
      throw new IllegalArgumentException("--fail-on: '" + t + "' needs a unit: % of the baseline's figure"
          + unitsOf(figure));
    }
    if (higherFails ? value < 0 : value > 0) {
      throw new IllegalArgumentException("--fail-on: '" + t + "': a limit on a " + (higherFails ? "rise" : "fall")
          + " is " + (higherFails ? "0 or more, e.g. " + figure.name() + cmp + "+10%" : "0 or less, e.g. "
          + figure.name() + cmp + "-5%"));
    }
    boolean relative = "%".equals(unit);
    double limit = value;
    if (figure.kind() == Figure.Kind.FAILURES) {
      if (!"pp".equals(unit)) {
        throw new IllegalArgumentException("--fail-on: '" + t + "': a failure rate changes in percentage points"
            + " (the baseline's rate is often 0): expected e.g. failures>+0.1pp");
      }
    } else if (figure.kind() == Figure.Kind.THROUGHPUT) {
      if (!relative && !unit.startsWith("ops")) {
        throw new IllegalArgumentException("--fail-on: '" + t + "': a limit on throughput is in % or ops/s");
      }
    } else if (!relative) {
      double factor = switch (unit) {
        case "us" -> 1;
        case "ms" -> 1000;
        case "s" -> 1_000_000;
        default -> throw new IllegalArgumentException("--fail-on: '" + t + "': a limit on a latency is in %, us,"
            + " ms or s");
      };
      limit = value * factor;
    }
    String shown = figure.name() + cmp + (value >= 0 && higherFails ? "+" : "") + m.group("value").replaceFirst(
        "^\\+", "") + unit;
    return new GateThreshold(shown, figure, higherFails, cmp.length() == 2, limit, relative);
  }

  private static String unitsOf(Figure f) {
    switch (f.kind()) {
      case FAILURES:
        return " cannot judge a rate that is often 0: expected percentage points, e.g. failures>+0.1pp";
      case THROUGHPUT:
        return " or ops/s, e.g. throughput<-5%";
      default:
        return " or us, ms, s, e.g. " + f.name() + ">+10%";
    }
  }

  /** @return the limit as the output prints it: {@code +10%}, {@code +2000 us}, {@code -5%} */
  public String limitText() {
    String unit = relative ? "%" : figure.kind() == Figure.Kind.FAILURES ? " pp" : " " + figure.unit();
    return String.format(Locale.ROOT, "%+.6g", limit).replaceFirst("\\.?0+$", "").replaceFirst("\\.?0+e", "e")
        + unit;
  }
}
