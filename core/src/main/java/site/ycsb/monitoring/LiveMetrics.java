package site.ycsb.monitoring;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;

/**
 * The live metrics endpoint ({@code metrics.port}): what the phase has measured so far, served for
 * Prometheus at {@code /metrics} by the JDK's HTTP server, in the Prometheus text or the OpenMetrics
 * format as the scraper asks ({@link MetricsText}).
 *
 * <p>Fed from the sampler's interval figures: each sample turns the running totals into metric
 * snapshots on the sampler thread, and a scrape serves the latest of them; nothing is recorded a
 * second time on the operations' path. The gauges (in flight, target, CPU, GC) are read when a
 * scrape comes. When the phase ends the endpoint waits, at most {@code metrics.linger}, for one
 * scrape that sees it done, so the last figures reach Prometheus.
 */
public final class LiveMetrics implements PhaseListener, AutoCloseable {
  /**
   * Upper bounds of the latency buckets, in seconds: 1-2-5 steps from 100 us to 10 s, so that a
   * quantile an objective names (p99 < 5 ms, say) falls in a bucket at most 2.5 times wide.
   */
  static final double[] BUCKETS = {0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5,
      1, 2, 5, 10, Double.POSITIVE_INFINITY};

  /** What the running phase can say at the moment of a scrape. */
  public interface Source {
    /** @return operations in flight now */
    long inflightNow();

    /** @return the throttle's target now (ops/s), 0 without one */
    double targetNow();
  }

  private static final String[] STATES = {"starting", "warmup", "measuring", "done"};

  private final HttpServer server;
  private final ExecutorService scrapes;
  private final Labels client;
  private final long lingerNanos;
  private final AtomicLong scrapesAfterEnd = new AtomicLong();
  private volatile List<MetricSnapshot> measured = List.of();
  private volatile String state = "starting";
  private volatile Source source;

