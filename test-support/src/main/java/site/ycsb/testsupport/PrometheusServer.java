package site.ycsb.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A throw-away Prometheus server (Debian package {@code prometheus}) on a free loopback port,
 * scraping the given targets every second as job {@code ycsb}, its data in a temporary directory.
 * Not the system service: a process of its own, stopped by {@link #close()}.
 *
 * <p>Asked over plain {@link HttpURLConnection}: the JDK's {@code HttpClient} would set up the
 * JVM's default TLS context, and a later test in the same JVM that names its trust store in
 * {@code javax.net.ssl.*} properties, as a user does, would no longer be heard.
 */
public final class PrometheusServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

  private final int port;
  private final Path dir;
  private final ServerProcess process;

  private PrometheusServer(int port, Path dir, ServerProcess process) {
    this.port = port;
    this.dir = dir;
    this.process = process;
  }

  /**
   * Starts a server scraping {@code targets} ({@code host:port}, path {@code /metrics}) every second.
   *
   * @param targets the endpoints to scrape
   * @return the server, ready to answer queries
   */
  public static PrometheusServer start(List<String> targets) {
    return ServerDirs.startIn("ycsb-prometheus-", dir -> {
      int port = FreePort.find();
      Path config = dir.resolve("prometheus.yml");
      String list = targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "));
      Files.writeString(config, String.join("\n",
          "global: {scrape_interval: 1s, evaluation_interval: 1s, scrape_timeout: 900ms}",
          "scrape_configs:",
          "  - job_name: ycsb",
          "    static_configs:",
          "      - targets: [" + list + "]",
          ""), StandardCharsets.UTF_8);
      ServerProcess p = ServerProcess.builder("prometheus-" + port, List.of(binary(),
          "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
          "--web.listen-address=" + RedisServer.HOST + ":" + port, "--log.level=warn")).start();
      PrometheusServer server = new PrometheusServer(port, dir, p);
      p.awaitCondition("Prometheus ready on port " + port, server::ready, STARTUP_TIMEOUT);
      return server;
    });
  }

  private static String binary() {
    for (String candidate : List.of("/usr/bin/prometheus", "/usr/local/bin/prometheus")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    throw new IllegalStateException("prometheus is not installed: install the Debian package prometheus (bin/test"
        + " does, as root)");
  }

  /** @return the base address of its web interface and API */
  public String url() {
    return "http://" + RedisServer.HOST + ":" + port;
  }

  /** @return the running process, e.g. for its log */
  public ServerProcess process() {
    return process;
  }

  private boolean ready() {
    try {
      return get("/-/ready").status() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  private record Answer(int status, String body) {
  }

  private Answer get(String pathAndQuery) throws IOException {
    HttpURLConnection c = (HttpURLConnection) URI.create(url() + pathAndQuery).toURL().openConnection();
    c.setConnectTimeout(5000);
    c.setReadTimeout(10_000);
    try {
      int status = c.getResponseCode();
      try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
        return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    } finally {
      c.disconnect();
    }
  }

  /**
   * Runs an instant query now.
   *
   * @param promql the expression
   * @return the {@code data.result} array of the answer
   * @throws IllegalStateException when Prometheus answers with an error
   */
  public JsonNode query(String promql) {
    try {
      Answer r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
      JsonNode body = JSON.readTree(r.body());
      if (r.status() != 200 || !"success".equals(body.path("status").asText())) {
        throw new IllegalStateException("query " + promql + " failed: HTTP " + r.status() + " " + r.body());
      }
      return body.path("data").path("result");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @param promql an expression whose answer is one sample (a vector of one, or a scalar)
   * @return its value, NaN when the answer is empty
   * @throws IllegalStateException when it holds more than one sample
   */
  public double value(String promql) {
    JsonNode result = query(promql);
    if (result.isArray()) {
      if (result.isEmpty()) {
        return Double.NaN;
      }
      if (result.size() > 1) {
        throw new IllegalStateException(promql + " gave " + result.size() + " series: " + result);
      }
      return Double.parseDouble(result.get(0).path("value").get(1).asText());
    }
    return Double.parseDouble(result.get(1).asText());
  }

  @Override
  public void close() {
    process.stop();
    ServerDirs.deleteTree(dir);
  }
}
