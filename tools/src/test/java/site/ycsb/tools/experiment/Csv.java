package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Reads the experiment's CSV files (RFC 4180 quoting, one record per line) for tests. */
final class Csv {
  private Csv() {
  }

  /** @return every line's cells, the header first */
  static List<List<String>> read(Path file) throws IOException {
    return ExperimentCsv.read(file);
  }

  /** @return the cell of a row under a header name */
  static String cell(List<List<String>> table, int row, String column) {
    int c = table.get(0).indexOf(column);
    if (c < 0) {
      throw new AssertionError("no column " + column + " in " + table.get(0));
    }
    return table.get(row).get(c);
  }

  static List<String> split(String line) {
    return ExperimentCsv.cells(line);
  }
}
