package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code index.csv} of an experiment folder: every run and load that ran, in order, with its
 * folder, its workload and combination, the properties it was given, and how it ended
 * ({@code done}, {@code failed}, {@code interrupted}). Rewritten (atomically) after every step, so
 * it always says what the folder holds; an experiment started again reads it to skip what is done.
 */
final class ExperimentIndex {
  static final String HEADER = "step,workload,combination,repetition,folder,status,throughput_ops_per_sec,arguments";

  /** One step of the experiment as the index records it. */
  record Entry(String step, String workload, String combination, String repetition, String folder, String status,
               String throughput, String arguments) {
    String csv() {
      return String.join(",", ExperimentCsv.quote(step), ExperimentCsv.quote(workload),
          ExperimentCsv.quote(combination), ExperimentCsv.quote(repetition), ExperimentCsv.quote(folder),
          ExperimentCsv.quote(status), ExperimentCsv.quote(throughput), ExperimentCsv.quote(arguments));
    }
  }

  private final Path file;
  private final Map<String, Entry> byFolder = new LinkedHashMap<>();

  private ExperimentIndex(Path file) {
    this.file = file;
  }

  /** @return the index of the folder, with what an earlier start of the experiment recorded */
  static ExperimentIndex open(Path dir) throws IOException {
    ExperimentIndex index = new ExperimentIndex(dir.resolve("index.csv"));
    if (Files.isRegularFile(index.file)) {
      List<String> lines = Files.readAllLines(index.file, StandardCharsets.UTF_8);
      for (int i = 1; i < lines.size(); i++) {
        List<String> f = ExperimentCsv.cells(lines.get(i));
        if (f.size() == 8) {
          Entry e = new Entry(f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5), f.get(6), f.get(7));
          index.byFolder.put(e.folder(), e);
        }
      }
    }
    return index;
  }

  /** @return whether the step with this folder finished */
  boolean done(Path folder) {
    Entry e = byFolder.get(folder.toString());
    return e != null && "done".equals(e.status());
  }

  Entry get(Path folder) {
    return byFolder.get(folder.toString());
  }

  /** Records a step (replacing what an earlier start recorded for its folder) and rewrites the file. */
  void record(Entry e) throws IOException {
    byFolder.remove(e.folder());
    byFolder.put(e.folder(), e);
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (Entry x : byFolder.values()) {
      b.append(x.csv()).append('\n');
    }
    ExperimentTable.replace(file, b.toString());
  }
}
