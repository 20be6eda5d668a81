package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.results.ResultLine;
import site.ycsb.tools.stats.Repetitions;

/**
 * For runs with identical configuration (repetitions), the mean of each compared figure with its
 * 95% confidence interval, so a reader sees how much of a difference between runs is noise.
 */
final class RepetitionTable {
  private final List<List<ReportRun>> groups = new ArrayList<>();

  RepetitionTable(List<ReportRun> runs) {
    Map<String, List<ReportRun>> byConfiguration = new LinkedHashMap<>();
    for (ReportRun r : runs) {
      byConfiguration.computeIfAbsent(r.configuration(), k -> new ArrayList<>()).add(r);
    }
    for (List<ReportRun> g : byConfiguration.values()) {
      if (g.size() >= 2) {
        groups.add(g);
      }
    }
  }

  /** @return whether any configuration was run more than once */
  boolean any() {
    return !groups.isEmpty();
  }

  /** @return one table per group of repetitions */
  String html() {
    StringBuilder b = new StringBuilder();
    int k = 0;
    for (List<ReportRun> g : groups) {
      StringBuilder names = new StringBuilder();
      for (ReportRun r : g) {
        names.append(names.length() == 0 ? "" : ", ").append(r.label);
      }
      b.append("<h3>").append(g.size()).append(" repetitions: ").append(Html.escape(names.toString()))
          .append("</h3>\n<table class=\"cmp\" id=\"repetitions-").append(++k).append("\">\n")
          .append("<thead><tr><th></th><th>n</th><th>mean</th><th>± 95% CI</th><th>CI low</th><th>CI high</th>")
          .append("<th>std. dev.</th></tr></thead>\n");
      for (Map.Entry<String, double[]> e : values(g).entrySet()) {
        Repetitions.Estimate est = Repetitions.estimate(e.getValue());
        b.append("<tr><th>").append(Html.escape(e.getKey())).append("</th><td>").append(est.n()).append("</td><td>")
            .append(Html.figure(est.mean())).append("</td><td>± ").append(Html.figure(est.halfWidth()))
            .append("</td><td>").append(Html.figure(est.low())).append("</td><td>").append(Html.figure(est.high()))
            .append("</td><td>").append(Html.figure(est.standardDeviation())).append("</td></tr>\n");
      }
      b.append("</table>\n");
    }
    return b.toString();
  }

  /** Throughput and the latency figures of every section, keyed {@code SECTION metric}. */
  private static Map<String, double[]> values(List<ReportRun> group) {
    Map<String, List<Double>> collected = new LinkedHashMap<>();
    for (ReportRun r : group) {
      for (ResultLine l : r.lines) {
        if (Repetitions.isCompared(l.section(), l.metric())) {
          collected.computeIfAbsent("[" + l.section() + "] " + l.metric(), x -> new ArrayList<>())
              .add(l.value().doubleValue());
        }
      }
    }
    Map<String, double[]> out = new LinkedHashMap<>();
    collected.forEach((key, v) -> out.put(key, v.stream().mapToDouble(Double::doubleValue).toArray()));
    return out;
  }
}
