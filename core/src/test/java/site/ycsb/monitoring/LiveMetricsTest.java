package site.ycsb.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Run;

/**
 * The live metrics endpoint of a phase: what a scraper reads during and at the end of it, agreeing
 * with the summary; its refusal of bad settings; and how long it stays up for a last scrape.
 */
class LiveMetricsTest {
  private static final String WORKLOADA = "../workloads/workloada";
  /** What Prometheus asks for first. */
  private static final String OPENMETRICS = "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5";

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static CompletableFuture<List<String>> scrapeUntilDone(int port) {
    return scrapeUntilDone(port, null);
  }

  /**
   * Scrapes until it has seen the phase done (or the endpoint closed after answering), or gives up
   * after a minute. On a thread of its own: the common pool (one thread on two cores) may still be
   * held by another test's task.
   *
   * @param accept the {@code Accept} header of the scrapes, or null for none (as {@code curl} asks)
   */
  private static CompletableFuture<List<String>> scrapeUntilDone(int port, String accept) {
    java.util.concurrent.ExecutorService own = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "scraper");
      t.setDaemon(true);
      return t;
    });
    CompletableFuture<List<String>> future = CompletableFuture.supplyAsync(() -> {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2)).build();
      List<String> scrapes = new ArrayList<>();
      long giveUp = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (System.nanoTime() < giveUp) {
        try {
          HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
              .timeout(Duration.ofSeconds(5));
          if (accept != null) {
            request.header("Accept", accept);
          }
          String body = http.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
          scrapes.add(body);
          if (Exposition.parse(body).value("ycsb_phase_state", "state", "done") == 1) {
            return scrapes;
          }
        } catch (IOException notListening) {
          if (!scrapes.isEmpty()) {
            return scrapes; // closed after another scraper saw the end
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      return scrapes;
    }, own);
    future.whenComplete((done, failed) -> own.shutdown());
    return future;
  }

  @Test
  void aScraperSeesThePhaseGoOnAndItsEndAgreesWithTheSummary() throws Exception {
    int port = freePort();
    CompletableFuture<List<String>> scrapes = scrapeUntilDone(port);
    Run r = Run.of("run", "-db", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "recordcount=100",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=2", "-p", "basicdb.randomizedelay=false",
        "-p", "operationcount=0",
        "-p", "maxexecutiontime=3", "-p", "warmupexecutiontime=1000", "-threads", "2", "-target", "300",
        "-p", "metrics.port=" + port, "-p", "metrics.linger=30", "-p", "clientid=3", "-p", "clientcount=4", "-l", "tagged");
    assertEquals(0, r.exitCode, r.toString());
    List<String> seen = scrapes.get();
    assertTrue(!seen.isEmpty(), "scraped at all: " + r);
    Exposition last = Exposition.parse(seen.get(seen.size() - 1));
    assertEquals(1, last.value("ycsb_phase_state", "state", "done"), "the last of " + seen.size()
        + " scrapes saw the end: " + seen.get(seen.size() - 1).lines().filter(l -> l.contains("phase_state"))
        .collect(Collectors.toList()) + "\n" + r);
    assertTrue(seen.stream().map(Exposition::parse).anyMatch(e -> e.value("ycsb_phase_state", "state", "warmup") == 1),
        "the warm-up was seen");
    assertTrue(seen.stream().map(Exposition::parse).anyMatch(e -> e.value("ycsb_phase_state", "state", "measuring") == 1
        && e.value("ycsb_target_ops_per_second") == 300), "the measured part and its target were seen");

    for (String op : new String[] {"READ", "UPDATE"}) {
      assertEquals(r.count(op, "Operations"), (long) last.value("ycsb_operations_total", "operation", op,
          "status", "OK"), op);
      assertEquals(r.count(op, "Operations"), (long) last.value("ycsb_latency_seconds_count", "operation", op,
          "latency", "service"), op);
      assertEquals(r.count("Intended-" + op, "Operations"), (long) last.value("ycsb_latency_seconds_count",
          "operation", op, "latency", "intended"), op);
      double mean = last.value("ycsb_latency_seconds_sum", "operation", op, "latency", "service")
          / last.value("ycsb_latency_seconds_count", "operation", op, "latency", "service");
      assertEquals(r.get(op, "AverageLatency(us)") / 1e6, mean, 1e-6, op + " mean latency");
      // every call sleeps 2 ms: none lies at or under 1 ms, however busy the host (a busy host only makes them
      // longer, which the buckets above show), and the last bucket holds them all
      assertEquals(0, last.value("ycsb_latency_seconds_bucket", "operation", op, "latency", "service", "le", "0.001"),
          op);
      assertEquals(r.count(op, "Operations"), (long) last.value("ycsb_latency_seconds_bucket", "operation", op,
          "latency", "service", "le", "+Inf"), op);
    }
    // every ycsb metric carries the client, phase and label
    for (Exposition.Sample s : last.samples()) {
      if (s.name().startsWith("ycsb_")) {
        assertEquals("3", s.labels().get("client"), s.toString());
        assertEquals("run", s.labels().get("phase"), s.toString());
        assertEquals("tagged", s.labels().get("label"), s.toString());
      }
    }
    assertTrue(last.value("ycsb_client_cpu_seconds_total") > 0);
    assertTrue(last.value("ycsb_gc_seconds_total") >= 0);
    everyQueryOfTheDashboardFindsItsSeriesIn(last);
  }

  /**
   * Both formats a scraper may ask for: every family with its HELP and TYPE lines, bucket bounds
   * as plain decimals (users copy {@code le} values into queries), and Prometheus's own linter
   * content with them. {@code promtool check metrics} reads the Prometheus text format only: an
   * OpenMetrics counter, whose HELP is on the family ({@code ycsb_gc_seconds}) and whose sample
   * carries {@code _total} as OpenMetrics requires, reads to it as a sample without help; that is
   * the one finding allowed there.
   */
  @Test
  void bothFormatsWritePlainBucketBoundsAndPassPromtool() throws Exception {
    int port = freePort();
    CompletableFuture<List<String>> text = scrapeUntilDone(port);
    CompletableFuture<List<String>> openMetrics = scrapeUntilDone(port, OPENMETRICS);
    Run r = Run.of("run", "-db", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "recordcount=100",
        "-p", "basicdb.verbose=false", "-p", "operationcount=0", "-p", "maxexecutiontime=2", "-target", "300",
        "-p", "metrics.port=" + port, "-p", "metrics.linger=30", "-l", "a \"quoted\" \\ label");
    assertEquals(0, r.exitCode, r.toString());
    String prometheusText = last(text.get());
    String openMetricsText = last(openMetrics.get());
    assertTrue(openMetricsText.endsWith("# EOF\n"), openMetricsText);
    assertFalse(prometheusText.contains("# EOF"), prometheusText);

    List<String> bounds = List.of("0.0001", "0.0002", "0.0005", "0.001", "0.002", "0.005", "0.01", "0.02", "0.05",
        "0.1", "0.2", "0.5", "1.0", "2.0", "5.0", "10.0", "+Inf");
    for (String scrape : List.of(prometheusText, openMetricsText)) {
      java.util.regex.Matcher le = java.util.regex.Pattern.compile("le=\"([^\"]*)\"").matcher(scrape);
      java.util.Set<String> seen = new java.util.LinkedHashSet<>();
      while (le.find()) {
        assertFalse(le.group(1).contains("E") || le.group(1).contains("e"), "a plain decimal: " + le.group());
        seen.add(le.group(1));
      }
      assertEquals(bounds, new ArrayList<>(seen), "every bucket bound, as written");
      for (String line : scrape.lines().filter(l -> l.startsWith("# TYPE ")).toList()) {
        String family = line.split(" ")[2];
        assertTrue(scrape.lines().anyMatch(l -> l.startsWith("# HELP " + family + " ") && l.length() > 9 + family.length()),
            family + " has its help text:\n" + scrape);
      }
    }

    assumeTrue(onPath("promtool"), "promtool is not installed");
    assertEquals("", promtool(prometheusText), "promtool finds nothing in the Prometheus text format");
    List<String> counters = openMetricsText.lines().filter(l -> l.startsWith("# TYPE ") && l.endsWith(" counter"))
        .map(l -> l.split(" ")[2]).toList();
    assertEquals(3, counters.size(), openMetricsText);
    for (String finding : promtool(openMetricsText).lines().toList()) {
      assertTrue(counters.stream().anyMatch(c -> finding.equals(c + "_total no help text")),
          "only the counters' _total samples, whose help is on their family: " + finding);
    }
  }

  private static String last(List<String> scrapes) {
    assertFalse(scrapes.isEmpty(), "scraped at all");
    return scrapes.get(scrapes.size() - 1);
  }

  /** @return what {@code promtool check metrics} says of the scrape: its findings, or nothing */
  private static String promtool(String scrape) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
    try (var in = p.getOutputStream()) {
      in.write(scrape.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
    int exit = p.waitFor();
    assertEquals(output.isEmpty(), exit == 0, "exit " + exit + " with findings: " + output);
    return output;
  }

  private static boolean onPath(String command) {
    String path = System.getenv("PATH");
    return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
        .anyMatch(dir -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, command)));
  }

  /**
   * The shipped Grafana dashboard against what this endpoint really serves: every metric a query
   * names is exposed, and every label its selectors match on is carried by that metric's samples.
   */
  private static void everyQueryOfTheDashboardFindsItsSeriesIn(Exposition scrape) throws IOException {
    java.util.Map<String, java.util.Set<String>> labelsOf = new java.util.HashMap<>();
    for (Exposition.Sample s : scrape.samples()) {
      labelsOf.computeIfAbsent(s.name(), n -> new java.util.HashSet<>()).addAll(s.labels().keySet());
    }
    List<DashboardQueries.Query> queries = DashboardQueries.queries(DashboardQueriesTest.DASHBOARD);
    assertTrue(queries.size() >= 8, "the dashboard's queries: " + queries);
    for (DashboardQueries.Query q : queries) {
      DashboardQueries.References refs = DashboardQueries.references(q.expr());
      for (String metric : refs.metrics()) {
        assertTrue(labelsOf.containsKey(metric), q.source() + ": " + metric + " is not exposed; exposed: "
            + labelsOf.keySet());
      }
      for (DashboardQueries.Selector sel : refs.selectors()) {
        if (sel.metric() != null) {
          assertTrue(labelsOf.get(sel.metric()).containsAll(sel.matcherLabels()), q.source() + ": " + sel
              + " matches on labels " + sel.metric() + " does not carry: " + labelsOf.get(sel.metric()));
        }
      }
    }
  }

  @Test
  void withoutAScrapeTheEndpointWaitsItsLingerThenCloses() throws Exception {
    int port = freePort();
    long t0 = System.nanoTime();
    Run r = Run.of("run", "-db", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "recordcount=100",
        "-p", "basicdb.verbose=false", "-p", "operationcount=100", "-p", "metrics.port=" + port,
        "-p", "metrics.linger=2");
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(seconds >= 2, "lingered 2 s for a scrape: " + seconds);
    try (ServerSocket again = new ServerSocket(port)) {
      assertTrue(again.isBound(), "the port is free again");
    }
  }

  @Test
  void aPortInUseOrABadValueIsOneLineAndExitCode2BeforeThePhase() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      String[][] cases = {
          {"metrics.port=" + taken.getLocalPort(), "metrics.port=" + taken.getLocalPort()},
          {"metrics.port=70000", "metrics.port"},
          {"metrics.port=abc", "metrics.port"},
          {"metrics.linger=-1", "metrics.linger"}};
      for (String[] c : cases) {
        Run r = Run.of("run", "-db", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "recordcount=100",
            "-p", "operationcount=100", "-p", c[0], "-p", "basicdb.verbose=false");
        assertEquals(2, r.exitCode, c[0] + ": " + r);
        List<String> errors = r.err.lines().filter(l -> l.startsWith("ERROR")).collect(Collectors.toList());
        assertEquals(1, errors.size(), r.err);
        assertTrue(errors.get(0).contains(c[1]), errors.get(0));
        assertTrue(!r.err.contains("\tat "), "no stack trace: " + r.err);
        assertTrue(!r.out.contains("[OVERALL]"), "the phase did not run: " + r.out);
      }
    }
  }
}
