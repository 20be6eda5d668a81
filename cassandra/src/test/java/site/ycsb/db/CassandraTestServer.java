package site.ycsb.db;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerDirs;
import site.ycsb.testsupport.ServerJars;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.junit.SharedServerExtension;

/**
 * One real single-node Cassandra for all test classes of this module: started by the first class
 * that uses {@link Extension}, stopped when JUnit has run every class (the instance lives in the
 * root store, which closes it at the end). It runs as its own JVM from cassandra-all's jars, on
 * free loopback ports, with data in a temporary directory and PasswordAuthenticator on (user and
 * password {@value #USER}).
 *
 * <p>The server's class path is resolved by Maven from {@code server-classpath/pom.xml} into a
 * file under {@code target/} the first time (see README.md); cassandra-all is therefore never on
 * the tests' own class path and its libraries cannot clash with the driver's.
 */
final class CassandraTestServer implements ExtensionContext.Store.CloseableResource,
    SharedServerExtension.Restartable {
  static final String HOST = "127.0.0.1";
  static final String USER = "cassandra";
  static final String PASSWORD = "cassandra";

  private final Path dir;
  private final int nativePort;
  private final List<String> command;
  private volatile ServerProcess process;
  private CqlSession adminSession;

  /** Starts the module's server once, before the first test class that declares it. */
  static final class Extension extends SharedServerExtension<CassandraTestServer> {
    @Override
    protected CassandraTestServer start() {
      return CassandraTestServer.start();
    }
  }

  /** @return the running server (test classes declare {@link Extension}) */
  static CassandraTestServer get() {
    return SharedServerExtension.current(Extension.class);
  }

  private CassandraTestServer(Path dir, int nativePort, List<String> command, ServerProcess process) {
    this.dir = dir;
    this.nativePort = nativePort;
    this.command = command;
    this.process = process;
  }

  static CassandraTestServer start() {
    String classpath = ServerJars.classpath("cassandra.server", "Cassandra");
    int[] ports = FreePort.findDistinct(2);
    int nativePort = ports[0];
    int storagePort = ports[1];
    return ServerDirs.startIn("ycsb-cassandra-", dir -> {
      Path conf = Files.createDirectories(dir.resolve("conf"));
      Path data = Files.createDirectories(dir.resolve("data"));
      Files.writeString(conf.resolve("cassandra.yaml"), yaml(nativePort, storagePort), StandardCharsets.UTF_8);
      Files.writeString(conf.resolve("logback.xml"), LOGBACK, StandardCharsets.UTF_8);

      List<String> cmd = new ArrayList<>();
      cmd.add(ServerJars.java17("cassandra.server.java", "Cassandra 5.0"));
      cmd.addAll(List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
          // a test server lives minutes: the quick compiler alone starts it with less CPU
          "-XX:TieredStopAtLevel=1",
          "-Dcassandra-foreground=yes",
          "-Dcassandra.config=" + conf.resolve("cassandra.yaml").toUri(),
          "-Dcassandra.storagedir=" + data,
          "-Djava.io.tmpdir=" + data,
          "-Dlogback.configurationFile=" + conf.resolve("logback.xml"),
          // a single fresh node: nothing to wait for, and the default superuser at once
          "-Dcassandra.skip_wait_for_gossip_to_settle=0",
          "-Dcassandra.ring_delay_ms=100",
          "-Dcassandra.superuser_setup_delay_ms=0"));
      cmd.addAll(JVM17_FLAGS);
      cmd.add("-cp");
      cmd.add(conf + File.pathSeparator + classpath);
      cmd.add("org.apache.cassandra.service.CassandraDaemon");
      // the default superuser is created just after the CQL port opens
      return new CassandraTestServer(dir, nativePort, cmd, launch(dir, nativePort, cmd, "Created default superuser role"));
    });
  }

  private static ServerProcess launch(Path dir, int nativePort, List<String> cmd, String readyLine) {
    long started = System.nanoTime();
    ServerProcess process = ServerProcess.builder("cassandra-" + nativePort, cmd)
        .workingDir(dir)
        .stopGrace(Duration.ofSeconds(20))
        .startReady(p -> {
          p.awaitPort(HOST, nativePort, Duration.ofSeconds(180));
          if (readyLine != null) {
            p.awaitLogLine(readyLine, Duration.ofSeconds(60));
          }
        });
    System.out.printf("Cassandra ready on %s:%d after %.1f s%n", HOST, nativePort,
        (System.nanoTime() - started) / 1e9);
    return process;
  }

  /** Kills the server at once (SIGKILL), as a crash would; {@link #restart()} brings it back. */
  void kill() {
    process.kill();
  }

  /**
   * Starts the server again after {@link #kill()} on the same ports and data (what the commit log
   * kept), and returns once it accepts CQL; a no-op while it runs.
   */
  @Override
  public synchronized void restart() {
    if (process.isAlive()) {
      return;
    }
    process.stop();
    // the superuser exists already: the CQL port is the sign
    process = launch(dir, nativePort, command, null);
    if (adminSession != null) {
      // its driver would try the node again only up to a minute later: the next test opens a new one
      adminSession.close();
      adminSession = null;
    }
  }

  /** @return the CQL native port */
  int port() {
    return nativePort;
  }

  /** @return the value of the binding's {@code hosts} property for this server */
  String hosts() {
    return HOST + ":" + nativePort;
  }

  /** @return the server process (to read its log) */
  ServerProcess process() {
    return process;
  }

  /**
   * @param keyspace the keyspace the binding uses
   * @return the options that point the binding at this node, with the tests' login and the keyspace
   */
  List<String> clientOptions(String keyspace) {
    return List.of("-p", "hosts=" + hosts(), "-p", "cassandra.username=" + USER, "-p", "cassandra.password=" + PASSWORD,
        "-p", "cassandra.keyspace=" + keyspace);
  }

  /**
   * @param keyspace the table's keyspace
   * @param table the table
   * @param kind {@code read} or {@code write}
   * @return how many requests of the kind the node has coordinated on the table since it started
   *     ({@code system_views.coordinator_read_latency}, {@code coordinator_write_latency})
   */
  long coordinated(String keyspace, String table, String kind) {
    Row row = admin().execute("SELECT count FROM system_views.coordinator_" + kind + "_latency WHERE keyspace_name = '"
        + keyspace + "' AND table_name = '" + table + "'").one();
    return row == null ? 0 : row.getLong(0);
  }

  /** @return a session of the tests' own, to set up and read back data; closed with the server */
  synchronized CqlSession admin() {
    if (adminSession == null) {
      adminSession = CqlSession.builder()
          .addContactPoint(new InetSocketAddress(HOST, nativePort))
          .withLocalDatacenter("datacenter1")
          .withAuthCredentials(USER, PASSWORD)
          // schema changes on a busy machine (or a node just restarted) take longer than the 2 s default
          .withConfigLoader(DriverConfigLoader.programmaticBuilder()
              .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30)).build())
          .build();
    }
    return adminSession;
  }

  @Override
  public synchronized void close() {
    try {
      if (adminSession != null) {
        adminSession.close();
      }
    } finally {
      process.stop();
      ServerDirs.deleteTree(dir);
    }
  }

  private static String yaml(int nativePort, int storagePort) {
    return String.join("\n",
        "cluster_name: ycsb-test",
        "num_tokens: 1",
        "initial_token: 0",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "commitlog_sync: periodic",
        "commitlog_sync_period: 10000ms",
        "endpoint_snitch: SimpleSnitch",
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"" + HOST + ":" + storagePort + "\"",
        "listen_address: " + HOST,
        "rpc_address: " + HOST,
        "storage_port: " + storagePort,
        "native_transport_port: " + nativePort,
        "start_native_transport: true",
        "authenticator: PasswordAuthenticator",
        "authorizer: AllowAllAuthorizer",
        // drop/truncate in tests need no snapshots
        "auto_snapshot: false",
        "concurrent_compactors: 1",
        "");
  }

  private static final String LOGBACK = String.join("\n",
      "<configuration>",
      "  <appender name=\"OUT\" class=\"ch.qos.logback.core.ConsoleAppender\">",
      "    <encoder><pattern>%-5level %date{HH:mm:ss.SSS} [%thread] %logger{0}: %msg%n</pattern></encoder>",
      "  </appender>",
      "  <root level=\"INFO\"><appender-ref ref=\"OUT\"/></root>",
      "</configuration>",
      "");

  /** The module options of Cassandra's own jvm17-server.options; without them it exits at start. */
  private static final List<String> JVM17_FLAGS = List.of(
      "-Djdk.attach.allowAttachSelf=true",
      "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
      "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
      "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
      "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
      "--add-exports", "java.base/java.lang.ref=ALL-UNNAMED",
      "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED",
      "--add-exports", "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
      "--add-exports", "jdk.attach/sun.tools.attach=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.base/java.io=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
      "--add-opens", "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED");
}
