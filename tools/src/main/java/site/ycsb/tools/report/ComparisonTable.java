package site.ycsb.tools.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import site.ycsb.results.ResultLine;

/**
 * The tables comparing the runs side by side, one column per run: the key figures (what each run
 * was, throughput, client load, latency percentiles per section), and every summary line. With exactly two runs a last column gives the relative
 * difference |a-b| / mean(a,b), the measure used to compare two configurations.
 */
final class ComparisonTable {
  private final List<ReportRun> runs;
  private final boolean difference;

  ComparisonTable(List<ReportRun> runs) {
    this.runs = runs;
    this.difference = runs.size() == 2;
  }

  /**
   * @return the key figures: what each run was, its throughput and client load, and per latency
   *     section the count, mean, p50, p99, p99.9 and maximum
   */
  String main(List<String> latencySections) {
    StringBuilder b = new StringBuilder();
    b.append("<table class=\"cmp\" id=\"comparison\">\n");
    header(b);
    group(b, "run");
    text(b, "folder", r -> r.dir.toString());
    text(b, "phase", r -> r.phase);
    text(b, "binding", r -> r.db);
    text(b, "workload", ReportRun::workloadNames);
    text(b, "target (ops/s)", r -> r.target > 0 ? Html.figure(r.target) : "unthrottled");
    text(b, "threads", r -> Integer.toString(r.threadcount));
    text(b, "clients", r -> Integer.toString(r.clientcount));
    text(b, "measured window started", r -> r.startEpochMillis > 0
        ? Instant.ofEpochMilli(r.startEpochMillis).toString() : "–");
    text(b, "ended by", r -> r.endedBy.isEmpty() ? "–" : r.endedBy);
    text(b, "complete", r -> r.complete ? "yes" : "no (phase still running or killed)");
    group(b, "overall");
    figure(b, "measured window (s)", r -> r.runtimeNanos / 1e9);
    figure(b, "throughput (ops/s)", ReportRun::throughput);
    figure(b, "operations", r -> (double) r.operations);
    figure(b, "failed operations", r -> (double) r.failedOperations);
    figure(b, "client CPU, average (% of one core)", r -> r.line("CLIENT", "AverageProcessCpu(%)"));
    figure(b, "client CPU, maximum (% of one core)", r -> r.line("CLIENT", "MaxProcessCpu(%)"));
    figure(b, "busy client samples", r -> r.line("CLIENT", "BusySamples"));
    if (runs.stream().anyMatch(r -> !Double.isNaN(r.line("DURABILITY", "WritesAcknowledged")))) {
      // durability=true: what the writes acknowledged became (docs/results.md)
      group(b, "durability");
      figure(b, "writes acknowledged", r -> r.line("DURABILITY", "WritesAcknowledged"));
      figure(b, "keys written", r -> r.line("DURABILITY", "KeysWritten"));
      figure(b, "keys verified", r -> r.line("DURABILITY", "KeysVerified"));
      figure(b, "lost writes", r -> r.line("DURABILITY", "LostWrites"));
      figure(b, "keys not verifiable (read failed)", r -> r.line("DURABILITY", "UnverifiedKeys"));
      figure(b, "reads judged", r -> r.line("DURABILITY", "ReadsJudged"));
      figure(b, "stale reads", r -> r.line("DURABILITY", "StaleReads"));
      figure(b, "verification (ms)", r -> r.line("DURABILITY", "VerificationTime(ms)"));
    }
    if (runs.stream().anyMatch(r -> !Double.isNaN(r.line("TRANSACTIONS", "TransfersCommitted")))) {
      // a closed economy: what its transactions became (docs/results.md, "Transactions")
      group(b, "transactions");
      figure(b, "transfers committed", r -> r.line("TRANSACTIONS", "TransfersCommitted"));
      figure(b, "transfers aborted (retries)", r -> r.line("TRANSFER", "Retries"));
      figure(b, "transfers given up (still aborted)", r -> r.line("TRANSACTIONS", "TransfersGivenUp"));
      figure(b, "transfers with an unknown outcome", r -> r.line("TRANSACTIONS", "TransfersUncertain"));
      figure(b, "anomalies", r -> r.line("TRANSACTIONS", "Anomalies"));
      figure(b, "accounts wrong", r -> r.line("TRANSACTIONS", "WrongAccounts"));
      figure(b, "total off by", r -> r.line("TRANSACTIONS", "InvariantDeviation"));
      figure(b, "audits committed", r -> r.line("TRANSACTIONS", "AuditsCommitted"));
      figure(b, "audits with another total", r -> r.line("TRANSACTIONS", "InconsistentAudits"));
    }
    for (String section : latencySections) {
      if (runs.stream().noneMatch(r -> r.sections.containsKey(section))) {
        continue;
      }
      group(b, section + " latency (µs)");
      figure(b, "operations", r -> r.line(section, "Operations"));
      figure(b, "average", r -> r.line(section, "AverageLatency(us)"));
      figure(b, "p50", r -> percentile(r, section, "50thPercentileLatency(us)", 50));
      figure(b, "p99", r -> percentile(r, section, "99thPercentileLatency(us)", 99));
      figure(b, "p99.9", r -> percentile(r, section, "99.9PercentileLatency(us)", 99.9));
      figure(b, "maximum", r -> r.line(section, "MaxLatency(us)"));
    }
    b.append("</table>\n");
    return b.toString();
  }

