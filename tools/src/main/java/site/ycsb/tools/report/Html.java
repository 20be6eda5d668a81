package site.ycsb.tools.report;

import java.util.Locale;

/** Escaping and number formatting for the generated page. */
final class Html {
  private Html() {
  }

  /** @return {@code s} safe to place in element text and in double-quoted attributes */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** @return a pixel coordinate with one decimal, which is as fine as a screen shows */
  static String px(double v) {
    long tenths = Math.round(v * 10);
    return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
  }

  /** @return a data value with four significant digits, compact enough to embed many of them */
  static String value(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    String s = String.format(Locale.ROOT, "%.4g", v);
    if (s.contains("e") || s.contains("E")) {
      return s;
    }
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  /** @return a table figure: integers as they are, fractions with up to three decimals */
  static String figure(double v) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) v);
    }
    String s = String.format(Locale.ROOT, "%,.3f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
