package site.ycsb.db.voltdb;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.voltdb.client.Client;
import org.voltdb.client.ClientConfig;
import org.voltdb.client.ClientFactory;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerDirs;
import site.ycsb.testsupport.ServerJars;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.junit.SharedServerExtension;

/**
 * One real single-node VoltDB Community server for all test classes of this module: started by
 * the first class that uses {@link Extension}, stopped when JUnit has run every class. It runs
 * from the voltdb jar and the libraries listed in {@code server-classpath/pom.xml}, on free
 * loopback ports for every listener, with its data in a temporary directory.
 *
 * <p>The server touches three classes of a schema-registry library that is not on Maven Central
 * (only when Avro export is configured, which these tests never do); {@code server-classpath/stubs}
 * holds stand-ins of our own, compiled here once into {@code target/}.
 */
final class VoltTestServer implements ExtensionContext.Store.CloseableResource {
  static final String HOST = "127.0.0.1";
  private static final String MAIN = "org.voltdb.VoltDB";

  private final Path dir;
  private final int clientPort;
  private final ServerProcess process;
  private Client admin;

  /** Starts the module's server once, before the first test class that declares it. */
  static final class Extension extends SharedServerExtension<VoltTestServer> {
    @Override
    protected VoltTestServer start() {
      return VoltTestServer.start();
    }
  }

  /** @return the running server (test classes declare {@link Extension}) */
  static VoltTestServer get() {
    return SharedServerExtension.current(Extension.class);
  }

  private VoltTestServer(Path dir, int clientPort, ServerProcess process) {
    this.dir = dir;
    this.clientPort = clientPort;
    this.process = process;
  }

  static VoltTestServer start() {
    String classpath = serverClasspath();
    int[] ports = FreePort.findDistinct(6);
    int clientPort = ports[0];
    return ServerDirs.startIn("ycsb-voltdb-", dir -> {
      Files.createDirectories(dir.resolve("tmp"));
      Files.createDirectories(dir.resolve("home"));
      Files.writeString(dir.resolve("deployment.xml"), DEPLOYMENT, StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("log4j.properties"), LOG4J, StandardCharsets.UTF_8);
      List<String> jvm = new ArrayList<>(List.of(ServerJars.java17("voltdb.server.java", "VoltDB 10"),
          "-Xms384m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
          // a test server lives minutes: the quick compiler alone starts it with less CPU
          "-XX:TieredStopAtLevel=1",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "-Dlog4j.configuration=" + dir.resolve("log4j.properties").toUri(),
          "-Djava.io.tmpdir=" + dir.resolve("tmp"),
          // the server writes a .voltdb folder into the home directory otherwise
          "-Duser.home=" + dir.resolve("home"),
          "-cp", classpath, MAIN));
      Path root = dir.resolve("voltdbroot");
      initialize(jvm, root, dir);

      List<String> cmd = new ArrayList<>(jvm);
      cmd.addAll(List.of("probe", "voltdbroot", root.toString(),
          "mesh", HOST + ":" + ports[3], "hostcount", "1",
          "port", HOST + ":" + clientPort, "adminport", HOST + ":" + ports[1],
          "httpport", HOST + ":" + ports[2], "internalport", HOST + ":" + ports[3],
          "zkport", HOST + ":" + ports[4], "replicationport", HOST + ":" + ports[5],
          "internalinterface", HOST, "externalinterface", HOST, "publicinterface", HOST));
      long started = System.nanoTime();
      ServerProcess process = ServerProcess.builder("voltdb-" + clientPort, cmd)
          .workingDir(dir)
          .stopGrace(Duration.ofSeconds(20))
          .startReady(p -> {
            // the line comes before the client port serves; the port check follows it
            p.awaitLogLine("Server completed initialization", Duration.ofSeconds(180));
            p.awaitPort(HOST, clientPort, Duration.ofSeconds(30));
          });
      System.out.printf("VoltDB ready on %s:%d after %.1f s%n", HOST, clientPort,
          (System.nanoTime() - started) / 1e9);
      return new VoltTestServer(dir, clientPort, process);
    });
  }

