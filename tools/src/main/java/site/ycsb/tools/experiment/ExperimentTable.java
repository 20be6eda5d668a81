package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsb.results.Percentiles;
import site.ycsb.results.ResultsFolder;
import site.ycsb.tools.stats.Repetitions;

/**
 * The experiment's table: one row per workload and combination, with the mean and 95% confidence
 * interval over its repetitions (the statistics of {@code ycsb compare}) of the throughput and of
 * the plan's percentiles of every operation. Computed from the runs' own summaries, so it can be
 * rebuilt at any time; written as {@code results.csv} and {@code results.txt} in the experiment
 * folder after every run, so an interrupted experiment has the table of what it finished.
 */
final class ExperimentTable {
  /** One row: a combination of one workload, and its repetitions' figures. */
  record Row(String workload, PlannedRun first, List<ResultsFolder> repetitions) {
  }

  private final Plan plan;
  private final List<Row> rows = new ArrayList<>();
  /** Operation sections in the order they first appear. */
  private final Set<String> sections = new LinkedHashSet<>();
  /**
   * The columns of what a run checked in the database besides its latency: section, metric, CSV
   * column, text header. A section's columns are shown when some run has that section: lost writes
   * and stale reads ({@code durability=true}), a closed economy's anomalies.
   */
  private static final String[][] CHECK_COLUMNS = {
      {"DURABILITY", "LostWrites", "lost_writes", "lost writes"},
      {"DURABILITY", "StaleReads", "stale_reads", "stale reads"},
      {"TRANSACTIONS", "Anomalies", "anomalies", "anomalies"},
      {"TRANSACTIONS", "InconsistentAudits", "inconsistent_audits", "inconsistent audits"}};
  /** The sections of {@link #CHECK_COLUMNS} some run has. */
  private final Set<String> checked = new LinkedHashSet<>();

  /**
   * @param plan the plan
   * @param runs the plan's runs
   * @param finished the results of the runs finished so far, by folder
   */
  ExperimentTable(Plan plan, List<PlannedRun> runs, Map<Path, ResultsFolder> finished) {
    this.plan = plan;
    Map<String, Row> byCombination = new LinkedHashMap<>();
    for (PlannedRun r : runs) {
      if (r.findsMaximum()) {
        continue;
      }
      Row row = byCombination.computeIfAbsent(r.workload() + "/" + r.combinationName(),
          k -> new Row(r.workload(), r, new ArrayList<>()));
      ResultsFolder f = finished.get(r.folder());
      if (f != null) {
        row.repetitions().add(f);
        f.lines().forEach(l -> {
          // the operations' own sections (READ, UPDATE...): not the sum of them (ALL), the start lag,
          // the intended-start figures or the failed calls, which the runs' summaries keep
          String s = l.section();
          if (l.metric().endsWith("PercentileLatency(us)") && !"ALL".equals(s) && !"START-LAG".equals(s)
              && !"STALE-READ".equals(s) && !s.startsWith("Intended-") && !s.endsWith("-FAILED")) {
            sections.add(l.section());
          }
          if ("DURABILITY".equals(s) || "TRANSACTIONS".equals(s)) {
            checked.add(s);
          }
        });
      }
    }
    rows.addAll(byCombination.values());
  }

  List<Row> rows() {
    return rows;
  }

  private String metric(String percentile) {
    return Percentiles.metricName(Double.parseDouble(percentile));
  }

