package site.ycsb.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DashboardQueries} on hand-written PromQL, then on the shipped dashboard: every expression
 * parses, every panel queries something, and it names only the metrics and labels the client's
 * metrics endpoint serves.
 */
class DashboardQueriesTest {
  static final Path DASHBOARD = Path.of("../monitoring/grafana-dashboard.json");

  /** The series the endpoint serves (a histogram is its _bucket, _count and _sum) and each one's labels. */
  static final Map<String, Set<String>> ENDPOINT_SERIES = Map.of(
      "ycsb_operations_total", Set.of("client", "phase", "label", "operation", "status"),
      "ycsb_latency_seconds_bucket", Set.of("client", "phase", "label", "operation", "latency", "le"),
      "ycsb_latency_seconds_count", Set.of("client", "phase", "label", "operation", "latency"),
      "ycsb_latency_seconds_sum", Set.of("client", "phase", "label", "operation", "latency"),
      "ycsb_inflight_operations", Set.of("client", "phase", "label"),
      "ycsb_target_ops_per_second", Set.of("client", "phase", "label"),
      "ycsb_phase_state", Set.of("client", "phase", "label", "state"),
      "ycsb_client_cpu_seconds_total", Set.of("client", "phase", "label"),
      "ycsb_gc_seconds_total", Set.of("client", "phase", "label"));

  @Test
  void aRateOfACounterByOperation() {
    DashboardQueries.References r = DashboardQueries.references(
        "sum by (operation) (rate(ycsb_operations_total{status=\"OK\",client=~\"$client\"}[$__rate_interval]))");
    assertEquals(Set.of("ycsb_operations_total"), r.metrics());
    assertEquals(Set.of("operation", "status", "client"), r.labels());
    assertEquals(List.of(new DashboardQueries.Selector("ycsb_operations_total", Set.of("status", "client"))),
        r.selectors());
  }

  @Test
  void aQuantileOfAHistogram() {
    DashboardQueries.References r = DashboardQueries.references("histogram_quantile(0.99, sum by (le, operation) "
        + "(rate(ycsb_latency_seconds_bucket{latency=\"service\"}[5m])))");
    assertEquals(Set.of("ycsb_latency_seconds_bucket"), r.metrics());
    assertEquals(Set.of("le", "operation", "latency"), r.labels());
  }

  @Test
  void clausesAfterTheAggregationAndVectorMatching() {
    DashboardQueries.References r = DashboardQueries.references(
        "sum(rate(requests_total[1m])) without (instance)\n"
            + "/ on (job) group_left(client) max by(job, client)(build_info) > bool 0.5 and vector(1) unless up offset 5m");
    assertEquals(new LinkedHashSet<>(List.of("requests_total", "build_info", "up")), r.metrics());
    assertEquals(Set.of("instance", "job", "client"), r.labels());
  }

  @Test
  void grafanaVariableQueries() {
    DashboardQueries.References values = DashboardQueries.references(
        "label_values(ycsb_phase_state{phase=~\"$phase\",label=~\"${label}\"}, client)");
    assertEquals(Set.of("ycsb_phase_state"), values.metrics());
    assertEquals(Set.of("phase", "label", "client"), values.labels());
    DashboardQueries.References labelOnly = DashboardQueries.references("label_values(client)");
    assertEquals(Set.of(), labelOnly.metrics());
    assertEquals(Set.of("client"), labelOnly.labels());
  }

