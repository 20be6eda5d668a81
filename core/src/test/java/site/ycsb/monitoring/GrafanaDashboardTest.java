package site.ycsb.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * monitoring/grafana-dashboard.json as Grafana's import reads it: a dashboard of the current schema
 * whose every query goes to the Prometheus chosen in its {@code datasource} variable, filtered by
 * the {@code phase}, {@code label} and {@code client} variables, with the panels the monitoring
 * guide describes, laid out without overlap, and a row repeated per client.
 */
class GrafanaDashboardTest {
  private static final String DATASOURCE_UID = "${datasource}";
  private static final Pattern VARIABLE_USE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

  private static JsonNode dashboard;

  @BeforeAll
  static void read() throws IOException {
    dashboard = new ObjectMapper().readTree(DashboardQueriesTest.DASHBOARD.toFile());
  }

  @Test
  void isADashboardOfTheCurrentSchemaThatImportsAsNew() {
    int schema = dashboard.path("schemaVersion").asInt();
    assertTrue(schema >= 36 && schema <= 41, "schemaVersion " + schema);
    assertTrue(dashboard.path("id").isNull(), "an id would overwrite another dashboard on import");
    assertFalse(dashboard.path("uid").asText().isEmpty());
    assertFalse(dashboard.path("title").asText().isEmpty());
    // no __inputs to fill: the datasource is a variable, so the file also works when provisioned
    assertEquals(0, dashboard.path("__inputs").size());
  }

  @Test
  void theDatasourceIsAVariableOfTypePrometheusThatEveryQueryUses() {
    JsonNode ds = variable("datasource");
    assertEquals("datasource", ds.path("type").asText());
    assertEquals("prometheus", ds.path("query").asText());
    for (JsonNode panel : panels()) {
      if (isRow(panel)) {
        continue;
      }
      assertDatasource(panel.path("datasource"), panel.path("title").asText());
      for (JsonNode target : panel.path("targets")) {
        assertDatasource(target.path("datasource"), panel.path("title").asText() + " " + target.path("refId"));
      }
    }
    for (String name : List.of("phase", "label", "client")) {
      assertDatasource(variable(name).path("datasource"), "variable " + name);
    }
  }

  @Test
  void clientLabelAndPhaseAreMultiValueVariablesWithAll() {
    for (String name : List.of("phase", "label", "client")) {
      JsonNode v = variable(name);
      assertEquals("query", v.path("type").asText(), name);
      assertTrue(v.path("multi").asBoolean(), name + " is multi-value");
      assertTrue(v.path("includeAll").asBoolean(), name + " includes All");
      // All must also match an empty label (a run without -l): .* does, Grafana's default list does not
      assertEquals(".*", v.path("allValue").asText(), name);
      String query = v.path("query").path("query").asText();
      assertTrue(query.startsWith("label_values(") && query.endsWith(", " + name + ")"), query);
    }
  }

  @Test
  void everyPanelExpressionFiltersByTheVariablesAndNamesNoUnknownOne() throws IOException {
    Set<String> defined = new HashSet<>();
    dashboard.path("templating").path("list").forEach(v -> defined.add(v.path("name").asText()));
    for (DashboardQueries.Query q : DashboardQueries.queries(DashboardQueriesTest.DASHBOARD)) {
      Matcher m = VARIABLE_USE.matcher(q.expr());
      while (m.find()) {
        String name = m.group(1);
        assertTrue(name.startsWith("__") || defined.contains(name), q.source() + " uses undefined $" + name);
      }
      if (q.source().startsWith("variable ")) {
        continue;
      }
      for (String filter : List.of("client=~\"$client\"", "label=~\"$label\"", "phase=~\"$phase\"")) {
        int selectors = DashboardQueries.references(q.expr()).selectors().size();
        assertEquals(selectors, count(q.expr(), filter), q.source() + ": every selector filters by " + filter
            + ": " + q.expr());
      }
    }
  }

