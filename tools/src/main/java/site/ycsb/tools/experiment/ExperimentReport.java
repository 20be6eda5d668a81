package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.results.Percentiles;
import site.ycsb.results.ResultsFolder;
import site.ycsb.tools.report.ExperimentPage;
import site.ycsb.tools.stats.Repetitions;

/**
 * Turns an experiment folder's figures into its HTML report ({@code report.html}): the table, a
 * latency-versus-throughput curve per configuration (the points vary in the target, or in the
 * thread count when the target is not swept), every run's throughput over time with the faults,
 * and the availability table.
 */
final class ExperimentReport {
  private ExperimentReport() {
  }

  /**
   * @param plan the plan
   * @param table the experiment's table (its rows carry the finished runs)
   * @param dir the experiment folder
   * @return the number of charts written
   */
  static int write(Plan plan, ExperimentTable table, Path dir) throws IOException {
    String axis = axis(plan);
    List<ExperimentPage.Curve> curves = new ArrayList<>();
    // workload, section, percentile -> configuration -> points
    Map<String, Map<String, List<ExperimentPage.Point>>> lines = new LinkedHashMap<>();
    List<ExperimentPage.RunSeries> series = new ArrayList<>();
    List<List<String>> capacities = CapacityReport.read(dir);
    for (ExperimentTable.Row row : table.rows()) {
      if (row.repetitions().isEmpty()) {
        continue;
      }
      PlannedRun first = row.first();
      Map<String, String> fixed = new LinkedHashMap<>(first.combination());
      String varying = axis == null ? null : fixed.remove(axis);
      String configuration = fixed.isEmpty() ? "all runs" : PlannedRun.describe(fixed);
      String label = varying == null ? first.describe() : label(axis, varying, first.targetFraction() > 0);
      if (varying != null && isCapacity(capacities, row.workload(), PlannedRun.describe(fixed), varying)) {
        label += " = capacity";
      }
      Repetitions.Estimate t = ExperimentTable.estimate(row, "OVERALL", "Throughput(ops/sec)");
      for (String section : table.sections()) {
        for (String p : plan.percentiles()) {
          Repetitions.Estimate l = ExperimentTable.estimate(row, section, Percentiles.metricName(Double.parseDouble(p)));
          if (t == null || l == null) {
            continue;
          }
          lines.computeIfAbsent(row.workload() + "\u0000" + section + "\u0000" + p, k -> new LinkedHashMap<>())
              .computeIfAbsent(configuration, k -> new ArrayList<>())
              // a latency is never below 0: with two repetitions Student's t makes wide intervals
              .add(new ExperimentPage.Point(t.mean(), low(t), high(t), l.mean(), Math.max(0, low(l)), high(l),
                  label));
        }
      }
      int repetition = 0;
      for (ResultsFolder f : row.repetitions()) {
        repetition++;
        series.add(new ExperimentPage.RunSeries(row.workload() + " · " + first.describe(),
            "repetition " + repetition, overall(f.dir().resolve("timeseries.csv")), faultSeconds(plan)));
      }
    }
    for (Map.Entry<String, Map<String, List<ExperimentPage.Point>>> e : lines.entrySet()) {
      String[] k = e.getKey().split("\u0000");
      for (Map.Entry<String, List<ExperimentPage.Point>> c : e.getValue().entrySet()) {
        List<ExperimentPage.Point> points = new ArrayList<>(c.getValue());
        // in increasing offered load: the order of the swept values is the plan's, sort by throughput
        points.sort(Comparator.comparingDouble(ExperimentPage.Point::throughput));
        curves.add(new ExperimentPage.Curve(k[0], k[1], k[2], c.getKey(), points));
      }
    }
    ExperimentPage page = new ExperimentPage(plan.name(), capacityHtml(dir) + table.html(), curves, series,
        availability(dir));
    ExperimentTable.replace(dir.resolve("report.html"), page.render());
    return page.chartCount();
  }

  /** @return whether the search found {@code target} to be the capacity of this workload and combination */
  private static boolean isCapacity(List<List<String>> capacities, String workload, String combination,
                                    String target) {
    for (List<String> c : capacities) {
      if (c.size() > 2 && c.get(0).equals(workload) && c.get(1).equals(combination) && c.get(2).equals(target)) {
        return true;
      }
    }
    return false;
  }

  /** @return the search's result sentences, to head the page, or nothing without a search */
  private static String capacityHtml(Path dir) throws IOException {
    Path file = dir.resolve("capacity.txt");
    if (!Files.isRegularFile(file)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        b.append("<p class=\"capacity\"><b>").append(ExperimentTable.escape(line)).append("</b></p>\n");
      }
    }
    return b.toString();
  }

  /** @return the dimension the points of a curve vary in: the target, else the thread count, else none */
  private static String axis(Plan plan) {
    if (plan.search() != null) {
      // the candidates of a capacity search lie on one latency-throughput curve
      return "target";
    }
    String out = null;
    for (Plan.Dimension d : plan.dimensions()) {
      if ("target".equals(d.property())) {
        return "target";
      }
      if ("threadcount".equals(d.property())) {
        out = "threadcount";
      }
    }
    return out;
  }

  private static String label(String axis, String value, boolean fraction) {
    if ("target".equals(axis)) {
      if (!fraction && Double.parseDouble(value) == 0) {
        return "unthrottled";
      }
      return fraction ? value + "x max" : value + " ops/s";
    }
    return value + " threads";
  }

  private static double low(Repetitions.Estimate e) {
    return e.n() < 2 ? e.mean() : e.low();
  }

  private static double high(Repetitions.Estimate e) {
    return e.n() < 2 ? e.mean() : e.high();
  }

  private static List<Double> faultSeconds(Plan plan) {
    List<Double> out = new ArrayList<>();
    plan.faults().forEach(f -> out.add(f.atMillis() / 1000.0));
    return out;
  }

  /** @return {seconds, ops/s} of the OVERALL rows of a time series */
  private static List<double[]> overall(Path timeSeries) throws IOException {
    List<double[]> out = new ArrayList<>();
    if (!Files.isRegularFile(timeSeries)) {
      return out;
    }
    List<String> lines = Files.readAllLines(timeSeries, StandardCharsets.UTF_8);
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length > 4 && "OVERALL".equals(f[2])) {
        out.add(new double[] {Long.parseLong(f[0]) / 1000.0, Double.parseDouble(f[4])});
      }
    }
    return out;
  }

  /** @return the experiment's availability.csv as rows of cells, or empty */
  private static List<List<String>> availability(Path dir) throws IOException {
    Path file = dir.resolve("availability.csv");
    return Files.isRegularFile(file) ? ExperimentCsv.read(file) : new ArrayList<>();
  }
}
