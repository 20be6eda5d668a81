package site.ycsb.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerJars;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.ServerProcessBuilder;
import site.ycsb.testsupport.junit.SharedServerExtension;

/**
 * CouchbaseMock (com.couchbase.mock:CouchbaseMock, the stand-in cluster of Couchbase's own SDK
 * tests) run as its own JVM on a free loopback port. The module's test classes share one
 * single-node instance ({@link Extension}) with a bucket per test class, each with password
 * {@value #PASSWORD}; tests of replicas start a cluster of their own with {@link #start}.
 *
 * <p>The mock's data ports are random: each bucket has its own key-value servers, whose ports
 * are read from {@code /pools/default/buckets/NAME} ({@code nodesExt[0].services.kv}); the
 * connection string then names that port and the REST (manager) port, which SDK 3 needs to
 * reach a cluster on non-standard ports.
 */
final class CouchbaseTestServer implements ExtensionContext.Store.CloseableResource {
  static final String HOST = "127.0.0.1";
  static final String PASSWORD = "secret";
  /** The buckets of the shared instance: one per test class, so no class sees another's records. */
  static final List<String> SHARED_BUCKETS = List.of("default", "workloads", "sessions", "async", "scans",
      "unchecked", "durability", "faults", "formats");

  private volatile ServerProcess process;
  private final int restPort;
  private final Map<String, Integer> kvPorts;
  /** Starts the mock again on the same ports; null when its ports are not fixed. */
  private final java.util.function.Supplier<ServerProcess> relaunch;

  /** Starts the module's shared single-node mock once, before the first test class that declares it. */
  static final class Extension extends SharedServerExtension<CouchbaseTestServer> {
    @Override
    protected CouchbaseTestServer start() {
      return CouchbaseTestServer.start(1, 0, SHARED_BUCKETS);
    }
  }

  /** @return the shared single-node mock (test classes declare {@link Extension}) */
  static CouchbaseTestServer get() {
    return SharedServerExtension.current(Extension.class);
  }

  private CouchbaseTestServer(ServerProcess process, int restPort, Map<String, Integer> kvPorts,
                              java.util.function.Supplier<ServerProcess> relaunch) {
    this.process = process;
    this.restPort = restPort;
    this.kvPorts = kvPorts;
    this.relaunch = relaunch;
  }

  /**
   * Starts a mock cluster. One node runs the mock's own main class with its documented options;
   * several nodes run {@link MockNodesOnOwnAddresses}, which puts node n on 127.0.0.n.
   *
   * @param nodes how many nodes
   * @param replicas how many replicas each bucket has
   * @param buckets the buckets, each with password {@value #PASSWORD}
   * @return the ready mock
   */
  static CouchbaseTestServer start(int nodes, int replicas, List<String> buckets) {
    int port = FreePort.find();
    Map<String, Integer> kv = new LinkedHashMap<>();
    ServerProcess process = launch(nodes, replicas, buckets, port, 0, kv);
    return new CouchbaseTestServer(process, port, kv, null);
  }

  /**
   * A single-node mock with one bucket whose ports stay the same when it is killed and started
   * again ({@link #kill()}, {@link #restart()}): what a client sees as a crashed node coming back.
   *
   * @param bucket the bucket, with password {@value #PASSWORD}
   * @return the ready mock
   */
  static CouchbaseTestServer startRestartable(String bucket) {
    int[] ports = FreePort.findDistinct(2);
    Map<String, Integer> kv = new LinkedHashMap<>();
    ServerProcess process = launch(1, 0, List.of(bucket), ports[0], ports[1], kv);
    return new CouchbaseTestServer(process, ports[0], kv,
        () -> launch(1, 0, List.of(bucket), ports[0], ports[1], new LinkedHashMap<>()));
  }

