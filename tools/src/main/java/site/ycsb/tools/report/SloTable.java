package site.ycsb.tools.report;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.results.ResultLine;

/**
 * The service-level verdicts of the runs side by side: one row per threshold, one column per run,
 * each cell the verdict with the measured figure, read from the runs' {@code [SLO]} lines.
 */
final class SloTable {
  private static final String SECTION = "SLO";

  private SloTable() {
  }

  /** @return whether any run was judged by an objective */
  static boolean any(List<ReportRun> runs) {
    return runs.stream().anyMatch(r -> r.lines.stream().anyMatch(l -> SECTION.equals(l.section())));
  }

  /** @return the table */
  static String html(List<ReportRun> runs) {
    Set<String> thresholds = new LinkedHashSet<>();
    for (ReportRun r : runs) {
      for (ResultLine l : r.lines) {
        if (SECTION.equals(l.section()) && l.metric().endsWith(":Passed")) {
          thresholds.add(l.metric().substring(0, l.metric().length() - ":Passed".length()));
        }
      }
    }
    StringBuilder b = new StringBuilder("<table class=\"cmp\" id=\"slo-verdicts\">\n<thead><tr><th>threshold</th>");
    for (ReportRun r : runs) {
      b.append("<th>").append(Html.escape(r.label)).append("</th>");
    }
    b.append("</tr></thead>\n");
    for (String t : thresholds) {
      b.append("<tr><th>").append(Html.escape(t)).append("</th>");
      for (ReportRun r : runs) {
        b.append("<td>").append(cell(r, t)).append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("<tr><th>all thresholds</th>");
    for (ReportRun r : runs) {
      Map<String, Number> overall = lines(r, "");
      Number passed = overall.get("Passed");
      b.append("<td>").append(passed == null ? "-" : verdict(passed.longValue() == 1)).append("</td>");
    }
    return b.append("</tr>\n</table>\n").toString();
  }

  private static String cell(ReportRun r, String threshold) {
    Map<String, Number> own = lines(r, threshold + ":");
    Number passed = own.get("Passed");
    if (passed == null) {
      return "-";
    }
    StringBuilder c = new StringBuilder(verdict(passed.longValue() == 1));
    own.forEach((metric, v) -> {
      if (metric.startsWith("Measured(")) {
        c.append(" (").append(Html.figure(v.doubleValue())).append(' ')
            .append(Html.escape(metric.substring("Measured(".length(), metric.length() - 1))).append(')');
      }
    });
    return c.toString();
  }

  private static String verdict(boolean passed) {
    return passed ? "pass" : "<b>FAIL</b>";
  }

  /** @return the run's {@code [SLO]} metrics that start with {@code prefix}, without it */
  private static Map<String, Number> lines(ReportRun r, String prefix) {
    Map<String, Number> out = new LinkedHashMap<>();
    for (ResultLine l : r.lines) {
      if (SECTION.equals(l.section()) && l.metric().startsWith(prefix)
          && (prefix.length() > 0 || l.metric().indexOf(':') < 0)) {
        out.put(l.metric().substring(prefix.length()), l.value());
      }
    }
    return out;
  }
}