  /** @return the estimate of one line over a row's repetitions, or null when none has it */
  static Repetitions.Estimate estimate(Row row, String section, String metric) {
    List<Double> values = new ArrayList<>();
    for (ResultsFolder f : row.repetitions()) {
      Number v = f.line(section, metric);
      if (v != null) {
        values.add(v.doubleValue());
      }
    }
    return values.isEmpty() ? null : Repetitions.estimate(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** Writes results.csv and results.txt into the experiment folder. */
  void write(Path dir) throws IOException {
    replace(dir.resolve("results.csv"), csv());
    replace(dir.resolve("results.txt"), text());
  }

  String csv() {
    StringBuilder b = new StringBuilder("workload,combination");
    for (Plan.Dimension d : plan.dimensions()) {
      b.append(',').append(d.property());
    }
    b.append(",repetitions,throughput_mean,throughput_sd,throughput_ci_low,throughput_ci_high");
    for (String s : sections) {
      for (String p : plan.percentiles()) {
        String c = s + "_p" + p + "_us";
        b.append(',').append(c).append("_mean,").append(c).append("_ci_low,").append(c).append("_ci_high");
      }
    }
    for (String[] d : checkColumns()) {
      b.append(',').append(d[2]).append("_mean,").append(d[2]).append("_ci_low,").append(d[2]).append("_ci_high");
    }
    b.append('\n');
    for (Row row : rows) {
      b.append(row.workload()).append(',').append(row.first().combinationName());
      for (Plan.Dimension d : plan.dimensions()) {
        b.append(',').append(row.first().combination().getOrDefault(d.property(), ""));
      }
      b.append(',').append(row.repetitions().size());
      Repetitions.Estimate t = estimate(row, "OVERALL", "Throughput(ops/sec)");
      b.append(',').append(t == null ? "" : num(t.mean())).append(',').append(t == null ? "" : num(t.standardDeviation()))
          .append(',').append(t == null ? "" : num(t.low())).append(',').append(t == null ? "" : num(t.high()));
      for (String s : sections) {
        for (String p : plan.percentiles()) {
          Repetitions.Estimate e = estimate(row, s, metric(p));
          b.append(',').append(e == null ? "" : num(e.mean())).append(',').append(e == null ? "" : num(e.low()))
              .append(',').append(e == null ? "" : num(e.high()));
        }
      }
      for (String[] d : checkColumns()) {
        Repetitions.Estimate e = estimate(row, d[0], d[1]);
        b.append(',').append(e == null ? "" : num(e.mean())).append(',').append(e == null ? "" : num(e.low()))
            .append(',').append(e == null ? "" : num(e.high()));
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** @return the table as an HTML table, for the experiment's report */
  String html() {
    List<List<String>> cells = cells();
    StringBuilder b = new StringBuilder("<table>\n");
    for (int r = 0; r < cells.size(); r++) {
      b.append("<tr>");
      for (String c : cells.get(r)) {
        String tag = r == 0 ? "th" : "td";
        b.append('<').append(tag).append('>').append(escape(c)).append("</").append(tag).append('>');
      }
      b.append("</tr>\n");
    }
    return b.append("</table>\n").toString();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  String text() {
    List<List<String>> cells = cells();
    List<String> header = cells.get(0);
    int[] width = new int[header.size()];
    for (List<String> r : cells) {
      for (int i = 0; i < r.size(); i++) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    StringBuilder b = new StringBuilder("Experiment " + plan.name() + ": mean and 95% confidence interval over the"
        + " repetitions of each combination\n\n");
    for (List<String> r : cells) {
      for (int i = 0; i < r.size(); i++) {
        String v = r.get(i);
        b.append(i < 2 ? pad(v, width[i]) : padLeft(v, width[i])).append(i + 1 < r.size() ? "  " : "\n");
      }
    }
    return b.toString();
  }

  /** @return header row, then a row per combination: means ± CI half-widths */
  private List<List<String>> cells() {
    List<String> header = new ArrayList<>(List.of("workload", "combination", "n", "ops/s (mean ± 95% CI)"));
    for (String s : sections) {
      for (String p : plan.percentiles()) {
        header.add(s + " p" + p + " us");
      }
    }
    for (String[] d : checkColumns()) {
      header.add(d[3]);
    }
    List<List<String>> cells = new ArrayList<>();
    cells.add(header);
    for (Row row : rows) {
      List<String> c = new ArrayList<>();
      c.add(row.workload());
      c.add(row.first().describe());
      c.add(Integer.toString(row.repetitions().size()));
      c.add(plusMinus(estimate(row, "OVERALL", "Throughput(ops/sec)")));
      for (String s : sections) {
        for (String p : plan.percentiles()) {
          c.add(plusMinus(estimate(row, s, metric(p))));
        }
      }
      for (String[] d : checkColumns()) {
        c.add(plusMinus(estimate(row, d[0], d[1])));
      }
      cells.add(c);
    }
    return cells;
  }

  /** @return the check columns of the sections some run has */
  private List<String[]> checkColumns() {
    List<String[]> out = new ArrayList<>();
    for (String[] d : CHECK_COLUMNS) {
      if (checked.contains(d[0])) {
        out.add(d);
      }
    }
    return out;
  }

  /** @return the operation sections the table shows, in order */
  List<String> sections() {
    return new ArrayList<>(sections);
  }

  private static String plusMinus(Repetitions.Estimate e) {
    if (e == null) {
      return "-";
    }
    if (e.n() < 2) {
      return num(e.mean());
    }
    return num(e.mean()) + " ± " + num(e.halfWidth());
  }

  private static String pad(String s, int w) {
    return s + " ".repeat(w - s.length());
  }

  private static String padLeft(String s, int w) {
    return " ".repeat(w - s.length()) + s;
  }

  static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.2f", v);
  }

  static void replace(Path file, String content) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, content, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