  private static ServerProcess launch(int nodes, int replicas, List<String> buckets, int port, int firstKvPort,
                                      Map<String, Integer> kv) {
    String mockClasspath = ServerJars.classpath("couchbase.server", "CouchbaseMock");
    List<String> specs = new ArrayList<>();
    for (String b : buckets) {
      specs.add(b + ":" + PASSWORD);
    }
    ServerProcessBuilder builder;
    List<String> jvm = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    if (nodes == 1 && firstKvPort == 0) {
      builder = ServerProcess.javaProcess("com.couchbase.mock.CouchbaseMock", mockClasspath, jvm,
          List.of("--port", "" + port, "--nodes", "1", "--replicas", "0", "--cccp",
              "--buckets", String.join(":couchbase,", specs) + ":couchbase"));
    } else {
      List<String> args = new ArrayList<>(List.of("" + port, "" + nodes, "" + replicas, "" + firstKvPort));
      args.addAll(specs);
      builder = ServerProcess.javaProcess(MockNodesOnOwnAddresses.class.getName(),
          mockClasspath + File.pathSeparator + testClasses(), jvm, args);
    }
    long started = System.nanoTime();
    ServerProcess process = builder.startReady(p -> {
      p.awaitPort(HOST, port, Duration.ofSeconds(60));
      for (String b : buckets) {
        p.awaitCondition("bucket " + b + " is served", () -> {
          kv.put(b, kvPort(port, b));
          return true;
        }, Duration.ofSeconds(30));
      }
    });
    System.out.printf("CouchbaseMock (%d node(s), %d replica(s)) ready on %s:%d after %.1f s%n", nodes, replicas,
        HOST, port, (System.nanoTime() - started) / 1e9);
    return process;
  }

  /** Kills the mock at once (SIGKILL), as a crash would. */
  void kill() {
    process.kill();
  }

  /** Starts a mock made by {@link #startRestartable} again on its ports, empty; returns once it serves. */
  synchronized void restart() {
    if (relaunch == null) {
      throw new IllegalStateException("this mock's ports are not fixed: start it with startRestartable");
    }
    process.stop();
    process = relaunch.get();
  }

  private static String testClasses() {
    try {
      return Paths.get(MockNodesOnOwnAddresses.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** @return the key-value port of the bucket's first node, from the mock's REST API */
  private static int kvPort(int restPort, String bucket) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + restPort
            + "/pools/default/buckets/" + bucket))
        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
            (bucket + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
        .timeout(Duration.ofSeconds(5)).build();
    HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException("HTTP " + response.statusCode());
    }
    JsonNode config = new ObjectMapper().readTree(response.body());
    return config.path("nodesExt").path(0).path("services").path("kv").asInt();
  }

  /** @return the value of {@code couchbase.hosts} that reaches this bucket: its data port and the REST port */
  String hosts(String bucket) {
    Integer kv = kvPorts.get(bucket);
    if (kv == null) {
      throw new IllegalArgumentException("no bucket " + bucket + " on this mock: " + kvPorts.keySet());
    }
    return "couchbase://" + HOST + ":" + kv + "=kv," + HOST + ":" + restPort + "=manager";
  }

  /**
   * @param bucket a bucket of this mock
   * @param more more property pairs
   * @return the properties that reach the bucket (hosts, bucket, password), then the others
   */
  String[] properties(String bucket, String... more) {
    String[] base = {"couchbase.hosts", hosts(bucket), "couchbase.bucket", bucket, "couchbase.password", PASSWORD};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  /**
   * @param bucket a bucket of this mock
   * @param settings more {@code name=value} settings
   * @return {@code -p} options of a command line that reach the bucket, then the settings
   */
  List<String> options(String bucket, String... settings) {
    List<String> out = new ArrayList<>();
    String[] pairs = properties(bucket);
    for (int i = 0; i < pairs.length; i += 2) {
      out.add("-p");
      out.add(pairs[i] + "=" + pairs[i + 1]);
    }
    for (String s : settings) {
      out.add("-p");
      out.add(s);
    }
    return out;
  }

  /** @return the mock's process (to freeze it, or read its log) */
  ServerProcess process() {
    return process;
  }

  @Override
  public void close() {
    process.stop();
  }
}