  private LiveMetrics(String host, int port, Labels client, long lingerNanos) throws IOException {
    this.client = client;
    this.lingerNanos = lingerNanos;
    this.server = HttpServer.create(new InetSocketAddress(host, port), 3);
    // two threads: a scrape that hangs does not keep the next one out; daemons: nor the JVM from ending
    this.scrapes = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "ycsb-metrics");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(scrapes);
    server.createContext("/metrics", this::answer);
    server.start();
  }

  /**
   * Starts the endpoint.
   *
   * @param host the address to listen on
   * @param port the port
   * @param clientId this client's number ({@code clientid})
   * @param phase {@code load} or {@code run}
   * @param label the status label ({@code -l}), empty for none
   * @param lingerSeconds how long to wait at the end for a scrape that sees it
   * @return the running endpoint
   * @throws IllegalArgumentException when it cannot listen there, with a message naming why
   */
  public static LiveMetrics start(String host, int port, int clientId, String phase, String label,
                                  double lingerSeconds) {
    Labels client = Labels.of("client", Integer.toString(clientId), "label", label == null ? "" : label,
        "phase", phase);
    try {
      return new LiveMetrics(host, port, client, (long) (lingerSeconds * 1e9));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("property metrics.port=" + port + " (metrics.host=" + host
          + "): cannot listen there: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
          + "; expected a free port on an address of this host");
    }
  }

  /** @return the port it listens on */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Gives the endpoint the running phase to read its gauges from. */
  public void readFrom(Source running) {
    this.source = running;
  }

  @Override
  public void onStart(long phaseStartEpochMillis) {
    state = "warmup";
  }

  @Override
  public void onMeasurementStart() {
    state = "measuring";
  }

  @Override
  public void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                       boolean warmingUp) {
    measured = snapshotsOf(total);
  }

  @Override
  public void onEnd() {
    state = "done";
    scrapesAfterEnd.set(0);
  }

  /** Answers a scrape in the format it asks for. */
  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      if (!"GET".equals(method) && !"HEAD".equals(method)) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      List<String> accept = exchange.getRequestHeaders().get("Accept");
      MetricsText.Format format = MetricsText.Format.forAccept(accept == null ? null : String.join(",", accept));
      byte[] body = MetricsText.write(collect(), format).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", format.contentType());
      if ("HEAD".equals(method)) {
        exchange.sendResponseHeaders(200, -1);
        return;
      }
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** @return every metric family as it stands at this scrape */
  List<MetricSnapshot> collect() {
    List<MetricSnapshot> all = new ArrayList<>(measured);
    Source s = source;
    all.add(gauge("ycsb_inflight_operations", "Operations in flight", s == null ? 0 : s.inflightNow()));
    all.add(gauge("ycsb_target_ops_per_second", "The throttle's target at this moment (0: no target)",
        s == null ? 0 : s.targetNow()));
    GaugeSnapshot.Builder phaseState = GaugeSnapshot.builder().name("ycsb_phase_state")
        .help("1 for the phase's current state, 0 for the others");
    String now = state;
    for (String st : STATES) {
      phaseState.dataPoint(GaugeDataPointSnapshot.builder().labels(client.add("state", st))
          .value(st.equals(now) ? 1 : 0).build());
    }
    all.add(phaseState.build());
    all.add(counter("ycsb_client_cpu_seconds", "CPU time of the client process",
        processCpuNanos() / 1e9));
    all.add(counter("ycsb_gc_seconds", "Time the client process spent in garbage collection", gcMillis() / 1e3));
    if ("done".equals(now)) {
      scrapesAfterEnd.incrementAndGet();
    }
    return all;
  }

  /**
   * Waits (at most {@code metrics.linger}) until a scrape has seen the phase done, then stops
   * listening.
   */
  @Override
  public void close() {
    if (!"done".equals(state)) {
      // the phase could not run to its end (its setup failed): a scraper should see it over too
      onEnd();
    }
    long giveUp = System.nanoTime() + lingerNanos;
    try {
      while (scrapesAfterEnd.get() == 0 && System.nanoTime() < giveUp) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      if (scrapesAfterEnd.get() > 0) {
        // that scrape's figures are collected, its answer perhaps not yet sent: let it go out
        TimeUnit.MILLISECONDS.sleep(500);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      server.stop(0);
      scrapes.shutdownNow();
    }
  }

  /** @return whether a scrape has seen the phase done */
  public boolean endWasScraped() {
    return scrapesAfterEnd.get() > 0;
  }

  private List<MetricSnapshot> snapshotsOf(IntervalStats total) {
    CounterSnapshot.Builder ops = CounterSnapshot.builder().name("ycsb_operations")
        .help("Operations completed in the measured window, by operation and status");
    HistogramSnapshot.Builder latency = HistogramSnapshot.builder().name("ycsb_latency_seconds")
        .help("Latency of successful operations from their actual start (service) and of all operations from their"
            + " intended start under a target (intended)");
    for (Operation op : Operation.all()) {
      if (!op.isCall() && op != Operation.READ_MODIFY_WRITE) {
        continue;
      }
      LatencyStats ok = total.get(op, Outcome.OK);
      LatencyStats failed = total.get(op, Outcome.FAILED);
      LatencyStats intended = total.get(op, Outcome.INTENDED);
      if (ok.count() == 0 && failed.count() == 0 && intended.count() == 0) {
        continue;
      }
      Labels opLabels = client.add("operation", op.label());
      ops.dataPoint(CounterDataPointSnapshot.builder().labels(opLabels.add("status", "OK")).value(ok.count()).build());
      for (Map.Entry<String, Long> e : failed.statusCounts().entrySet()) {
        if (!"OK".equals(e.getKey())) {
          ops.dataPoint(CounterDataPointSnapshot.builder().labels(opLabels.add("status", e.getKey()))
              .value(e.getValue()).build());
        }
      }
      latency.dataPoint(histogram(opLabels.add("latency", "service"), ok));
      if (intended.count() > 0) {
        latency.dataPoint(histogram(opLabels.add("latency", "intended"), intended));
      }
    }
    return List.of(ops.build(), latency.build());
  }

  private static HistogramDataPointSnapshot histogram(Labels labels, LatencyStats s) {
    Histogram h = s.histogram();
    long[] counts = new long[BUCKETS.length];
    long below = 0;
    for (int i = 0; i < BUCKETS.length; i++) {
      long upTo = i == BUCKETS.length - 1 ? s.count()
          : Math.min(s.count(), h.getCountBetweenValues(0, (long) (BUCKETS[i] * 1e9)));
      upTo = Math.max(upTo, below);
      counts[i] = upTo - below;
      below = upTo;
    }
    return HistogramDataPointSnapshot.builder().labels(labels)
        .classicHistogramBuckets(ClassicHistogramBuckets.of(BUCKETS, counts))
        .sum(s.sumNanos().doubleValue() / 1e9).build();
  }

  private GaugeSnapshot gauge(String name, String help, double value) {
    return GaugeSnapshot.builder().name(name).help(help)
        .dataPoint(GaugeDataPointSnapshot.builder().labels(client).value(value).build()).build();
  }

  private CounterSnapshot counter(String name, String help, double value) {
    return CounterSnapshot.builder().name(name).help(help)
        .dataPoint(CounterDataPointSnapshot.builder().labels(client).value(value).build()).build();
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return Math.max(0, sun.getProcessCpuTime());
    }
    return 0;
  }

  private static long gcMillis() {
    long ms = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }
}
