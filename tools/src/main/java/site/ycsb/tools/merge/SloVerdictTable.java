package site.ycsb.tools.merge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsb.results.ResultsFolder;
import site.ycsb.tools.comparison.TextTable;

/**
 * The service-level verdicts of several results folders side by side, for {@code compare}: one
 * row per threshold, one column per folder, each cell {@code pass} or {@code FAIL} with the
 * measured figure, and a last row with the folder's overall verdict.
 */
final class SloVerdictTable {
  private SloVerdictTable() {
  }

  /** Prints the table, or nothing when no folder was judged by an objective. */
  static void print(PrintStream out, List<ResultsFolder> folders, List<String> labels) {
    Set<String> thresholds = new LinkedHashSet<>();
    boolean any = false;
    for (ResultsFolder f : folders) {
      JsonNode slo = f.summary().path("slo");
      if (slo.isObject()) {
        any = true;
        slo.path("thresholds").forEach(t -> thresholds.add(t.path("threshold").asText()));
      }
    }
    if (!any) {
      return;
    }
    out.println();
    out.println("service-level objective: verdict (measured figure) per folder");
    List<String[]> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("threshold"));
    head.addAll(labels);
    rows.add(head.toArray(new String[0]));
    for (String t : thresholds) {
      List<String> r = new ArrayList<>(List.of(t));
      for (ResultsFolder f : folders) {
        r.add(cell(f, t));
      }
      rows.add(r.toArray(new String[0]));
    }
    List<String> overall = new ArrayList<>(List.of("all thresholds"));
    for (ResultsFolder f : folders) {
      JsonNode slo = f.summary().path("slo");
      overall.add(!slo.isObject() ? "-" : slo.path("passed").asBoolean(false) ? "pass" : "FAIL");
    }
    rows.add(overall.toArray(new String[0]));
    TextTable.print(out, rows, i -> true);
  }

  private static String cell(ResultsFolder f, String threshold) {
    for (JsonNode t : f.summary().path("slo").path("thresholds")) {
      if (threshold.equals(t.path("threshold").asText())) {
        String verdict = t.path("passed").asBoolean(false) ? "pass" : "FAIL";
        JsonNode m = t.path("measured");
        return m.isNumber() ? verdict + " (" + String.format(Locale.ROOT, "%.3f", m.asDouble()) + " "
            + t.path("unit").asText() + ")" : verdict + " (not measured)";
      }
    }
    return "-";
  }
}
