package site.ycsb.db;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.junit.SharedServerExtension;

/**
 * The server the integration tests use: the real MongoDB named by the environment variable
 * {@code MONGODB_URL} when it is set, else a {@link MongoStandIn} process on a free loopback port.
 * Every test works in a database of its own ({@link #newDatabase()}), so tests sharing a server
 * never see each other's records: the test classes that declare {@link Extension} share one, the
 * fault tests (which kill theirs) start their own.
 */
final class MongoTarget implements AutoCloseable, ExtensionContext.Store.CloseableResource {
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private final String url;
  private volatile ServerProcess standIn;
  private final int port;
  private final MongoClient checker;
  private final List<String> created = new ArrayList<>();

  private MongoTarget(String url, ServerProcess standIn, int port) {
    this.url = url;
    this.standIn = standIn;
    this.port = port;
    this.checker = MongoClients.create(url);
  }

  /** The module's server, started once before the first test class that declares it. */
  static final class Extension extends SharedServerExtension<MongoTarget> {
    @Override
    protected MongoTarget start() {
      return MongoTarget.start();
    }
  }

  /** @return the module's shared server (test classes declare {@link Extension}) */
  static MongoTarget shared() {
    return SharedServerExtension.current(Extension.class);
  }

  /** @return the real server of {@code MONGODB_URL}, or a freshly started stand-in */
  static MongoTarget start() {
    String real = System.getenv("MONGODB_URL");
    if (real != null && !real.isBlank()) {
      return new MongoTarget(real.trim(), null, -1);
    }
    return startStandIn();
  }

  /** @return a freshly started stand-in, even when {@code MONGODB_URL} is set */
  static MongoTarget startStandIn() {
    int port = FreePort.find();
    return new MongoTarget("mongodb://127.0.0.1:" + port, launchStandIn(port), port);
  }

  private static ServerProcess launchStandIn(int port) {
    ServerProcess p = ServerProcess.javaProcess(MongoStandIn.class.getName(), System.getProperty("java.class.path"),
        List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), List.of(Integer.toString(port)))
        .stopGrace(Duration.ofSeconds(5))
        .start();
    try {
      p.awaitLogLine("MongoStandIn listening", Duration.ofSeconds(60));
      p.awaitPort("127.0.0.1", port, Duration.ofSeconds(10));
    } catch (RuntimeException e) {
      p.stop();
      throw e;
    }
    return p;
  }

  /** Kills the stand-in at once (SIGKILL), as a crash would; only when {@link #isStandIn()}. */
  void kill() {
    standIn.kill();
  }

  /**
   * Starts the stand-in again on the same port after {@link #kill()}, and returns once it listens.
   * It starts empty: the memory backend keeps nothing.
   */
  synchronized void restart() {
    standIn.stop();
    standIn = launchStandIn(port);
  }

  /** @return whether this is the stand-in (whose limits some tests must respect) */
  boolean isStandIn() {
    return standIn != null;
  }

  /** @return the stand-in's process; only when {@link #isStandIn()} */
  ServerProcess process() {
    return standIn;
  }

  int port() {
    return port;
  }

  /** @return the connection string */
  String url() {
    return url;
  }

  /**
   * @param database a database name
   * @param options connection string options, e.g. {@code w=majority}, or empty
   * @return the connection string naming that database, with the options added to its own
   */
  String urlWith(String database, String options) {
    int q = url.indexOf('?');
    String base = q < 0 ? url : url.substring(0, q);
    String query = q < 0 ? "" : url.substring(q + 1);
    int slash = base.indexOf('/', base.indexOf("://") + 3);
    if (slash >= 0) {
      base = base.substring(0, slash);
    }
    String all = query.isEmpty() ? options : options.isEmpty() ? query : query + "&" + options;
    return base + "/" + database + (all.isEmpty() ? "" : "?" + all);
  }

  /** @return the name of a database no other test uses; dropped by {@link #close()} */
  String newDatabase() {
    String name = "ycsbtest_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
    created.add(name);
    return name;
  }

  /** @return a database read through a client of the test's own, to check what the binding stored */
  MongoDatabase check(String database) {
    return checker.getDatabase(database);
  }

  /**
   * @param database the database the binding uses
   * @param more property pairs: name, value, ...
   * @return the properties a binding instance gets
   */
  Properties properties(String database, String... more) {
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    p.setProperty("mongodb.database", database);
    for (int i = 0; i < more.length; i += 2) {
      p.setProperty(more[i], more[i + 1]);
    }
    return p;
  }

  /** @return the command-line options naming this server and database */
  String[] options(String database) {
    return new String[] {"-p", "mongodb.url=" + url, "-p", "mongodb.database=" + database};
  }

  static String[] concat(String[]... parts) {
    return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
  }

  @Override
  public void close() {
    try {
      if (standIn == null || standIn.isAlive()) {
        for (String db : created) {
          checker.getDatabase(db).drop();
        }
      }
    } catch (RuntimeException e) {
      // best effort: the stand-in goes away anyway, a real server keeps a test database
    } finally {
      checker.close();
      if (standIn != null) {
        standIn.stop();
      }
    }
  }
}
