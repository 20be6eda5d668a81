package site.ycsb.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import site.ycsb.results.ResultLine;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/**
 * One run as the report shows it: the identity and figures of its results folder (read by
 * {@link ResultsFolder}) with each section's full latency histogram, and the optional
 * {@code timeseries.csv} and {@code resources.csv}.
 */
final class ReportRun {
  /**
   * One section's exact figures.
   *
   * @param count operations in the section
   * @param histogram latencies in nanoseconds
   */
  record Section(long count, Histogram histogram) {
  }

  /**
   * One row of {@code timeseries.csv} for a section; latencies in microseconds, NaN when empty.
   */
  record Interval(double elapsedSeconds, double opsPerSec, double meanUs, double p50Us, double p99Us,
                  double p999Us, double intendedOpsPerSec, double megabytesPerSec) {
  }

  /** One row of {@code resources.csv}; NaN where the platform gave no figure. */
  record Resources(double elapsedSeconds, double processCpuPct, double machineCpuPct) {
  }

  final Path dir;
  String label;
  final boolean complete;
  final String phase;
  final String db;
  final double target;
  final int threadcount;
  final List<String> workloadFiles;
  final long runtimeNanos;
  final long startEpochMillis;
  final String endedBy;
  final long operations;
  final long failedOperations;
  final int clientcount;
  final Map<String, Section> sections = new LinkedHashMap<>();
  final List<ResultLine> lines = new ArrayList<>();
  final Map<String, List<Interval>> timeSeries = new LinkedHashMap<>();
  final List<Resources> resources = new ArrayList<>();
  /** The effective properties from properties.txt, empty when the folder has none. */
  final Map<String, String> properties = new TreeMap<>();

  private ReportRun(ResultsFolder folder) {
    this.dir = folder.dir();
    JsonNode s = folder.summary();
    this.label = dir.toAbsolutePath().normalize().getFileName() == null
        ? dir.toString() : dir.toAbsolutePath().normalize().getFileName().toString();
    this.complete = folder.complete();
    this.phase = folder.phase();
    this.db = s.path("db").asText("");
    this.target = s.path("target").asDouble(0);
    this.threadcount = s.path("threadcount").asInt(s.path("threads").asInt(0));
    List<String> files = new ArrayList<>();
    s.path("workloadFiles").forEach(f -> files.add(f.asText()));
    this.workloadFiles = Collections.unmodifiableList(files);
    this.runtimeNanos = folder.runtimeNanos();
    this.startEpochMillis = folder.windowStartEpochMillis();
    this.endedBy = s.path("window").path("endedBy").asText("");
    this.operations = s.path("operations").asLong(0);
    this.failedOperations = s.path("failedOperations").asLong(0);
    this.clientcount = s.path("clientcount").asInt(1);
    folder.sections().forEach((name, sec) -> sections.put(name, new Section(sec.count(), sec.histogram())));
    lines.addAll(folder.lines());
    folder.properties().forEach((k, v) -> properties.put(k.toString(), v.toString()));
  }

  /**
   * Reads a results folder.
   *
   * @throws ReportException with one line naming the folder when it is not a readable results folder
   */
  static ReportRun read(Path dir) throws ReportException {
    ReportRun r;
    try {
      r = new ReportRun(ResultsFolder.read(dir, true));
    } catch (ResultsInputException e) {
      throw new ReportException(e.getMessage());
    }
    try {
      r.readTimeSeries(dir.resolve("timeseries.csv"));
      r.readResources(dir.resolve("resources.csv"));
    } catch (IOException e) {
      throw new ReportException("cannot read " + dir + ": " + firstLine(e.getMessage()));
    }
    return r;
  }

  /** @return the value of {@code [section], metric}, or NaN when the summary has no such line */
  double line(String section, String metric) {
    for (ResultLine l : lines) {
      if (l.section().equals(section) && l.metric().equals(metric)) {
        return l.value().doubleValue();
      }
    }
    return Double.NaN;
  }

  /** @return workload operations per second over the measured window */
  double throughput() {
    double t = line("OVERALL", "Throughput(ops/sec)");
    if (Double.isNaN(t) && runtimeNanos > 0) {
      t = operations / (runtimeNanos / 1e9);
    }
    return t;
  }

  /**
   * @return what makes two runs repetitions of one another: the phase and every effective
   *     property except where the results went and the seed (two draws of one configuration are
   *     what repetitions are); without properties.txt, the summary's identity
   */
  String configuration() {
    if (properties.isEmpty()) {
      return phase + "|" + db + "|" + workloadFiles + "|" + target + "|" + threadcount + "|" + clientcount;
    }
    Map<String, String> p = new TreeMap<>(properties);
    p.remove("resultsdir");
    p.remove("exportfile");
    p.remove("seed");
    p.remove("capture.dir");
    return phase + "|" + p;
  }

  /** @return the workload files by name only, e.g. {@code workloada} */
  String workloadNames() {
    List<String> names = new ArrayList<>();
    for (String f : workloadFiles) {
      names.add(Path.of(f).getFileName() == null ? f : Path.of(f).getFileName().toString());
    }
    return names.isEmpty() ? "(none)" : String.join(", ", names);
  }

  /**
   * Reads the time series. A row that does not end later than the section's previous one covers
   * no time (a final flush right after the last interval), so its rate means nothing; it is skipped.
   */
  private void readTimeSeries(Path file) throws IOException {
    for (Map<String, String> row : csv(file)) {
      String section = row.getOrDefault("section", "");
      List<Interval> rows = timeSeries.computeIfAbsent(section, k -> new ArrayList<>());
      double elapsed = num(row, "elapsed_ms") / 1000.0;
      if (!Double.isFinite(elapsed) || !rows.isEmpty() && elapsed <= rows.get(rows.size() - 1).elapsedSeconds()) {
        continue;
      }
      rows.add(new Interval(elapsed, num(row, "ops_per_sec"), num(row, "mean_us"), num(row, "p50_us"),
          num(row, "p99_us"), num(row, "p999_us"), num(row, "intended_ops_per_sec"), num(row, "mb_per_sec")));
    }
  }

  private void readResources(Path file) throws IOException {
    for (Map<String, String> row : csv(file)) {
      double elapsed = num(row, "elapsed_ms") / 1000.0;
      if (!Double.isFinite(elapsed)
          || !resources.isEmpty() && elapsed <= resources.get(resources.size() - 1).elapsedSeconds()) {
        continue;
      }
      resources.add(new Resources(elapsed, num(row, "process_cpu_pct"), num(row, "machine_cpu_pct")));
    }
  }

  /** Reads a CSV file with a header row; a missing file has no rows, a torn last line is skipped. */
  private static List<Map<String, String>> csv(Path file) throws IOException {
    List<Map<String, String>> rows = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return rows;
    }
    List<String> text = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (text.isEmpty()) {
      return rows;
    }
    String[] header = text.get(0).split(",", -1);
    for (int i = 1; i < text.size(); i++) {
      String[] cells = text.get(i).split(",", -1);
      if (cells.length != header.length) {
        continue;
      }
      Map<String, String> row = new HashMap<>();
      for (int c = 0; c < header.length; c++) {
        row.put(header[c].trim(), cells[c].trim());
      }
      rows.add(row);
    }
    return rows;
  }

  private static double num(Map<String, String> row, String column) {
    String v = row.get(column);
    if (v == null || v.isEmpty()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
