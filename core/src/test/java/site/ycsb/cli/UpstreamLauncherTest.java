package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The launchers' answers to upstream command lines that need no build: an upstream binding this
 * project does not bundle, and {@code bin/ycsb.sh} called wrongly. The PATH has no Maven, so a
 * launcher that tried to build would fail here instead of building.
 */
class UpstreamLauncherTest {
  @TempDir
  static Path tools;

  @BeforeAll
  static void pathWithoutMaven() throws IOException {
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
  }

  private static Result launch(String... cmd) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(List.of("bash"));
    all.addAll(List.of(cmd));
    ProcessBuilder b = new ProcessBuilder(all);
    b.environment().put("PATH", tools.toString());
    b.environment().remove("CLASSPATH");
    Process p = b.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher ended");
    return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
        new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @CsvSource({"memcached, site.ycsb.db.MemcachedClient", "dynamodb, site.ycsb.db.DynamoDBClient",
      "s3, site.ycsb.db.S3Client", "elasticsearch5-rest, site.ycsb.db.elasticsearch5.ElasticsearchRestClient",
      "kudu, site.ycsb.db.KuduYCSBClient", "ignite, site.ycsb.db.ignite.IgniteClient",
      "hbase20, site.ycsb.db.hbase20.HBaseClient20"})
  void anUpstreamBindingNotBundledSaysHowToRunUpstreamsJar(String name, String upstreamClass) throws Exception {
    Result r = launch("../bin/ycsb", "load", name, "-P", "../workloads/workloada");
    assertEquals(2, r.exit, r.err);
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.contains("'" + name + "' is an upstream YCSB binding not bundled here"), r.err);
    assertTrue(r.err.contains("-db " + upstreamClass + " -cp"), r.err);
    assertTrue(r.err.contains("redis") && r.err.contains("rocksdb"), "names the bindings here: " + r.err);
  }

  @Test
  void aNameNobodyHasIsAnUnknownBinding() throws Exception {
    Result r = launch("../bin/ycsb", "run", "nosuchdb");
    assertEquals(2, r.exit, r.err);
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.contains("unknown binding 'nosuchdb'") && !r.err.contains("upstream"), r.err);
  }

  /**
   * Java leaves out a class path entry that is not a jar without a word; the launcher says so
   * before anything is built or run, whether the entry is named or taken by FOLDER/*.
   */
  @Test
  void aClassPathEntryThatIsNotAJarIsOneLine() throws Exception {
    Path text = Files.writeString(tools.resolve("x.jar"), "not a jar\n");
    Path folder = Files.createDirectories(tools.resolve("jars"));
    Files.writeString(folder.resolve("y.jar"), "not a jar either\n");
    Path settings = Files.writeString(tools.resolve("hbase-site.xml"), "<configuration/>\n");
    String expected = " is not a jar (not a zip archive), so Java would leave it out: expected a jar, a folder of"
        + " classes or resources (e.g. the one holding hbase-site.xml), or FOLDER/* for the jars in a folder";
    String[][] cases = {
        {"run", "basic", "-cp", text.toString(), "ERROR: -cp " + text + expected},
        {"run", "-db", "com.example.MyDB", "-cp", text.toString(), "ERROR: -cp " + text + expected},
        {"load", "basic", "-cp", folder + "/*", "ERROR: -cp " + folder + "/*: " + folder.resolve("y.jar") + expected},
        {"run", "basic", "-cp", tools + ":" + settings, "ERROR: -cp " + settings + expected}};
    for (String[] c : cases) {
      List<String> cmd = new ArrayList<>(List.of("../bin/ycsb"));
      cmd.addAll(List.of(c).subList(0, c.length - 1));
      cmd.addAll(List.of("-P", "../workloads/workloada"));
      Result r = launch(cmd.toArray(new String[0]));
      assertEquals(2, r.exit, cmd + ": " + r.err);
      assertEquals(c[c.length - 1], r.err.strip(), cmd.toString());
    }
    // a jar passes: the next check (the binding's name) is the one that speaks
    Path jar = tools.resolve("real.jar");
    try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
      z.putNextEntry(new java.util.zip.ZipEntry("a.txt"));
    }
    Result real = launch("../bin/ycsb", "run", "nosuchdb", "-cp", jar + ":" + folder, "-P", "../workloads/workloada");
    assertEquals(2, real.exit, real.err);
    assertTrue(real.err.startsWith("ERROR: unknown binding 'nosuchdb'"), real.err);
    // upstream's shell launcher passes CLASSPATH on as -cp
    List<String> all = new ArrayList<>(List.of("bash", "../bin/ycsb.sh", "run", "basic", "-P", "../workloads/workloada"));
    ProcessBuilder b = new ProcessBuilder(all);
    b.environment().put("PATH", tools.toString());
    b.environment().put("CLASSPATH", text.toString());
    Process p = b.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher ended");
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(2, p.exitValue(), err);
    assertEquals("ERROR: -cp " + text + expected, err.strip());
  }

  @Test
  void ycsbShWantsACommandAndABindingAsUpstreamsDoes() throws Exception {
    for (String[] cmd : List.of(new String[] {"../bin/ycsb.sh"}, new String[] {"../bin/ycsb.sh", "merge", "a"},
        new String[] {"../bin/ycsb.sh", "load"}, new String[] {"../bin/ycsb.sh", "run", "-P", "x"})) {
      Result r = launch(cmd);
      assertEquals(2, r.exit, String.join(" ", cmd) + ": " + r.err);
      assertEquals(1, r.err.lines().count(), r.err);
      assertTrue(r.err.contains("ycsb.sh load|run|shell <binding>") || r.err.contains("needs a binding"), r.err);
    }
  }

  @Test
  void ycsbShPassesItsArgumentsToBinYcsb() throws Exception {
    Result r = launch("../bin/ycsb.sh", "load", "memcached");
    assertEquals(2, r.exit, r.err);
    assertTrue(r.err.contains("-db site.ycsb.db.MemcachedClient"), r.err);
  }
}
