package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * One axis of a chart: maps data values onto a pixel range, linearly or by powers of ten, and
 * chooses round tick values so a reader can read figures off the chart.
 */
final class Axis {
  /** Formats plain numbers with at most three significant digits, e.g. {@code 1.25k}. */
  static final DoubleFunction<String> NUMBER = Axis::compact;
  /** Formats microseconds as µs, ms or s, whichever reads best. */
  static final DoubleFunction<String> MICROS = Axis::micros;
  /** Formats percentages. */
  static final DoubleFunction<String> PERCENT = v -> compact(v) + "%";

  private final boolean log;
  private final double min;
  private final double max;
  private final List<Double> ticks;
  private final DoubleFunction<String> format;
  private double pixelFrom;
  private double pixelTo;

  private Axis(boolean log, double min, double max, List<Double> ticks, DoubleFunction<String> format) {
    this.log = log;
    this.min = min;
    this.max = max;
    this.ticks = ticks;
    this.format = format;
  }

  /**
   * A linear axis covering {@code [lo, hi]} widened to round tick values.
   *
   * @param fromZero whether the axis starts at zero whatever the data, as throughput should
   */
  static Axis linear(double lo, double hi, boolean fromZero, DoubleFunction<String> format) {
    if (fromZero) {
      lo = Math.min(0, lo);
    }
    if (!(hi > lo)) {
      hi = lo + (lo == 0 ? 1 : Math.abs(lo) * 0.1);
    }
    double step = niceStep((hi - lo) / 5);
    double start = Math.floor(lo / step) * step;
    double end = Math.ceil(hi / step) * step;
    List<Double> ticks = new ArrayList<>();
    for (int i = 0; start + i * step <= end + step * 1e-9; i++) {
      ticks.add(round(start + i * step, step));
    }
    return new Axis(false, start, end, ticks, format);
  }

  /**
   * A base-ten logarithmic axis from the nearest 1, 2 or 5 times a power of ten at or below
   * {@code lo} to the nearest at or above {@code hi}; both must be positive. Ticks sit at powers of
   * ten, and at 2 and 5 times them when the range spans few powers.
   */
  static Axis log(double lo, double hi, DoubleFunction<String> format) {
    if (!(lo > 0)) {
      lo = hi > 0 ? hi / 10 : 1;
    }
    if (!(hi > lo)) {
      hi = lo * 10;
    }
    double start = roundDown125(lo);
    double end = roundUp125(hi);
    if (end <= start) {
      end = roundUp125(start * 1.01);
    }
    boolean fine = Math.log10(end / start) <= 3.01;
    List<Double> ticks = new ArrayList<>();
    for (int d = (int) Math.floor(Math.log10(start)); Math.pow(10, d) <= end * 1.0001; d++) {
      for (double m : fine ? new double[] {1, 2, 5} : new double[] {1}) {
        double t = m * Math.pow(10, d);
        if (t >= start * 0.9999 && t <= end * 1.0001) {
          ticks.add(t);
        }
      }
    }
    return new Axis(true, start, end, ticks, format);
  }

  private static double roundDown125(double v) {
    double decade = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    double f = v / decade;
    return (f >= 5 - 1e-9 ? 5 : f >= 2 - 1e-9 ? 2 : 1) * decade;
  }

  private static double roundUp125(double v) {
    double decade = Math.pow(10, Math.floor(Math.log10(v) - 1e-9));
    double f = v / decade;
    return (f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10) * decade;
  }

  /** Sets the pixel positions of the axis ends ({@code from} is where {@link #min()} lands). */
  void place(double from, double to) {
    this.pixelFrom = from;
    this.pixelTo = to;
  }

  /** @return the pixel position of {@code v}, clamped to the axis */
  double pixel(double v) {
    double f;
    if (log) {
      f = v > 0 ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min)) : 0;
    } else {
      f = (v - min) / (max - min);
    }
    f = Math.max(0, Math.min(1, f));
    return pixelFrom + f * (pixelTo - pixelFrom);
  }

  /** @return whether {@code v} can be drawn on this axis */
  boolean accepts(double v) {
    return Double.isFinite(v) && (!log || v > 0);
  }

  boolean isLog() {
    return log;
  }

  double min() {
    return min;
  }

  double max() {
    return max;
  }

  List<Double> ticks() {
    return ticks;
  }

  String format(double v) {
    return format.apply(v);
  }

  private static double niceStep(double rough) {
    double decade = Math.pow(10, Math.floor(Math.log10(rough)));
    double f = rough / decade;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
    return nice * decade;
  }

  /** Removes the floating-point noise that repeated addition leaves in tick values. */
  private static double round(double v, double step) {
    double unit = Math.pow(10, Math.floor(Math.log10(step)) - 3);
    return Math.round(v / unit) * unit;
  }

  /** @return {@code v} with at most three significant digits and a k/M suffix for large values */
  static String compact(double v) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    double a = Math.abs(v);
    if (a >= 1e6) {
      return significant(v / 1e6) + "M";
    }
    if (a >= 1e4) {
      return significant(v / 1e3) + "k";
    }
    return significant(v);
  }

  static String micros(double us) {
    double a = Math.abs(us);
    if (a >= 1e6) {
      return significant(us / 1e6) + " s";
    }
    if (a >= 1e3) {
      return significant(us / 1e3) + " ms";
    }
    return significant(us) + " µs";
  }

  /** Three significant digits (more for large integers), without trailing zeros. */
  static String significant(double v) {
    if (v == 0) {
      return "0";
    }
    double a = Math.abs(v);
    int decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : Math.min(6, 2 - (int) Math.floor(Math.log10(a)));
    String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
    if (s.contains(".")) {
      s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return s;
  }
}
