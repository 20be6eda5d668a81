package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code slo} object of summary.json, read off the summary's {@code [SLO]} lines so that a
 * phase and a merge write it alike: the overall verdict and, per threshold, its measured figure,
 * limit, unit and verdict.
 */
final class SloJson {
  private static final String SECTION = "SLO";

  private SloJson() {
  }

  /** Adds {@code "slo"} to {@code root} when the lines have an {@code [SLO]} section. */
  static void add(ObjectNode root, List<ResultLine> lines) {
    Map<String, ObjectNode> thresholds = new LinkedHashMap<>();
    ObjectNode slo = null;
    for (ResultLine l : lines) {
      if (!SECTION.equals(l.section())) {
        continue;
      }
      if (slo == null) {
        slo = root.putObject("slo");
      }
      String metric = l.metric();
      int colon = metric.lastIndexOf(':');
      if (colon < 0) {
        switch (metric) {
          case "Passed":
            slo.put("passed", l.value().longValue() == 1);
            break;
          case "Aborted":
            slo.put("aborted", l.value().longValue() == 1);
            break;
          case "Broken":
            slo.put("broken", l.value().longValue());
            break;
          default:
            // Thresholds: the length of the list below
            break;
        }
        continue;
      }
      String name = metric.substring(0, colon);
      String what = metric.substring(colon + 1);
      ObjectNode t = thresholds.computeIfAbsent(name, n -> root.objectNode().put("threshold", n));
      if (what.startsWith("Measured(")) {
        t.put("measured", l.value().doubleValue());
        t.put("unit", what.substring("Measured(".length(), what.length() - 1));
      } else if (what.startsWith("Limit(")) {
        t.put("limit", l.value().doubleValue());
        t.put("unit", what.substring("Limit(".length(), what.length() - 1));
      } else if ("Intervals".equals(what)) {
        t.put("intervals", l.value().longValue());
      } else if ("Passed".equals(what)) {
        t.put("passed", l.value().longValue() == 1);
      }
    }
    if (slo != null) {
      ArrayNode arr = slo.putArray("thresholds");
      thresholds.values().forEach(arr::add);
    }
  }
}