  /** Runs {@code VoltDB initialize}, which lays out the database root and exits. */
  private static void initialize(List<String> jvm, Path root, Path dir) throws IOException {
    List<String> cmd = new ArrayList<>(jvm);
    cmd.addAll(List.of("initialize", "voltdbroot", root.toString(), "deployment",
        dir.resolve("deployment.xml").toString(), "force"));
    Path log = dir.resolve("initialize.log");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    try {
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("VoltDB initialize took over 120 s: " + Files.readString(log));
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while initializing VoltDB", e);
    }
    if (p.exitValue() != 0) {
      throw new IllegalStateException("VoltDB initialize failed (exit " + p.exitValue() + "):\n" + Files.readString(log));
    }
  }

  /** @return the value of {@code voltdb.servers} for this server */
  String servers() {
    return HOST + ":" + clientPort;
  }

  /** @return the server process (to read its log) */
  ServerProcess process() {
    return process;
  }

  /** @return a client of the tests' own, to set up and read back data; closed with the server */
  synchronized Client admin() {
    if (admin == null) {
      Client c = ClientFactory.createClient(new ClientConfig());
      try {
        c.createConnection(HOST, clientPort);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      admin = c;
    }
    return admin;
  }

  @Override
  public synchronized void close() {
    try {
      if (admin != null) {
        admin.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      process.stop();
      ServerDirs.deleteTree(dir);
    }
  }

  /**
   * @return the server's class path: the voltdb jar first (it carries patched copies of classes
   *     its libraries also have), then the compiled stand-ins, then the libraries
   */
  private static String serverClasspath() {
    List<String> jars = Arrays.asList(ServerJars.classpath("voltdb.server", "VoltDB").split(File.pathSeparator));
    List<String> server = jars.stream().filter(VoltTestServer::isServerJar).collect(Collectors.toList());
    List<String> libraries = jars.stream().filter(j -> !isServerJar(j)).collect(Collectors.toList());
    if (server.size() != 1) {
      throw new IllegalStateException("expected one voltdb server jar in the resolved class path, found " + server);
    }
    Path stubs = compiledStubs(String.join(File.pathSeparator, libraries));
    List<String> ordered = new ArrayList<>(server);
    ordered.add(stubs.toString());
    ordered.addAll(libraries);
    return String.join(File.pathSeparator, ordered);
  }

  private static boolean isServerJar(String path) {
    return Paths.get(path).getFileName().toString().matches("voltdb-[0-9][^/]*\\.jar");
  }

  /** Compiles the stand-in sources once into target/ (next to the resolved class path file). */
  private static synchronized Path compiledStubs(String libraries) {
    Path sources = Paths.get(System.getProperty("voltdb.server.pom")).resolveSibling("stubs");
    Path out = Paths.get(System.getProperty("voltdb.server.classpathfile")).resolveSibling("stubs-classes");
    try {
      if (Files.isDirectory(out.resolve("io"))) {
        return out;
      }
      Files.createDirectories(out);
      List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-cp", libraries, "-nowarn"));
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      if (javac == null || javac.run(null, null, null, args.toArray(new String[0])) != 0) {
        ServerDirs.deleteTree(out);
        throw new IllegalStateException("could not compile the VoltDB server stand-ins in " + sources);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final String DEPLOYMENT = String.join("\n",
      "<?xml version=\"1.0\"?>",
      "<deployment>",
      "  <cluster sitesperhost=\"2\" kfactor=\"0\"/>",
      "  <httpd enabled=\"false\"/>",
      "</deployment>",
      "");

  private static final String LOG4J = String.join("\n",
      "log4j.rootLogger=INFO, out",
      "log4j.appender.out=org.apache.log4j.ConsoleAppender",
      "log4j.appender.out.Target=System.out",
      "log4j.appender.out.layout=org.apache.log4j.PatternLayout",
      "log4j.appender.out.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c: %m%n",
      "");
}
