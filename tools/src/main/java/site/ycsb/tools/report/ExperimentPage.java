package site.ycsb.tools.report;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of a whole experiment ({@code report.html} in its folder): latency-versus-throughput
 * curves per workload, operation and percentile, one line per configuration with its 95%
 * confidence band when repeated; throughput over time of every combination with the faults
 * marked; and the availability figures of the runs with faults. Self-contained like the report of
 * results folders, with the same charts, styles and hover script. The experiment hands it plain
 * values, so this package reads no experiment file.
 */
public final class ExperimentPage {
  /**
   * One point of a curve: a combination's means over its repetitions, with their 95% confidence intervals.
   *
   * @param throughput ops/s
   * @param throughputLow low end of its interval (equal to the mean for one repetition)
   * @param throughputHigh high end
   * @param latencyMicros the percentile's latency
   * @param latencyLow low end of its interval
   * @param latencyHigh high end
   * @param label what the point is (its target or thread count)
   */
  public record Point(double throughput, double throughputLow, double throughputHigh, double latencyMicros,
                      double latencyLow, double latencyHigh, String label) {
  }

  /**
   * One line of a latency-versus-throughput chart.
   *
   * @param workload the workload
   * @param section the operation (READ, UPDATE...)
   * @param percentile e.g. 99
   * @param configuration what is fixed along the line (every swept value but the one the points vary in)
   * @param points in increasing offered load
   */
  public record Curve(String workload, String section, String percentile, String configuration, List<Point> points) {
  }

  /**
   * Throughput over time of one run.
   *
   * @param group the chart it is drawn in (a workload's combination)
   * @param label the line's name (its repetition)
   * @param points {seconds from the phase start, ops/s}
   * @param faultSeconds the plan's faults, seconds from the phase start
   */
  public record RunSeries(String group, String label, List<double[]> points, List<Double> faultSeconds) {
  }

  private final String name;
  private final String tableHtml;
  private final List<Curve> curves;
  private final List<RunSeries> series;
  private final List<List<String>> availability;
  private final StringBuilder body = new StringBuilder(1 << 16);
  private int charts;

  /**
   * @param name the experiment's name
   * @param tableHtml the experiment's table as an HTML table (already escaped)
   * @param curves every curve
   * @param series every run's throughput over time
   * @param availability header row then one row per run and fault, or empty without faults
   */
  public ExperimentPage(String name, String tableHtml, List<Curve> curves, List<RunSeries> series,
                        List<List<String>> availability) {
    this.name = name;
    this.tableHtml = tableHtml;
    this.curves = curves;
    this.series = series;
    this.availability = availability;
  }

