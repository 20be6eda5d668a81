package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSV of an experiment's files ({@code index.csv}, {@code results.csv},
 * {@code availability.csv}): one record per line, RFC 4180 quoting for cells with commas or
 * quotes. Written by the experiment, read by it when it resumes, and by whoever analyses them.
 */
public final class ExperimentCsv {
  private ExperimentCsv() {
  }

  /** @return every non-empty line's cells, the header first */
  public static List<List<String>> read(Path file) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        out.add(cells(line));
      }
    }
    return out;
  }

  /** @return the cells of one line */
  public static List<String> cells(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cur.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        out.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString());
    return out;
  }

  /** @return the cell quoted when it must be (commas, quotes; line breaks become spaces) */
  static String quote(String s) {
    if (s == null) {
      return "";
    }
    if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
      return "\"" + s.replace("\"", "\"\"").replace("\n", " ") + "\"";
    }
    return s;
  }
}
