package site.ycsb.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the experiment's CSV files (RFC 4180 quoting, one record per line) for tests. */
final class Csv {
  private Csv() {
  }

  /** @return every line's cells, the header first */
  static List<List<String>> read(Path file) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        out.add(split(line));
      }
    }
    return out;
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
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cur.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cur.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        out.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString());
    return out;
  }
}
