package site.ycsb.tools.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;

/**
 * Assembles the report page: styles and the small hover script inlined from resources, the
 * comparison table, and every chart as inline SVG, so the file needs nothing else to be viewed.
 */
final class ReportPage {
  private final List<ReportRun> runs;
  private final boolean series;
  private final ReportCharts charts;
  private final List<String> charted = new ArrayList<>();
  private final StringBuilder body = new StringBuilder(1 << 16);

  ReportPage(List<ReportRun> runs) {
    this(runs, false);
  }

  /**
   * @param runs the runs, in the order given
   * @param series whether they are a series (one configuration over time): adds its charts and change points
   */
  ReportPage(List<ReportRun> runs, boolean series) {
    this.runs = runs;
    this.series = series;
    this.charts = new ReportCharts(runs);
  }

  /** @return the ids of the charts on the page, in page order (valid after {@link #render}) */
  List<String> chartIds() {
    return charted;
  }

  /** @return the whole HTML document */
  String render() {
    List<String> latency = latencySections();
    ComparisonTable table = new ComparisonTable(runs);

    heading("runs", "Runs compared");
    body.append("<p class=\"note\">One column per results folder; latencies in microseconds.");
    if (runs.size() == 2) {
      body.append(" The last column is the relative difference |a−b| / mean(a, b).");
    }
    body.append("</p>\n").append(table.main(latency));
    body.append("<details><summary>Every summary line</summary>\n").append(table.all()).append("</details>\n");

    if (SloTable.any(runs)) {
      heading("slo", "Service-level objective");
      note("Each threshold of the runs' slo property: pass or FAIL, with the measured figure (latencies in "
          + "microseconds; for a threshold checked per interval, the share of intervals that met it).");
      body.append(SloTable.html(runs));
    }

    RepetitionTable repetitions = new RepetitionTable(runs);
    if (repetitions.any()) {
      heading("repetitions", "Repetitions");
      note("Runs with identical configuration (every property but the results folder) are repetitions: the "
          + "mean of each figure over them, with the 95% confidence interval of the mean (Student's t).");
      body.append(repetitions.html());
    }

    SignificanceTable significance = series ? null : SignificanceTable.of(runs);
    if (significance != null) {
      heading("significance-section", "Is the difference real?");
      body.append(significance.html());
    }

    if (series) {
      SeriesSection s = SeriesSection.of(runs);
      heading("series", "Series and change points");
      note(s.note());
      body.append(s.table());
      s.charts().forEach(this::chart);
    }

    heading("throughput", "Throughput over time");
    note("Workload operations completed per second in each interval of the time series "
        + "(warm-up intervals are not recorded). Under a throttle the dashed line is the load it offered "
        + "(target or target.profile): where the solid line falls below it, the database fell behind.");
    chart(charts.throughput());
    if (charts.anyBytes()) {
      note("Bytes of the values written (updates, inserts) and read (reads, scans) by successful calls, per "
          + "second: all operations (solid) and each kind.");
      chart(charts.megabytes());
    }

    heading("latency-vs-throughput-section", "Latency vs throughput");
    try {
      Sweep sweep = Sweep.of(runs);
      note("Each point is one run: its measured throughput and its p50 (solid) or p99 (dashed) latency over "
          + "the whole window, labelled with the offered load. Where throughput stops following the offered "
          + "load the store is saturated; beyond it more load adds queueing, which the <b>Intended-</b> "
          + "latencies (measured from each operation's scheduled start) show and the others do not.");
      List<String> ops = new ArrayList<>();
      for (String s : latency) {
        // the schedule's own figures (start lag, unfinished slots) are not latencies of operations
        if (!s.endsWith("-FAILED") && !s.equals(Operation.START_LAG.label())
            && !s.equals(Outcome.INTENDED.section(Operation.UNFINISHED))) {
          ops.add(s);
        }
      }
      chart(charts.latencyVsThroughput(sweep, ops));
    } catch (IllegalArgumentException notASweep) {
      note("Not drawn: this curve needs runs of the same binding, workload and phase that differ only in "
          + "their target or only in their thread count, and " + Html.escape(notASweep.getMessage()) + ".");
    }

    heading("client-cpu", "Client CPU");
    note("CPU used by the benchmark process (100% = one core) and by the whole client machine (100% = all "
        + "cores). A client near its limit may have bounded the result, not the database.");
    chart(charts.clientCpu());

    heading("latency", "Latency per operation");
    note("Each operation has its own charts, reads and writes apart. <b>Intended-</b> sections measure from "
        + "the moment the throttle scheduled an operation, so they include the queueing a stall causes; "
        + "<b>-FAILED</b> sections hold failed calls. Percentiles over time come from the per-interval time "
        + "series; the histogram and CDF come from the exact whole-run histogram in summary.json.");
    for (String section : latency) {
      body.append("<h3 id=\"op-").append(ReportCharts.slug(section)).append("\">").append(Html.escape(section))
          .append("</h3>\n");
      if (!section.endsWith("UNFINISHED")) {
        // what did not finish is recorded at the window's end only: one point in time, never a line
        chart(charts.latencyOverTime(section));
      }
      chart(charts.histogram(section));
      chart(charts.cdf(section));
    }
    return document(latency);
  }

