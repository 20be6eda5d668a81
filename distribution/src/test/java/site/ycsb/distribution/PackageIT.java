package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release package runs on a machine with a Java runtime and nothing else: unpacked into an
 * empty folder, with no Maven on the PATH and no source checkout around it, {@code bin/ycsb}
 * loads and runs workload A against the embedded store. The packages per binding hold the engine
 * and that binding only.
 */
class PackageIT {
  private static final String VERSION = System.getProperty("ycsb.version");
  private static final Path PACKAGE = Path.of(System.getProperty("ycsb.package"));

  @TempDir
  static Path dir;
  private static Path home;
  private static Path tools;

  @BeforeAll
  static void unpack() throws Exception {
    assertTrue(Files.isRegularFile(PACKAGE), "no package at " + PACKAGE);
    Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
    assertEquals(0, exec(unpacked, null, "tar", "-xzf", PACKAGE.toString()).exit, "tar");
    home = unpacked.resolve("ycsb-" + VERSION);
    // a PATH with the shell tools bin/ycsb uses and nothing else: no mvn, no java (JAVA_HOME names it)
    tools = Files.createDirectories(dir.resolve("tools"));
    for (String t : List.of("bash", "sed", "grep", "paste", "ls", "basename", "dirname", "head", "tr", "cat",
        "find", "mktemp", "rm", "sort", "env")) {
      for (String d : List.of("/usr/bin", "/bin")) {
        Path p = Path.of(d, t);
        if (Files.isExecutable(p) && !Files.exists(tools.resolve(t))) {
          Files.createSymbolicLink(tools.resolve(t), p);
        }
      }
    }
  }

  private record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  private static Result exec(Path cwd, Path pathDir, String... cmd) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(cmd).directory(cwd.toFile());
    File out = Files.createTempFile(dir, "out", ".txt").toFile();
    File err = Files.createTempFile(dir, "err", ".txt").toFile();
    b.redirectOutput(out).redirectError(err);
    if (pathDir != null) {
      b.environment().put("PATH", pathDir.toString());
      b.environment().put("JAVA_HOME", System.getProperty("java.home"));
      b.environment().remove("MAVEN_HOME");
      b.environment().remove("M2_HOME");
    }
    Process p = b.start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("did not finish within 180 s: " + String.join(" ", cmd));
    }
    return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8));
  }

  @Test
  void theLayoutHasTheLauncherWorkloadsDocsAndEveryBinding() {
    assertTrue(Files.isExecutable(home.resolve("bin/ycsb")));
    assertTrue(Files.isRegularFile(home.resolve("workloads/workloada")));
    assertTrue(Files.isRegularFile(home.resolve("docs/properties.md")));
    assertTrue(Files.isRegularFile(home.resolve("experiments/target-sweep-rocksdb.yaml")));
    assertTrue(Files.isRegularFile(home.resolve("lib/core/core-" + VERSION + ".jar")));
    for (String b : List.of("rocksdb", "redis", "jdbc", "mongodb", "cassandra", "hbase2", "voltdb", "couchbase", "example")) {
      assertTrue(Files.isDirectory(home.resolve("lib/" + b)), "lib/" + b);
    }
    assertFalse(Files.exists(home.resolve("pom.xml")), "a package is not a checkout");
  }

  @Test
  void loadAndRunWithTheEmbeddedStoreWithoutMaven() throws Exception {
    Result which = exec(home, tools, "bash", "-c", "command -v mvn || echo none");
    assertEquals("none", which.out.trim(), "mvn must not be on the test's PATH");
    String data = dir.resolve("rocksdb-data").toString();
    Result load = exec(home, tools, "bin/ycsb", "load", "rocksdb", "-P", "workloads/workloada",
        "-p", "rocksdb.dir=" + data, "-p", "recordcount=500");
    assertEquals(0, load.exit, load.toString());
    assertTrue(load.out.contains("[INSERT], Return=OK, 500"), load.toString());
    assertFalse(load.err.contains("building"), "nothing is built from a package: " + load.err);
    Result run = exec(home, tools, "bin/ycsb", "run", "rocksdb", "-P", "workloads/workloada",
        "-p", "rocksdb.dir=" + data, "-p", "recordcount=500", "-p", "operationcount=1000");
    assertEquals(0, run.exit, run.toString());
    assertTrue(run.out.contains("[OVERALL], Operations, 1000"), run.toString());
    assertTrue(run.out.contains("[READ], Return=OK"), run.toString());
  }

  @Test
  void anUnknownBindingIsOneLine() throws Exception {
    Result r = exec(home, tools, "bin/ycsb", "run", "nosuch", "-P", "workloads/workloada");
    assertEquals(2, r.exit, r.toString());
    assertEquals(1, r.err.lines().filter(l -> !l.isBlank()).count(), r.toString());
    assertTrue(r.err.contains("unknown binding 'nosuch'") && r.err.contains("rocksdb"), r.toString());
  }

  @Test
  void eachBindingHasASmallerPackageOfItsOwn() throws Exception {
    Path redis = PACKAGE.resolveSibling("ycsb-redis-" + VERSION + ".tar.gz");
    assertTrue(Files.isRegularFile(redis), redis.toString());
    Result list = exec(dir, null, "tar", "-tzf", redis.toString());
    assertEquals(0, list.exit, list.toString());
    assertTrue(list.out.contains("ycsb-redis-" + VERSION + "/bin/ycsb"), "launcher");
    assertTrue(list.out.contains("ycsb-redis-" + VERSION + "/lib/core/core-" + VERSION + ".jar"), "engine");
    assertTrue(list.out.contains("ycsb-redis-" + VERSION + "/lib/redis/redis-binding-" + VERSION + ".jar"), "binding");
    assertFalse(list.out.contains("/lib/rocksdb/"), "no other binding");
    assertTrue(Files.size(redis) < Files.size(PACKAGE), "smaller than the full package");
  }
}