  @Test
  void theLatencyPanelsDrawP50P99AndP999OfServiceAndIntendedLatency() throws IOException {
    List<String> expressions = DashboardQueries.expressions(DashboardQueriesTest.DASHBOARD);
    for (String latency : List.of("service", "intended")) {
      for (String q : List.of("0.5", "0.99", "0.999")) {
        String expected = "histogram_quantile(" + q + ", sum by (le, operation) (rate(ycsb_latency_seconds_bucket"
            + "{latency=\"" + latency + "\"";
        assertTrue(expressions.stream().anyMatch(e -> e.startsWith(expected)), expected);
      }
    }
  }

  @Test
  void theGuidesPanelsAreThere() throws IOException {
    List<String> titles = DashboardQueries.panelTitles(DashboardQueriesTest.DASHBOARD);
    for (String title : List.of("Phase state", "Throughput by operation", "Target vs achieved",
        "Service latency p50, p99, p99.9", "Intended latency p50, p99, p99.9", "Failures by status",
        "Operations in flight", "Client CPU (cores busy)", "Time in garbage collection")) {
      assertTrue(titles.contains(title), title + " not among " + titles);
    }
  }

  @Test
  void aCollapsedRowIsRepeatedPerClient() {
    JsonNode row = null;
    for (JsonNode panel : dashboard.path("panels")) {
      if (isRow(panel) && "client".equals(panel.path("repeat").asText())) {
        row = panel;
      }
    }
    assertNotNull(row, "no row repeated by client");
    assertTrue(row.path("collapsed").asBoolean());
    assertTrue(row.path("panels").size() >= 3, row.path("panels").toString());
    assertTrue(row.path("title").asText().contains("$client"), row.path("title").asText());
  }

  @Test
  void panelIdsAreUniqueAndNoTwoPanelsOverlap() {
    Set<Integer> ids = new TreeSet<>();
    for (JsonNode panel : panels()) {
      assertTrue(ids.add(panel.path("id").asInt()), "id " + panel.path("id") + " twice");
    }
    assertNoOverlap(dashboard.path("panels"));
    for (JsonNode panel : dashboard.path("panels")) {
      if (isRow(panel)) {
        assertNoOverlap(panel.path("panels"));
      }
    }
  }

  @Test
  void everyTargetOfAPanelHasItsOwnRefId() {
    for (JsonNode panel : panels()) {
      Set<String> refIds = new HashSet<>();
      for (JsonNode target : panel.path("targets")) {
        assertTrue(refIds.add(target.path("refId").asText()), panel.path("title") + ": refId "
            + target.path("refId") + " twice");
      }
    }
  }

  private static void assertNoOverlap(JsonNode siblings) {
    List<JsonNode> placed = new ArrayList<>();
    for (JsonNode p : siblings) {
      JsonNode g = p.path("gridPos");
      assertTrue(g.path("w").asInt() > 0 && g.path("x").asInt() + g.path("w").asInt() <= 24,
          p.path("title") + ": " + g);
      for (JsonNode other : placed) {
        JsonNode o = other.path("gridPos");
        boolean apart = g.path("x").asInt() + g.path("w").asInt() <= o.path("x").asInt()
            || o.path("x").asInt() + o.path("w").asInt() <= g.path("x").asInt()
            || g.path("y").asInt() + g.path("h").asInt() <= o.path("y").asInt()
            || o.path("y").asInt() + o.path("h").asInt() <= g.path("y").asInt();
        assertTrue(apart, p.path("title") + " overlaps " + other.path("title"));
      }
      placed.add(p);
    }
  }

  private static void assertDatasource(JsonNode ds, String where) {
    assertEquals("prometheus", ds.path("type").asText(), where);
    assertEquals(DATASOURCE_UID, ds.path("uid").asText(), where);
  }

  private static JsonNode variable(String name) {
    for (JsonNode v : dashboard.path("templating").path("list")) {
      if (name.equals(v.path("name").asText())) {
        return v;
      }
    }
    throw new AssertionError("no template variable " + name);
  }

  private static List<JsonNode> panels() {
    List<JsonNode> all = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      all.add(panel);
      panel.path("panels").forEach(all::add);
    }
    return all;
  }

  private static boolean isRow(JsonNode panel) {
    return "row".equals(panel.path("type").asText());
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