  /** @return every summary line of every run, grouped by section */
  String all() {
    StringBuilder b = new StringBuilder("<table class=\"cmp\" id=\"comparison-all\">\n");
    header(b);
    for (String section : sections()) {
      sectionRows(b, section);
    }
    return b.append("</table>\n").toString();
  }

  /** The summary's own figure when it lists that percentile, else one read off the histogram. */
  private static double percentile(ReportRun r, String section, String metric, double p) {
    double v = r.line(section, metric);
    if (Double.isNaN(v)) {
      ReportRun.Section s = r.sections.get(section);
      v = s == null ? Double.NaN : LatencyDistribution.percentileMicros(s.histogram(), p);
    }
    return v;
  }

  private void header(StringBuilder b) {
    b.append("<thead><tr><th></th>");
    for (int i = 0; i < runs.size(); i++) {
      b.append("<th><span class=\"sw\" style=\"background:").append(ReportCharts.color(i)).append("\"></span>")
          .append(Html.escape(runs.get(i).label)).append("</th>");
    }
    if (difference) {
      b.append("<th title=\"|a-b| / mean(a,b)\">difference</th>");
    }
    b.append("</tr></thead>\n");
  }

  private void group(StringBuilder b, String title) {
    b.append("<tr class=\"grp\"><th colspan=\"").append(runs.size() + 1 + (difference ? 1 : 0)).append("\">")
        .append(Html.escape(title)).append("</th></tr>\n");
  }

  private void text(StringBuilder b, String name, Function<ReportRun, String> value) {
    b.append("<tr><th>").append(Html.escape(name)).append("</th>");
    for (ReportRun r : runs) {
      b.append("<td class=\"t\">").append(Html.escape(value.apply(r))).append("</td>");
    }
    if (difference) {
      b.append("<td></td>");
    }
    b.append("</tr>\n");
  }

  private void figure(StringBuilder b, String name, ToDoubleFunction<ReportRun> value) {
    double[] values = new double[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      values[i] = value.applyAsDouble(runs.get(i));
    }
    values(b, name, values);
  }

  /** One row per metric of the section, in the order the summaries list them. */
  private void sectionRows(StringBuilder b, String section) {
    Map<String, double[]> rows = new LinkedHashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      for (ResultLine l : runs.get(i).lines) {
        if (l.section().equals(section)) {
          double[] values = rows.computeIfAbsent(l.metric(), k -> nanRow());
          values[i] = l.value().doubleValue();
        }
      }
    }
    if (rows.isEmpty()) {
      return;
    }
    group(b, section);
    for (Map.Entry<String, double[]> e : rows.entrySet()) {
      values(b, e.getKey(), e.getValue());
    }
  }

  private void values(StringBuilder b, String name, double[] values) {
    b.append("<tr><th>").append(Html.escape(name)).append("</th>");
    for (double v : values) {
      b.append("<td>").append(Html.figure(v)).append("</td>");
    }
    if (difference) {
      double a = values[0];
      double c = values[1];
      double mean = (a + c) / 2;
      b.append("<td class=\"d\">").append(Double.isFinite(a) && Double.isFinite(c) && mean != 0
          ? Axis.significant(100 * Math.abs(a - c) / Math.abs(mean)) + "%" : "").append("</td>");
    }
    b.append("</tr>\n");
  }

  private double[] nanRow() {
    double[] row = new double[runs.size()];
    Arrays.fill(row, Double.NaN);
    return row;
  }

  private List<String> sections() {
    Set<String> names = new LinkedHashSet<>();
    for (ReportRun r : runs) {
      for (ResultLine l : r.lines) {
        names.add(l.section());
      }
    }
    return new ArrayList<>(names);
  }
}
