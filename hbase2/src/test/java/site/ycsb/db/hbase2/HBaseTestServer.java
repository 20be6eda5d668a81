package site.ycsb.db.hbase2;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerDirs;
import site.ycsb.testsupport.ServerJars;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.junit.SharedServerExtension;

/**
 * One real standalone HBase (master, region server and ZooKeeper in one JVM, data on the local
 * file system) for all test classes of this module: started by the first class that uses
 * {@link Extension}, stopped when JUnit has run every class. It runs from hbase-server's jars,
 * resolved by Maven from {@code server-classpath/pom.xml}, on free loopback ports.
 */
final class HBaseTestServer implements ExtensionContext.Store.CloseableResource,
    SharedServerExtension.Restartable {
  static final String HOST = "127.0.0.1";

  private final Path dir;
  private final int zookeeperPort;
  private final List<String> command;
  private volatile ServerProcess process;
  private Connection admin;

  /** Starts the module's server once, before the first test class that declares it. */
  static final class Extension extends SharedServerExtension<HBaseTestServer> {
    @Override
    protected HBaseTestServer start() {
      return HBaseTestServer.start();
    }
  }

  /** @return the running server (test classes declare {@link Extension}) */
  static HBaseTestServer get() {
    return SharedServerExtension.current(Extension.class);
  }

  private HBaseTestServer(Path dir, int zookeeperPort, List<String> command, ServerProcess process) {
    this.dir = dir;
    this.zookeeperPort = zookeeperPort;
    this.command = command;
    this.process = process;
  }

  static HBaseTestServer start() {
    String classpath = ServerJars.classpath("hbase.server", "HBase");
    int[] ports = FreePort.findDistinct(3);
    int zookeeperPort = ports[0];
    return ServerDirs.startIn("ycsb-hbase-", dir -> {
      Path conf = Files.createDirectories(dir.resolve("conf"));
      Files.writeString(conf.resolve("hbase-site.xml"), site(dir, zookeeperPort, ports[1], ports[2]),
          StandardCharsets.UTF_8);
      Files.writeString(conf.resolve("log4j2.properties"), LOG4J2, StandardCharsets.UTF_8);

      List<String> cmd = new ArrayList<>();
      cmd.add(ServerJars.java17("hbase.server.java", "HBase 2.5"));
      cmd.addAll(List.of("-Xms384m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
          // a test server lives minutes: the quick compiler alone starts it with less CPU
          "-XX:TieredStopAtLevel=1",
          "-Djava.io.tmpdir=" + dir,
          "-Dlog4j2.configurationFile=" + conf.resolve("log4j2.properties")));
      cmd.addAll(JVM17_FLAGS);
      cmd.add("-cp");
      cmd.add(conf + File.pathSeparator + classpath);
      cmd.addAll(List.of("org.apache.hadoop.hbase.master.HMaster", "start"));
      return new HBaseTestServer(dir, zookeeperPort, cmd, launch(dir, zookeeperPort, cmd));
    });
  }

  private static ServerProcess launch(Path dir, int zookeeperPort, List<String> cmd) {
    long started = System.nanoTime();
    ServerProcess process = ServerProcess.builder("hbase-" + zookeeperPort, cmd)
        .workingDir(dir)
        .stopGrace(Duration.ofSeconds(20))
        .startReady(p -> {
          p.awaitPort(HOST, zookeeperPort, Duration.ofSeconds(120));
          p.awaitLogLine("Master has completed initialization", Duration.ofSeconds(180));
        });
    System.out.printf("HBase ready with ZooKeeper on %s:%d after %.1f s%n", HOST, zookeeperPort,
        (System.nanoTime() - started) / 1e9);
    return process;
  }

  /** Kills the server (master, region server and ZooKeeper) at once (SIGKILL), as a crash would. */
  void kill() {
    process.kill();
  }

  /**
   * Starts the server again after {@link #kill()} on the same ports and data, and returns once the
   * master has initialized; a no-op while it runs.
   */
  @Override
  public synchronized void restart() {
    if (process.isAlive()) {
      return;
    }
    process.stop();
    process = launch(dir, zookeeperPort, command);
    if (admin != null) {
      try {
        admin.close();
      } catch (IOException e) {
        // a connection to the server that was killed: nothing to keep
      }
      admin = null;
    }
  }

  /** @return the ZooKeeper client port clients find the cluster through */
  int zookeeperPort() {
    return zookeeperPort;
  }

  /** @return the binding properties (name, value, ...) that point it at this server */
  String[] clientProperties() {
    return new String[] {"hbase.zookeeper.quorum", HOST, "hbase.zookeeper.property.clientPort",
        Integer.toString(zookeeperPort)};
  }

  /** @return the server process (to read its log) */
  ServerProcess process() {
    return process;
  }

  /** @return a connection of the tests' own, to set up and read back data; closed with the server */
  synchronized Connection admin() {
    if (admin == null) {
      Configuration c = HBaseConfiguration.create();
      String[] props = clientProperties();
      for (int i = 0; i < props.length; i += 2) {
        c.set(props[i], props[i + 1]);
      }
      try {
        admin = ConnectionFactory.createConnection(c);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return admin;
  }

  @Override
  public synchronized void close() {
    try {
      if (admin != null) {
        admin.close();
      }
    } catch (IOException e) {
      // the server goes away next anyway
    } finally {
      process.stop();
      ServerDirs.deleteTree(dir);
    }
  }

  private static String site(Path dir, int zookeeperPort, int masterPort, int regionServerPort) {
    StringBuilder b = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    String[][] settings = {
        {"hbase.cluster.distributed", "false"},
        {"hbase.rootdir", dir.resolve("root").toUri().toString()},
        {"hbase.tmp.dir", dir.resolve("tmp").toString()},
        {"hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString()},
        {"hbase.zookeeper.property.dataDir", dir.resolve("zookeeper").toString()},
        {"hbase.zookeeper.quorum", HOST},
        {"hbase.zookeeper.property.clientPort", Integer.toString(zookeeperPort)},
        {"hbase.master.port", Integer.toString(masterPort)},
        {"hbase.regionserver.port", Integer.toString(regionServerPort)},
        {"hbase.master.info.port", "-1"},
        {"hbase.regionserver.info.port", "-1"},
        // the local file system has no hflush/hsync; standalone mode is meant to run on it anyway
        {"hbase.unsafe.stream.capability.enforce", "false"},
        {"hbase.master.wait.on.regionservers.maxtostart", "1"},
    };
    for (String[] s : settings) {
      b.append("  <property><name>").append(s[0]).append("</name><value>").append(s[1])
          .append("</value></property>\n");
    }
    return b.append("</configuration>\n").toString();
  }

  private static final String LOG4J2 = String.join("\n",
      "status = warn",
      "appender.console.type = Console",
      "appender.console.name = OUT",
      "appender.console.layout.type = PatternLayout",
      "appender.console.layout.pattern = %-5p %d{HH:mm:ss.SSS} [%t] %c{1}: %m%n",
      "rootLogger = INFO,OUT",
      "");

  /** HBase's own options for Java 11 and later; without them its netty and metrics log warnings. */
  private static final List<String> JVM17_FLAGS = List.of(
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
      "--add-opens", "java.base/java.io=ALL-UNNAMED",
      "--add-opens", "java.base/java.nio=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports", "java.base/sun.net.dns=ALL-UNNAMED",
      "--add-exports", "java.base/sun.net.util=ALL-UNNAMED");
}
