package site.ycsb.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.results.ResultLine;

/**
 * The {@code [SLO]} section of a summary and the messages of broken thresholds. Every value is a
 * number, as in every other section: per threshold its measured figure, its limit and 1/0 for
 * passed, named {@code <threshold>:Measured(<unit>)}, {@code <threshold>:Limit(<unit>)} and
 * {@code <threshold>:Passed}; per-interval thresholds add {@code <threshold>:Intervals} and measure
 * the share of intervals that met them.
 */
public final class SloLines {
  /** The section name. */
  public static final String SECTION = "SLO";

  private SloLines() {
  }

  /**
   * @param verdicts the verdicts, in threshold order
   * @param aborted whether {@code slo.abort} ended the run early
   * @return the section's lines
   */
  public static List<ResultLine> lines(List<Verdict> verdicts, boolean aborted) {
    List<ResultLine> out = new ArrayList<>();
    long broken = verdicts.stream().filter(v -> !v.passed()).count();
    out.add(new ResultLine(SECTION, "Thresholds", (long) verdicts.size()));
    out.add(new ResultLine(SECTION, "Broken", broken));
    out.add(new ResultLine(SECTION, "Passed", broken == 0 ? 1L : 0L));
    out.add(new ResultLine(SECTION, "Aborted", aborted ? 1L : 0L));
    for (Verdict v : verdicts) {
      String name = v.threshold().text();
      if (!Double.isNaN(v.measured())) {
        out.add(new ResultLine(SECTION, name + ":Measured(" + v.unit() + ")", round3(v.measured())));
      }
      out.add(new ResultLine(SECTION, name + ":Limit(" + v.unit() + ")", round3(v.limit())));
      if (v.threshold().perInterval()) {
        out.add(new ResultLine(SECTION, name + ":Intervals", v.intervals()));
      }
      out.add(new ResultLine(SECTION, name + ":Passed", v.passed() ? 1L : 0L));
    }
    return out;
  }

  /** @return one readable line per broken threshold, for stderr */
  public static List<String> brokenMessages(List<Verdict> verdicts) {
    List<String> out = new ArrayList<>();
    for (Verdict v : verdicts) {
      if (!v.passed()) {
        out.add("SLO BROKEN: " + v.threshold().text() + ": " + explain(v));
      }
    }
    return out;
  }

  /** @return what was measured against what was required, in words */
  public static String explain(Verdict v) {
    Threshold t = v.threshold();
    if (t.perInterval()) {
      if (v.intervals() == 0) {
        return "no interval could be checked (no " + what(t) + " was measured)";
      }
      return "met in " + v.metIntervals() + " of " + v.intervals() + " intervals (" + num(v.measured())
          + "%), at least " + num(v.limit()) + "% required";
    }
    if (Double.isNaN(v.measured())) {
      return "no " + what(t) + " was measured, so it cannot be said to be met";
    }
    return "measured " + num(v.measured()) + " " + v.unit() + ", required " + t.comparison().symbol() + " "
        + num(v.limit()) + " " + v.unit();
  }

  private static String what(Threshold t) {
    switch (t.figure()) {
      case LATENCY:
        return t.section() + " operation";
      case FAILURES:
        return "database call";
      default:
        return "operation";
    }
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, v == Math.rint(v) && Math.abs(v) < 1e15 ? "%.0f" : "%.3f", v);
  }

  private static double round3(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }
}
