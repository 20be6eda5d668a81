package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import site.ycsb.tools.report.Chart.Series;
import site.ycsb.tools.report.Chart.Unit;

/**
 * Builds each chart of the report from the runs: one colour per run throughout the page, and
 * for percentiles one dash pattern per percentile (solid p50, dashed p99, dotted p99.9).
 */
final class ReportCharts {
  /** Distinct, colour-blind-tolerant hues; runs beyond ten reuse them. */
  private static final String[] PALETTE = {
      "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  /** Colours for operations on the one chart where colour means operation, not run. */
  private static final String[] OPERATION_PALETTE = {"#3b4cc0", "#c0392b", "#16a085", "#8e44ad", "#d35400", "#2c3e50"};
  private static final String SOLID = "";
  private static final String DASHED = "7 4";
  private static final String DOTTED = "2 3";

  private final List<ReportRun> runs;

  ReportCharts(List<ReportRun> runs) {
    this.runs = runs;
  }

  static String color(int index) {
    return PALETTE[index % PALETTE.length];
  }

  /**
   * What an over-time chart says when no run has two intervals to draw a line between: usually
   * the runs were shorter than one time-series interval.
   */
  private String whyNoLine() {
    long longestNanos = runs.stream().mapToLong(r -> r.runtimeNanos).max().orElse(0);
    String granularity = runs.isEmpty() ? null
        : runs.get(0).properties.get(site.ycsb.props.CoreProperties.TIMESERIES_GRANULARITY.name());
    long granularityMs = granularity == null ? 1000 : parseOr(granularity, 1000);
    if (longestNanos < 2 * granularityMs * 1_000_000L) {
      return String.format(java.util.Locale.ROOT, "no line to draw: the run (%.2f s) spans fewer than two"
          + " time-series intervals (timeseries.granularity=%d ms)", longestNanos / 1e9, granularityMs);
    }
    return "no time series in these results";
  }

  private static long parseOr(String text, long fallback) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  /** Workload operations per second in each interval of each run. */
  Chart throughput() {
    Chart c = new Chart("throughput", "Throughput over time", "time since the start of the phase (s)",
        "operations per second").xAxis(false, true, Unit.SECONDS).yAxis(false, true, Unit.NUMBER)
        .overTime(whyNoLine());
    for (int i = 0; i < runs.size(); i++) {
      ReportRun r = runs.get(i);
      List<ReportRun.Interval> rows = r.timeSeries.get("OVERALL");
      c.add(new Series(r.label, color(i), SOLID, series(rows, ReportRun.Interval::opsPerSec)));
      if (rows != null && rows.stream().anyMatch(x -> x.intendedOpsPerSec() > 0)) {
        // what the throttle offered: where the solid line falls below it, the database fell behind
        c.add(new Series(r.label + " · intended", color(i), DASHED, series(rows,
            ReportRun.Interval::intendedOpsPerSec)));
      }
    }
    return c;
  }

  /** @return whether any run moved bytes that its time series counted */
  boolean anyBytes() {
    return runs.stream().anyMatch(r -> r.timeSeries.getOrDefault("OVERALL", List.of()).stream()
        .anyMatch(x -> x.megabytesPerSec() > 0));
  }

  /** Megabytes written and read per second in each interval, in total and per operation. */
  Chart megabytes() {
    Chart c = new Chart("megabytes", "Throughput in MB/s over time", "time since the start of the phase (s)",
        "MB per second (10^6 bytes)").xAxis(false, true, Unit.SECONDS).yAxis(false, true, Unit.NUMBER)
        .overTime(whyNoLine());
    for (int i = 0; i < runs.size(); i++) {
      ReportRun r = runs.get(i);
      c.add(new Series(r.label + " · all", color(i), SOLID, series(r.timeSeries.get("OVERALL"),
          ReportRun.Interval::megabytesPerSec)));
      String[] dashes = {DASHED, DOTTED, "4 2 1 2", "1 1"};
      int k = 0;
      for (String op : new String[] {"READ", "UPDATE", "INSERT", "SCAN"}) {
        List<ReportRun.Interval> rows = r.timeSeries.get(op);
        if (rows != null && rows.stream().anyMatch(x -> x.megabytesPerSec() > 0)) {
          c.add(new Series(r.label + " · " + op, color(i), dashes[k % dashes.length], series(rows,
              ReportRun.Interval::megabytesPerSec)));
        }
        k++;
      }
    }
    return c;
  }

  /** The client's own CPU use, to show whether a result was bounded by the client machine. */
  Chart clientCpu() {
    Chart c = new Chart("client-cpu", "Client CPU over time", "time since the start of the phase (s)",
        "CPU (%)").xAxis(false, true, Unit.SECONDS).yAxis(false, true, Unit.PERCENT).overTime(whyNoLine());
    for (int i = 0; i < runs.size(); i++) {
      ReportRun r = runs.get(i);
      List<double[]> process = new ArrayList<>();
      List<double[]> machine = new ArrayList<>();
      for (ReportRun.Resources s : r.resources) {
        process.add(new double[] {s.elapsedSeconds(), s.processCpuPct()});
        machine.add(new double[] {s.elapsedSeconds(), s.machineCpuPct()});
      }
      c.add(new Series(r.label + " · process", color(i), SOLID, process));
      c.add(new Series(r.label + " · machine", color(i), DASHED, machine));
    }
    return c;
  }

  /** p50, p99 and p99.9 latency of one section in each interval of each run. */
  Chart latencyOverTime(String section) {
    Chart c = new Chart("latency-time-" + slug(section), section + ": latency percentiles over time",
        "time since the start of the phase (s)", "latency (log scale)")
        .xAxis(false, true, Unit.SECONDS).yAxis(true, false, Unit.MICROS).overTime(whyNoLine());
    for (int i = 0; i < runs.size(); i++) {
      ReportRun r = runs.get(i);
      List<ReportRun.Interval> rows = r.timeSeries.get(section);
      if (rows == null) {
        continue;
      }
      c.add(new Series(r.label + " · p50", color(i), SOLID, series(rows, ReportRun.Interval::p50Us)));
      c.add(new Series(r.label + " · p99", color(i), DASHED, series(rows, ReportRun.Interval::p99Us)));
      c.add(new Series(r.label + " · p99.9", color(i), DOTTED, series(rows, ReportRun.Interval::p999Us)));
    }
    return c;
  }

  /** Share of one section's operations in each logarithmic latency bin, per run. */
  Chart histogram(String section) {
    Chart c = new Chart("histogram-" + slug(section), section + ": latency histogram",
        "latency (log scale, " + LatencyDistribution.BINS_PER_DECADE + " bins per power of ten)",
        "share of operations (%)").xAxis(true, false, Unit.MICROS).yAxis(false, true, Unit.PERCENT);
    LatencyDistribution d = new LatencyDistribution(histograms(section));
    for (int i = 0; i < runs.size(); i++) {
      ReportRun.Section s = runs.get(i).sections.get(section);
      if (s != null) {
        c.add(new Series(runs.get(i).label, color(i), SOLID, d.histogram(s.histogram())));
      }
    }
    return c;
  }

  /** Cumulative share of one section's operations at or below each latency, per run. */
  Chart cdf(String section) {
    Chart c = new Chart("cdf-" + slug(section), section + ": cumulative distribution (CDF)", "latency (log scale)",
        "operations at or below (%)").xAxis(true, false, Unit.MICROS).yAxis(false, true, Unit.PERCENT);
    LatencyDistribution d = new LatencyDistribution(histograms(section));
    for (int i = 0; i < runs.size(); i++) {
      ReportRun.Section s = runs.get(i).sections.get(section);
      if (s != null) {
        c.add(new Series(runs.get(i).label, color(i), SOLID, d.cdf(s.histogram())));
      }
    }
    return c;
  }

  /**
   * Measured throughput against p50 and p99 latency of each operation, one point per run, in
   * increasing offered load.
   */
  Chart latencyVsThroughput(Sweep sweep, List<String> sections) {
    String what = sweep.varying == Sweep.Varying.TARGET ? "target" : "thread count";
    Chart c = new Chart("latency-vs-throughput", "Latency vs throughput (runs differ in " + what + ")",
        "measured throughput (operations per second)", "latency (log scale)")
        .xAxis(false, true, Unit.NUMBER).yAxis(true, false, Unit.MICROS);
    List<String> labels = new ArrayList<>();
    for (ReportRun r : sweep.runs) {
      labels.add(sweep.pointLabel(r));
    }
    int k = 0;
    for (String section : sections) {
      String col = OPERATION_PALETTE[k % OPERATION_PALETTE.length];
      boolean labelled = k++ == 0;
      for (double pct : new double[] {50, 99}) {
        List<double[]> points = new ArrayList<>();
        for (ReportRun r : sweep.runs) {
          ReportRun.Section s = r.sections.get(section);
          points.add(new double[] {r.throughput(),
              s == null ? Double.NaN : LatencyDistribution.percentileMicros(s.histogram(), pct)});
        }
        c.add(new Series(section + " · p" + (int) pct, col, pct == 50 ? SOLID : DASHED, points, true,
            pct == 50 && labelled ? labels : null));
      }
    }
    return c;
  }

  /** @return a section name usable in an element id, e.g. {@code intended-read} */
  static String slug(String section) {
    return section.toLowerCase().replaceAll("[^a-z0-9]+", "-");
  }

  private List<Histogram> histograms(String section) {
    List<Histogram> list = new ArrayList<>();
    for (ReportRun r : runs) {
      ReportRun.Section s = r.sections.get(section);
      list.add(s == null ? null : s.histogram());
    }
    return list;
  }

  private static List<double[]> series(List<ReportRun.Interval> rows,
                                       ToDoubleFunction<ReportRun.Interval> value) {
    List<double[]> points = new ArrayList<>();
    if (rows != null) {
      for (ReportRun.Interval row : rows) {
        points.add(new double[] {row.elapsedSeconds(), value.applyAsDouble(row)});
      }
    }
    return points;
  }
}
