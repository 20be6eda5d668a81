package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;

/** The availability tables of an experiment with faults: what each fault did to a run, and to all of them. */
final class AvailabilityTables {
  private final Plan plan;
  private final Path dir;

  AvailabilityTables(Plan plan, Path dir) {
    this.plan = plan;
    this.dir = dir;
  }

  /**
   * Writes the run's {@code availability.csv} (one row per fault) and the experiment's, of every
   * finished run with faults; durability columns when a run counted its lost writes.
   *
   * @param folder the run's folder
   * @param runs the experiment's runs
   * @param finished the finished runs' results, by folder
   */
  void write(Path folder, List<PlannedRun> runs, Map<Path, ResultsFolder> finished) throws IOException {
    List<Availability.Interval> intervals = Availability.intervals(folder.resolve("timeseries.csv"));
    Number lostWrites = lostWrites(folder);
    StringBuilder b = new StringBuilder(Availability.CSV_HEADER)
        .append(lostWrites != null ? Availability.DURABILITY_COLUMNS : "").append('\n');
    List<Plan.Fault> faults = plan.faults();
    for (int k = 0; k < faults.size(); k++) {
      long at = faults.get(k).atMillis();
      b.append(Availability.of(intervals, at).csv());
      if (lostWrites != null) {
        long until = k + 1 < faults.size() ? faults.get(k + 1).atMillis() : Long.MAX_VALUE;
        b.append(',').append(Availability.staleReadsBetween(intervals, at, until)).append(',').append(lostWrites);
      }
      b.append('\n');
    }
    ExperimentTable.replace(folder.resolve("availability.csv"), b.toString());
    // and the experiment's table of every run with a fault; durability columns when any run has them
    List<String> rows = new ArrayList<>();
    boolean durability = false;
    for (PlannedRun x : runs) {
      Path a = dir.resolve(x.folder()).resolve("availability.csv");
      if (finished.containsKey(x.folder()) && Files.isRegularFile(a)) {
        List<String> lines = Files.readAllLines(a, StandardCharsets.UTF_8);
        durability |= !lines.isEmpty() && lines.get(0).endsWith(Availability.DURABILITY_COLUMNS);
        for (int i = 1; i < lines.size(); i++) {
          rows.add(x.workload() + ',' + ExperimentCsv.quote(x.describe()) + ','
              + (x.findsMaximum() ? "maximum" : Integer.toString(x.repetition())) + ',' + x.folder() + ','
              + lines.get(i));
        }
      }
    }
    String header = "workload,combination,repetition,folder," + Availability.CSV_HEADER;
    StringBuilder all = new StringBuilder(header).append(durability ? Availability.DURABILITY_COLUMNS : "")
        .append('\n');
    int columns = (header + (durability ? Availability.DURABILITY_COLUMNS : "")).split(",").length;
    for (String row : rows) {
      all.append(row).append(",".repeat(Math.max(0, columns - ExperimentCsv.cells(row).size()))).append('\n');
    }
    ExperimentTable.replace(dir.resolve("availability.csv"), all.toString());
  }

  /** @return the run's lost writes ({@code [DURABILITY] LostWrites}), null when it did not count them */
  private static Number lostWrites(Path folder) {
    try {
      return ResultsFolder.read(folder, true).line("DURABILITY", "LostWrites");
    } catch (ResultsInputException | RuntimeException e) {
      return null;
    }
  }
}
