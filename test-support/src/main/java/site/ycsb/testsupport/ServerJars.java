package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The class path and the JVM of a test server that is a Java program from Maven Central with a
 * hundred jars of its own (Cassandra, HBase). Such a server never shares the tests' class path:
 * a standalone pom in the module ({@code server-classpath/pom.xml}) lists it, and the first test
 * that needs it has Maven resolve that pom's runtime class path into a file under {@code target/}.
 *
 * <p>The module's pom hands four system properties to surefire, named after a prefix such as
 * {@code cassandra.server}: {@code PREFIX.version} (passed on to the pom as {@code -DPREFIX.version}),
 * {@code PREFIX.pom}, {@code PREFIX.classpathfile}, plus {@code maven.home} and
 * {@code maven.offline} ({@code offline=true} when the build runs with {@code -o}).
 */
public final class ServerJars {
  private static final String JAVA17 = "/usr/lib/jvm/java-17-openjdk-amd64/bin/java";

  private ServerJars() {
  }

  /**
   * @param prefix the system property prefix, e.g. {@code hbase.server}
   * @param product the server's name for messages, e.g. {@code HBase}
   * @return the server's class path, resolved with Maven the first time
   */
  public static synchronized String classpath(String prefix, String product) {
    Path file = Paths.get(required(prefix + ".classpathfile"));
    try {
      if (!Files.isRegularFile(file) || Files.size(file) == 0) {
        resolveWithMaven(prefix, product, file);
      }
      return Files.readString(file, StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Servers whose start-up needs Java 17 exactly (Cassandra 5.0 and HBase 2.5 refuse newer JVMs).
   *
   * @param overrideProperty a system property that may name another java executable
   * @param product the server's name for messages
   * @return a Java 17 executable: the one running the tests when it is 17, else the Debian one
   */
  public static String java17(String overrideProperty, String product) {
    String override = System.getProperty(overrideProperty);
    if (override != null && !override.isBlank()) {
      return override;
    }
    if (Runtime.version().feature() == 17) {
      return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }
    if (Files.isExecutable(Paths.get(JAVA17))) {
      return JAVA17;
    }
    throw new IllegalStateException(product + " needs Java 17: run the tests with Java 17 or set -D"
        + overrideProperty + "=/path/to/java17/bin/java");
  }

  private static void resolveWithMaven(String prefix, String product, Path file) throws IOException {
    Files.createDirectories(file.getParent());
    String home = System.getProperty("maven.home");
    Path mvn = home == null || home.isBlank() || home.startsWith("${") ? null : Paths.get(home, "bin", "mvn");
    List<String> cmd = new ArrayList<>();
    cmd.add(mvn != null && Files.isExecutable(mvn) ? mvn.toString() : "mvn");
    cmd.addAll(List.of("-B", "-q"));
    if ("offline=true".equals(System.getProperty("maven.offline"))) {
      cmd.add("-o");
    }
    cmd.addAll(List.of("-f", required(prefix + ".pom"),
        "-D" + prefix + ".version=" + required(prefix + ".version"),
        "dependency:build-classpath", "-Dmdep.outputFile=" + file.toAbsolutePath()));
    Path log = file.resolveSibling("resolve.log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!p.waitFor(15, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException("resolving the " + product + " server's jars took too long: "
            + String.join(" ", cmd));
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while resolving the " + product + " server's jars", e);
    }
    if (p.exitValue() != 0 || !Files.isRegularFile(file)) {
      Files.deleteIfExists(file);
      throw new IllegalStateException("could not resolve the " + product + " server's jars (exit " + p.exitValue()
          + "): " + String.join(" ", cmd) + "\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
  }

  private static String required(String property) {
    String v = System.getProperty(property);
    if (v == null || v.isBlank() || v.startsWith("${")) {
      throw new IllegalStateException("system property " + property + " is not set: run these tests through Maven"
          + " (the module's pom passes it to surefire)");
    }
    return v;
  }
}
