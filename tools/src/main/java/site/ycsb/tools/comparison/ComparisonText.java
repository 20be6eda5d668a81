package site.ycsb.tools.comparison;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsb.tools.stats.Difference;

/**
 * Prints a comparison as a table: per figure the baseline's and the candidate's value, the change
 * (in percent of the baseline; a failure rate in percentage points), its confidence interval and
 * the verdict; then the answer for the comparison as a whole and each threshold of a gate.
 */
public final class ComparisonText {
  private ComparisonText() {
  }

  /**
   * @param out where the table goes
   * @param c the comparison
   * @param gate the gate, or null without {@code --fail-on}
   */
  public static void print(PrintStream out, Comparison c, Gate gate) {
    String level = percent(c.confidence());
    out.println("Is the difference real? B against A (the baseline), at " + level + " confidence");
    out.println("method: " + method(c));
    List<String[]> cells = new ArrayList<>();
    cells.add(new String[] {"figure", "A", "B", "change", level + " interval of the change", "verdict"});
    Map<String, Integer> reasons = new LinkedHashMap<>();
    for (Comparison.Row r : c.rows()) {
      Difference d = r.difference();
      String verdict = r.verdict().text();
      if (!d.known()) {
        int n = reasons.computeIfAbsent(d.unknown(), k -> reasons.size() + 1);
        verdict += " (" + n + ")";
      }
      cells.add(new String[] {r.figure().name() + " (" + r.figure().unit() + ")", value(d.baseline()),
          value(d.candidate()), change(r.figure(), d.estimate(), d.relative()), interval(r.figure(), d), verdict});
    }
    int columns = cells.get(0).length;
    // names and verdicts to the left, figures to the right
    TextTable.print(out, cells, i -> i == 0 || i == columns - 1);
    reasons.forEach((why, n) -> out.println("(" + n + ") " + why));
    Comparison.Overall overall = c.overall();
    if (overall.judged() == 0) {
      out.println("overall: cannot tell: no figure could be judged");
    } else if (!overall.differs()) {
      out.println("overall: no significant difference (no figure differs once the " + overall.judged()
          + " figures compared are allowed for)");
    } else {
      List<String> names = new ArrayList<>();
      overall.differing().forEach(r -> names.add(r.figure().name() + " " + r.verdict().text()));
      out.println("overall: different: " + String.join(", ", names) + " (" + overall.differing().size() + " of "
          + overall.judged() + " figures, allowing for " + overall.judged() + " comparisons)");
    }
    if (gate != null) {
      for (Gate.Judgement j : gate.judgements()) {
        out.println("fail-on " + line(j, true));
      }
    }
  }

  /**
   * Writes one line per threshold that is not met to stderr: {@code REGRESSION: ...} or
   * {@code INCONCLUSIVE: ...}.
   */
  public static void printGateProblems(PrintStream err, Gate gate) {
    for (Gate.Judgement j : gate.judgements()) {
      if (j.outcome() == Gate.Outcome.REGRESSION) {
        err.println("REGRESSION: " + line(j, false));
      } else if (j.outcome() == Gate.Outcome.INCONCLUSIVE) {
        err.println("INCONCLUSIVE: " + line(j, false));
      }
    }
  }

  /**
   * @param outcome whether to name the outcome
   * @return {@code READ.p99>+10%: +25.31% [+18.02%, +33.10%]: REGRESSION: why}
   */
  static String line(Gate.Judgement j, boolean outcome) {
    GateThreshold t = j.threshold();
    StringBuilder b = new StringBuilder(t.text()).append(": ");
    if (!Double.isNaN(j.change())) {
      String unit = t.relative() ? "%" : t.figure().kind() == Figure.Kind.FAILURES ? " pp" : " " + t.figure().unit();
      b.append(signed(j.change(), unit));
      if (!Double.isNaN(j.low())) {
        b.append(" [").append(signed(j.low(), unit)).append(", ").append(signed(j.high(), unit)).append(']');
      }
      b.append(": ");
    }
    return (outcome ? b.append(j.outcome().text()).append(": ") : b).append(j.why()).toString();
  }

  /** @return the method in words, with what it rested on */
  static String method(Comparison c) {
    if (c.method() == Comparison.Method.INTERVALS) {
      int[] n = c.intervals();
      int[] k = c.batches();
      return "one run on each side, its measured intervals the samples: batch means with a jackknife (A: " + n[0]
          + " intervals in " + k[0] + " batches, B: " + n[1] + " in " + k[1] + ")";
    }
    return "repetitions, each run one sample (A: " + c.baseline().size() + (c.baseline().size() == 1 ? " run" : " runs")
        + ", B: " + c.candidate().size() + "): Welch's t interval of the difference of the means";
  }

  private static String change(Figure f, double estimate, double relative) {
    if (f.kind() == Figure.Kind.FAILURES) {
      return signed(estimate, " pp");
    }
    return Double.isNaN(relative) ? signed(estimate, "") : signed(relative, "%");
  }

  private static String interval(Figure f, Difference d) {
    if (!d.known()) {
      return "-";
    }
    if (f.kind() == Figure.Kind.FAILURES || Double.isNaN(d.relativeLow())) {
      String unit = f.kind() == Figure.Kind.FAILURES ? " pp" : "";
      return "[" + signed(d.low(), unit) + ", " + signed(d.high(), unit) + "]";
    }
    return "[" + signed(d.relativeLow(), "%") + ", " + signed(d.relativeHigh(), "%") + "]";
  }

  static String value(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  static String signed(double v, String unit) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return String.format(Locale.ROOT, "%+.2f", v) + unit;
  }

  /** @return a level as a percentage: {@code 95%}, {@code 99.9%} */
  public static String percent(double confidence) {
    return String.format(Locale.ROOT, "%.6g", confidence * 100).replaceFirst("\\.?0+$", "") + "%";
  }
}