  /**
   * @return sections with latencies in any run, grouped by operation in the order results list
   *     them: successful calls, then from intended start, then failed calls
   */
  private List<String> latencySections() {
    Set<String> present = new LinkedHashSet<>();
    for (ReportRun r : runs) {
      r.sections.forEach((name, s) -> {
        if (s.count() > 0 && s.histogram() != null && s.histogram().getTotalCount() > 0) {
          present.add(name);
        }
      });
    }
    List<String> ordered = new ArrayList<>();
    for (Operation op : Operation.all()) {
      if (op == Operation.VERIFY || op == Operation.STALE_READ) {
        continue;
      }
      for (String name : new String[] {op.label(), "Intended-" + op.label(), op.label() + "-FAILED"}) {
        if (present.remove(name)) {
          ordered.add(name);
        }
      }
    }
    present.remove("ALL");
    present.remove("VERIFY");
    ordered.addAll(present);
    return ordered;
  }

  private void heading(String id, String title) {
    body.append("<h2 id=\"").append(id).append("\">").append(Html.escape(title)).append("</h2>\n");
  }

  private void note(String html) {
    body.append("<p class=\"note\">").append(html).append("</p>\n");
  }

  private void chart(Chart c) {
    charted.add(c.id());
    body.append("<figure>").append(c.toSvg()).append("</figure>\n");
  }

  private String document(List<String> latency) {
    StringBuilder labels = new StringBuilder();
    for (ReportRun r : runs) {
      labels.append(labels.length() == 0 ? "" : ", ").append(r.label);
    }
    StringBuilder d = new StringBuilder(body.length() + 16384);
    d.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>YCSB report: ").append(Html.escape(labels.toString())).append("</title>\n")
        .append("<style>\n").append(resource("report.css")).append("</style>\n</head>\n")
        .append("<body data-charts-expected=\"").append(charted.size()).append("\">\n<header>\n")
        .append("<h1>YCSB report</h1>\n<p class=\"runs\">");
    for (int i = 0; i < runs.size(); i++) {
      ReportRun r = runs.get(i);
      d.append("<span class=\"run\"><span class=\"sw\" style=\"background:").append(ReportCharts.color(i))
          .append("\"></span><b>").append(Html.escape(r.label)).append("</b> ").append(Html.escape(r.phase))
          .append(" · ").append(Html.escape(r.workloadNames())).append(" · ")
          .append(Html.figure(Math.round(r.throughput()))).append(" ops/s</span>");
    }
    d.append("</p>\n<p class=\"note\">Generated ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS))
        .append(" from ").append(runs.size()).append(runs.size() == 1 ? " results folder" : " results folders")
        .append(". Hover a chart to read its values.</p>\n");
    for (ReportRun r : runs) {
      if (!r.complete) {
        d.append("<p class=\"warn\">").append(Html.escape(r.label)).append(": the summary is not final (the "
            + "phase was still running or was killed); its figures cover the time up to the last export.</p>\n");
      }
    }
    d.append("<nav><a href=\"#runs\">Runs compared</a> ");
    if (body.indexOf("<h2 id=\"repetitions\">") >= 0) {
      d.append("<a href=\"#repetitions\">Repetitions</a> ");
    }
    if (body.indexOf("<h2 id=\"significance-section\">") >= 0) {
      d.append("<a href=\"#significance-section\">Is the difference real?</a> ");
    }
    if (body.indexOf("<h2 id=\"series\">") >= 0) {
      d.append("<a href=\"#series\">Series</a> ");
    }
    d.append("<a href=\"#throughput\">Throughput</a> "
        + "<a href=\"#latency-vs-throughput-section\">Latency vs throughput</a> "
        + "<a href=\"#client-cpu\">Client CPU</a>");
    for (String s : latency) {
      d.append(" <a href=\"#op-").append(ReportCharts.slug(s)).append("\">").append(Html.escape(s)).append("</a>");
    }
    d.append("</nav>\n</header>\n<main>\n").append(body).append("</main>\n<div id=\"tip\" hidden></div>\n")
        .append("<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
    return d.toString();
  }

  static String resource(String name) {
    try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource site/ycsb/tools/report/" + name + " is missing from the build");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