  /** @return the whole HTML document */
  public String render() {
    body.append("<h2 id=\"table\">Results</h2>\n<p class=\"note\">Mean over the repetitions of each combination,"
        + " ± the half-width of its 95% confidence interval (Student's t); latencies in microseconds.</p>\n")
        .append(tableHtml);

    body.append("<h2 id=\"curves\">Latency vs throughput</h2>\n<p class=\"note\">One line per configuration: each"
        + " point is a combination's mean throughput and mean latency percentile, labelled with its offered load;"
        + " dashed lines of the same colour bound the 95% confidence interval of the latency where runs were"
        + " repeated.</p>\n");
    Map<String, List<Curve>> byChart = new LinkedHashMap<>();
    for (Curve c : curves) {
      byChart.computeIfAbsent(c.workload() + " · " + c.section() + " p" + c.percentile(), k -> new ArrayList<>())
          .add(c);
    }
    if (byChart.isEmpty()) {
      note("No curve: the experiment has no finished runs yet.");
    }
    for (Map.Entry<String, List<Curve>> e : byChart.entrySet()) {
      Chart chart = new Chart("curve-" + charts, e.getKey() + " latency vs throughput", "throughput (ops/s)",
          "latency (µs)").xAxis(false, true, Chart.Unit.NUMBER).yAxis(false, true, Chart.Unit.MICROS);
      int i = 0;
      for (Curve c : e.getValue()) {
        String color = ReportCharts.color(i++);
        List<double[]> mean = new ArrayList<>();
        List<double[]> low = new ArrayList<>();
        List<double[]> high = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        boolean band = false;
        for (Point p : c.points()) {
          mean.add(new double[] {p.throughput(), p.latencyMicros()});
          low.add(new double[] {p.throughput(), p.latencyLow()});
          high.add(new double[] {p.throughput(), p.latencyHigh()});
          labels.add(p.label());
          band |= p.latencyHigh() > p.latencyLow();
        }
        chart.add(new Chart.Series(c.configuration(), color, "", mean, true, labels));
        if (band) {
          chart.add(new Chart.Series(c.configuration() + " (95% CI low)", color, "4 3", low));
          chart.add(new Chart.Series(c.configuration() + " (95% CI high)", color, "4 3", high));
        }
      }
      chart(chart);
    }

    body.append("<h2 id=\"over-time\">Throughput over time</h2>\n<p class=\"note\">Operations per second in each"
        + " interval of each run's time series, one chart per combination (a line per repetition); red vertical"
        + " lines mark the plan's faults.</p>\n");
    Map<String, List<RunSeries>> byGroup = new LinkedHashMap<>();
    for (RunSeries s : series) {
      byGroup.computeIfAbsent(s.group(), k -> new ArrayList<>()).add(s);
    }
    for (Map.Entry<String, List<RunSeries>> e : byGroup.entrySet()) {
      Chart chart = new Chart("over-time-" + charts, e.getKey(), "time from the start of the run (s)",
          "ops/s").xAxis(false, true, Chart.Unit.SECONDS).yAxis(false, true, Chart.Unit.NUMBER)
          .overTime("no run of this combination lasted two intervals");
      double top = 0;
      int i = 0;
      for (RunSeries s : e.getValue()) {
        chart.add(new Chart.Series(s.label(), ReportCharts.color(i++), "", s.points()));
        for (double[] p : s.points()) {
          top = Math.max(top, p[1]);
        }
      }
      List<Double> faults = e.getValue().get(0).faultSeconds();
      for (double f : faults) {
        chart.add(new Chart.Series("fault at " + Html.value(f) + " s", "#d62728", "2 2",
            List.of(new double[] {f, 0}, new double[] {f, top})));
      }
      chart(chart);
    }

    if (!availability.isEmpty()) {
      body.append("<h2 id=\"availability\">Availability</h2>\n<p class=\"note\">For each run with a fault, from"
          + " its time series: from the fault to the first interval with a failed operation or none that succeeded,"
          + " how long such intervals lasted, and when throughput was back to 90% of its level before the fault"
          + " (-1: never within the run). As exact as one time-series interval.</p>\n<table>\n");
      for (int r = 0; r < availability.size(); r++) {
        body.append("<tr>");
        for (String cell : availability.get(r)) {
          String tag = r == 0 ? "th" : "td";
          body.append('<').append(tag).append('>').append(Html.escape(cell)).append("</").append(tag).append('>');
        }
        body.append("</tr>\n");
      }
      body.append("</table>\n");
    }
    return document();
  }

  private void note(String html) {
    body.append("<p class=\"note\">").append(html).append("</p>\n");
  }

  private void chart(Chart c) {
    charts++;
    body.append("<figure>").append(c.toSvg()).append("</figure>\n");
  }

  /** @return the number of charts on the page (valid after {@link #render}) */
  public int chartCount() {
    return charts;
  }

  private String document() {
    StringBuilder d = new StringBuilder(body.length() + 16384);
    d.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>YCSB experiment: ").append(Html.escape(name)).append("</title>\n")
        .append("<style>\n").append(ReportPage.resource("report.css")).append("</style>\n</head>\n")
        .append("<body data-charts-expected=\"").append(charts).append("\">\n<header>\n")
        .append("<h1>YCSB experiment ").append(Html.escape(name)).append("</h1>\n")
        .append("<p class=\"note\">Generated ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS))
        .append(". Hover a chart to read its values.</p>\n<nav><a href=\"#table\">Results</a> "
            + "<a href=\"#curves\">Latency vs throughput</a> <a href=\"#over-time\">Throughput over time</a>");
    if (!availability.isEmpty()) {
      d.append(" <a href=\"#availability\">Availability</a>");
    }
    d.append("</nav>\n</header>\n<main>\n").append(body).append("</main>\n<div id=\"tip\" hidden></div>\n")
        .append("<script>\n").append(ReportPage.resource("report.js")).append("</script>\n</body>\n</html>\n");
    return d.toString();
  }
}
