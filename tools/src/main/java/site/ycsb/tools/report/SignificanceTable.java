package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.comparison.Comparison;
import site.ycsb.tools.comparison.Figure;
import site.ycsb.tools.comparison.Verdict;
import site.ycsb.tools.stats.Difference;

/**
 * "Is the difference real?": the second run (or group of repetitions) against the first, figure by
 * figure, with the change, its confidence interval and the verdict, as {@code compare} prints them.
 * Drawn for exactly two runs, or for runs that form exactly two groups of repetitions.
 */
final class SignificanceTable {
  private final Comparison comparison;
  private final String baseline;
  private final String candidate;
  private final String problem;

  private SignificanceTable(Comparison comparison, String baseline, String candidate, String problem) {
    this.comparison = comparison;
    this.baseline = baseline;
    this.candidate = candidate;
    this.problem = problem;
  }

  /** @return the table of the runs, or null when they are not two runs nor two groups of repetitions */
  static SignificanceTable of(List<ReportRun> runs) {
    List<List<ReportRun>> sides = new ArrayList<>();
    if (runs.size() == 2) {
      sides.add(List.of(runs.get(0)));
      sides.add(List.of(runs.get(1)));
    } else {
      Map<String, List<ReportRun>> groups = new LinkedHashMap<>();
      runs.forEach(r -> groups.computeIfAbsent(r.configuration(), k -> new ArrayList<>()).add(r));
      if (groups.size() != 2 || groups.values().stream().anyMatch(g -> g.size() < 2)) {
        return null;
      }
      sides.addAll(groups.values());
    }
    String a = labels(sides.get(0));
    String b = labels(sides.get(1));
    try {
      Comparison c = Comparison.of(folders(sides.get(0)), folders(sides.get(1)), Comparison.CONFIDENCE, List.of());
      return new SignificanceTable(c, a, b, null);
    } catch (ResultsInputException e) {
      return new SignificanceTable(null, a, b, e.getMessage());
    }
  }

  private static List<ResultsFolder> folders(List<ReportRun> runs) throws ResultsInputException {
    List<ResultsFolder> out = new ArrayList<>();
    for (ReportRun r : runs) {
      out.add(ResultsFolder.read(r.dir, true));
    }
    return out;
  }

  private static String labels(List<ReportRun> runs) {
    List<String> out = new ArrayList<>();
    runs.forEach(r -> out.add(r.label));
    return String.join(", ", out);
  }

  /** @return the explanation and the table */
  String html() {
    StringBuilder b = new StringBuilder();
    b.append("<p class=\"note\"><b>").append(Html.escape(candidate)).append("</b> against <b>")
        .append(Html.escape(baseline)).append("</b> (the baseline). ");
    if (comparison == null) {
      return b.append("Not computed: ").append(Html.escape(problem)).append("</p>\n").toString();
    }
    if (comparison.method() == Comparison.Method.INTERVALS) {
      int[] n = comparison.intervals();
      int[] k = comparison.batches();
      b.append("One run on each side: each run's measured intervals are the samples (batch means with a "
          + "jackknife; ").append(n[0]).append(" intervals in ").append(k[0]).append(" batches against ").append(n[1])
          .append(" in ").append(k[1]).append(").");
    } else {
      b.append("Repetitions: each run is one sample (Welch's t interval of the difference of the means).");
    }
    b.append(" The interval is the 95% confidence interval of the change; a verdict other than <i>no significant "
        + "difference</i> means it lies wholly on one side of no change.</p>\n");
    b.append("<table class=\"cmp\" id=\"significance\">\n<thead><tr><th>figure</th><th>baseline</th><th>candidate</th>"
        + "<th>change</th><th>95% interval</th><th>verdict</th></tr></thead>\n");
    for (Comparison.Row r : comparison.rows()) {
      Difference d = r.difference();
      boolean failures = r.figure().kind() == Figure.Kind.FAILURES;
      String unit = failures ? " pp" : "%";
      double change = failures ? d.estimate() : d.relative();
      double low = failures ? d.low() : d.relativeLow();
      double high = failures ? d.high() : d.relativeHigh();
      b.append("<tr class=\"").append(cssClass(r.verdict())).append("\"><th>").append(Html.escape(r.figure().name()))
          .append(" (").append(Html.escape(r.figure().unit())).append(")</th><td>").append(Html.figure(d.baseline()))
          .append("</td><td>").append(Html.figure(d.candidate())).append("</td><td>").append(signed(change, unit))
          .append("</td><td>").append(d.known() ? "[" + signed(low, unit) + ", " + signed(high, unit) + "]" : "–")
          .append("</td><td class=\"t\">").append(Html.escape(r.verdict().text()));
      if (!d.known()) {
        b.append(": ").append(Html.escape(d.unknown()));
      }
      b.append("</td></tr>\n");
    }
    b.append("</table>\n");
    Comparison.Overall overall = comparison.overall();
    b.append("<p class=\"note\" id=\"significance-overall\">Overall: ");
    if (overall.judged() == 0) {
      b.append("cannot tell: no figure could be judged.");
    } else if (!overall.differs()) {
      b.append("<b>no significant difference</b> (no figure differs once the ").append(overall.judged())
          .append(" figures compared are allowed for).");
    } else {
      List<String> names = new ArrayList<>();
      overall.differing().forEach(r -> names.add(r.figure().name() + " " + r.verdict().text()));
      b.append("<b>different</b>: ").append(Html.escape(String.join(", ", names))).append(" (allowing for ")
          .append(overall.judged()).append(" comparisons).");
    }
    return b.append("</p>\n").toString();
  }

  private static String cssClass(Verdict v) {
    switch (v) {
      case SLOWER:
      case MORE_FAILURES:
        return "worse";
      case FASTER:
      case FEWER_FAILURES:
        return "better";
      default:
        return "same";
    }
  }

  private static String signed(double v, String unit) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.2f", v) + unit : "–";
  }
}
