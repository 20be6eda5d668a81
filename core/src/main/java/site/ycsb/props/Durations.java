package site.ycsb.props;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them on command lines and in plan files: {@code 90s}, {@code 1.5m},
 * {@code 250ms}, {@code 2h}; a plain number is seconds.
 */
public final class Durations {
  private static final Pattern DURATION = Pattern.compile("([0-9]{1,12}(?:\\.[0-9]+)?)\\s*(ms|s|m|h)?");

  private Durations() {
  }

  /**
   * @param millis a duration in milliseconds
   * @return it as a person reads it: {@code 45 s}, {@code 12 min 5 s}, {@code 3 h 20 min}, {@code 364 days 23 h}
   */
  public static String describe(long millis) {
    long s = Math.max(0, millis) / 1000;
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min " + s % 60 + " s";
    }
    if (s < 86_400) {
      return s / 3600 + " h " + s % 3600 / 60 + " min";
    }
    return s / 86_400 + (s / 86_400 == 1 ? " day " : " days ") + s % 86_400 / 3600 + " h";
  }

  /**
   * @param text the duration
   * @return it in milliseconds (rounded), or -1 when it is not a duration
   */
  public static long millis(String text) {
    Matcher m = DURATION.matcher(text.trim());
    if (!m.matches()) {
      return -1;
    }
    double x = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double factor = "ms".equals(unit) ? 1 : "s".equals(unit) ? 1000 : "m".equals(unit) ? 60_000 : 3_600_000;
    return Math.round(x * factor);
  }
}
