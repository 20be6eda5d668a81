package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.slo.Threshold;

/**
 * Writes what the capacity search found: {@code capacity.txt} (the sentence per combination),
 * {@code capacity.csv} (the figures, read by the report to mark the capacity on its curves) and
 * {@code search.csv} (every candidate with its verdict and the runs behind it).
 */
final class CapacityReport {
  static final String CAPACITY_HEADER = "workload,combination,capacity_ops_per_sec,low,high,unthrottled_ops_per_sec,"
      + "slo,runs,complete";

  private final CapacitySearch search;
  private final Path dir;
  private final List<PlannedRun> maxima = new ArrayList<>();
  private final List<CapacitySearch.Result> results = new ArrayList<>();

  CapacityReport(CapacitySearch search, Path dir) {
    this.search = search;
    this.dir = dir;
  }

  void add(PlannedRun maximumRun, CapacitySearch.Result result) {
    maxima.add(maximumRun);
    results.add(result);
  }

  void write() throws IOException {
    StringBuilder text = new StringBuilder();
    StringBuilder capacity = new StringBuilder(CAPACITY_HEADER).append('\n');
    StringBuilder candidates = new StringBuilder("workload,combination,candidate,target,achieved_mean,achieved_ci95_low,"
        + "achieved_ci95_high");
    for (Threshold t : search.slo().thresholds()) {
      candidates.append(',').append(ExperimentCsv.quote(t.text() + " (pessimistic)"));
    }
    candidates.append(",passed,folders\n");
    for (int i = 0; i < maxima.size(); i++) {
      PlannedRun max = maxima.get(i);
      CapacitySearch.Result r = results.get(i);
      String combination = ExperimentCsv.quote(PlannedRun.describe(max.combination()));
      text.append(search.describe(r, max)).append('\n');
      int runs = 1 + r.candidates().stream().mapToInt(c -> c.folders().size()).sum();
      capacity.append(max.workload()).append(',').append(combination).append(',')
          .append(CapacitySearch.num(r.low())).append(',').append(CapacitySearch.num(r.low())).append(',')
          .append(CapacitySearch.num(r.high())).append(',').append(ExperimentTable.num(r.maximum())).append(',')
          .append(ExperimentCsv.quote(search.slo().describe())).append(',').append(runs).append(',')
          .append(r.complete()).append('\n');
      int k = 0;
      for (CapacitySearch.Candidate c : r.candidates()) {
        candidates.append(max.workload()).append(',').append(combination).append(',').append(++k).append(',')
            .append(CapacitySearch.num(c.target())).append(',').append(ExperimentTable.num(c.achieved().mean()))
            .append(',').append(num(c.achieved().low())).append(',').append(num(c.achieved().high()));
        for (Double v : c.pessimistic().values()) {
          candidates.append(',').append(num(v));
        }
        List<String> folders = new ArrayList<>();
        c.folders().forEach(f -> folders.add(f.toString()));
        candidates.append(',').append(c.passed()).append(',').append(ExperimentCsv.quote(String.join(" ", folders)))
            .append('\n');
      }
    }
    ExperimentTable.replace(dir.resolve("capacity.txt"), text.toString());
    ExperimentTable.replace(dir.resolve("capacity.csv"), capacity.toString());
    ExperimentTable.replace(dir.resolve("search.csv"), candidates.toString());
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : ExperimentTable.num(v);
  }

  /** @return the capacity lines of an experiment folder's capacity.csv as cells, empty without one */
  static List<List<String>> read(Path dir) throws IOException {
    Path file = dir.resolve("capacity.csv");
    if (!Files.isRegularFile(file)) {
      return new ArrayList<>();
    }
    List<List<String>> rows = ExperimentCsv.read(file);
    return rows.isEmpty() ? rows : rows.subList(1, rows.size());
  }
}