  @Test
  void namesInStringsCommentsAndNumbersAreNotMetrics() {
    DashboardQueries.References r = DashboardQueries.references(
        "# the rate of errors\n"
            + "count_values(\"value\", up{job=\"a{b}(c) rate(x)\", path='/x\\'y'}) * 2 + Inf - NaN + 1e-3 + 0x1F\n"
            + "+ rate({__name__=\"ycsb_gc_seconds_total\", client=\"0\"}[5m:30s] @ end())");
    assertEquals(new LinkedHashSet<>(List.of("up", "ycsb_gc_seconds_total")), r.metrics());
    assertEquals(Set.of("job", "path", "client"), r.labels());
    assertEquals(new DashboardQueries.Selector("ycsb_gc_seconds_total", Set.of("client")), r.selectors().get(1));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {
      "",
      "sum(rate(x[5m])",
      "sum(rate(x[5m])))",
      "x{a=\"b\"",
      "x{a=b}",
      "x{a~\"b\"}",
      "x{a=\"b\" c=\"d\"}",
      "x{a=\"b}",
      "rate(x[5m)",
      "rate(x[])",
      "rate(x[five])",
      "sum by operation (x)",
      "sum by (operation x) (x)",
      "x}",
      "x ; y",
      "5x",
      "label_values(ycsb_phase_state, 1)",
  })
  void aBrokenExpressionIsRejectedWithItsPosition(String broken) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DashboardQueries.references(broken));
    assertTrue(e.getMessage().startsWith("at "), e.getMessage());
    assertTrue(e.getMessage().contains("in: " + broken), e.getMessage());
  }

  @Test
  void everyExpressionOfTheDashboardParses() throws IOException {
    List<DashboardQueries.Query> queries = DashboardQueries.queries(DASHBOARD);
    assertTrue(queries.size() >= 20, "expressions found: " + queries.size());
    List<String> failures = new ArrayList<>();
    for (DashboardQueries.Query q : queries) {
      try {
        DashboardQueries.references(q.expr());
      } catch (IllegalArgumentException e) {
        failures.add(q.source() + ": " + e.getMessage());
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void everyPanelOfTheDashboardQueriesSomething() throws IOException {
    List<String> titles = DashboardQueries.panelTitles(DASHBOARD);
    assertEquals(titles.size(), new LinkedHashSet<>(titles).size(), "panel titles must be unique: " + titles);
    Set<String> queried = DashboardQueries.queries(DASHBOARD).stream().map(DashboardQueries.Query::source)
        .collect(Collectors.toSet());
    for (String title : titles) {
      assertTrue(queried.contains(title), "panel '" + title + "' has no expression");
    }
    // the panels inside the collapsed per-client row are found too
    assertTrue(titles.stream().anyMatch(t -> t.startsWith("Client $client")), titles.toString());
    Set<String> variables = queried.stream().filter(s -> s.startsWith("variable ")).collect(Collectors.toSet());
    assertEquals(Set.of("variable client", "variable label", "variable phase"), variables);
  }

  @Test
  void theDashboardNamesOnlyTheEndpointsMetrics() throws IOException {
    Set<String> named = new TreeSet<>();
    for (String expr : DashboardQueries.expressions(DASHBOARD)) {
      named.addAll(DashboardQueries.references(expr).metrics());
    }
    Set<String> unknown = new TreeSet<>(named);
    unknown.removeAll(ENDPOINT_SERIES.keySet());
    assertEquals(Set.of(), unknown, "metrics the endpoint does not serve");
    // and none is left out: each series the endpoint serves is drawn somewhere
    assertEquals(new TreeSet<>(ENDPOINT_SERIES.keySet()), named);
  }

  @Test
  void everySelectorOfTheDashboardMatchesOnLabelsItsMetricCarries() throws IOException {
    Set<String> allLabels = ENDPOINT_SERIES.values().stream().flatMap(Set::stream).collect(Collectors.toSet());
    for (DashboardQueries.Query q : DashboardQueries.queries(DASHBOARD)) {
      DashboardQueries.References r = DashboardQueries.references(q.expr());
      assertTrue(allLabels.containsAll(r.labels()), q.source() + " uses labels the endpoint has not: " + r.labels());
      for (DashboardQueries.Selector s : r.selectors()) {
        Set<String> carried = ENDPOINT_SERIES.get(s.metric());
        assertTrue(carried != null && carried.containsAll(s.matcherLabels()),
            q.source() + ": " + s.metric() + " matches on " + s.matcherLabels() + " but carries only " + carried);
      }
    }
  }

  /**
   * Prometheus's own parser, where it is installed (Debian package prometheus): the expressions,
   * Grafana's variables replaced by values, as the rules of a rules file.
   */
  @Test
  void promtoolAcceptsEveryPanelExpression(@TempDir Path tmp) throws Exception {
    assumeTrue(onPath("promtool"), "promtool is not installed");
    StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
    int n = 0;
    for (DashboardQueries.Query q : DashboardQueries.queries(DASHBOARD)) {
      if (q.source().startsWith("variable ")) {
        continue;
      }
      String expr = q.expr().replace("$__rate_interval", "20s").replaceAll("\\$\\{?[A-Za-z_]+}?", "0");
      rules.append("      - record: dashboard:expr").append(n++).append("\n        expr: '")
          .append(expr.replace("'", "''").replace("\n", " ")).append("'\n");
    }
    Path file = tmp.resolve("rules.yaml");
    Files.writeString(file, rules, StandardCharsets.UTF_8);
    Process p = new ProcessBuilder("promtool", "check", "rules", file.toString()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), output);
    assertFalse(output.contains("FAILED"), output);
    assertTrue(output.contains(n + " rules found"), output);
  }

  private static boolean onPath(String command) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, command))) {
        return true;
      }
    }
    return false;
  }
}
