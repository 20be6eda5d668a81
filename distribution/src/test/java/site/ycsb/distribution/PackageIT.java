package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.distribution.BindingModules.Binding;
import site.ycsb.distribution.JavaOnlyShell.Result;

/**
 * The release packages run on a machine with a Java runtime and nothing else: unpacked into an
 * empty folder, with no Maven on the PATH and no source checkout around it, {@code bin/ycsb}
 * loads and runs workload A against the embedded store. Every binding module of the sources is in
 * the full package and has a package of its own, holding the engine and that binding only.
 */
class PackageIT {
  private static final String VERSION = System.getProperty("ycsb.version");
  private static final Path PACKAGE = Path.of(System.getProperty("ycsb.package"));
  private static final Path ROOT = Path.of(System.getProperty("ycsb.root"));

  @TempDir
  static Path dir;
  private static JavaOnlyShell shell;
  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    assertTrue(Files.isRegularFile(PACKAGE), "no package at " + PACKAGE);
    shell = new JavaOnlyShell(dir);
    home = shell.unpack(PACKAGE, dir.resolve("unpacked")).resolve("ycsb-" + VERSION);
  }

  static List<Binding> bindings() throws Exception {
    return BindingModules.declaredIn(ROOT);
  }

  @Test
  void theLayoutHasTheLauncherWorkloadsDocsTheEngineAndTheTools() {
    assertTrue(Files.isExecutable(home.resolve("bin/ycsb")));
    assertTrue(Files.isRegularFile(home.resolve("workloads/workloada")));
    assertTrue(Files.isRegularFile(home.resolve("docs/properties.md")));
    assertTrue(Files.isRegularFile(home.resolve("experiments/target-sweep-rocksdb.yaml")));
    assertTrue(Files.isRegularFile(home.resolve("lib/core/core-" + VERSION + ".jar")));
    assertTrue(Files.isRegularFile(home.resolve("lib/tools/tools-" + VERSION + ".jar")));
    assertFalse(Files.exists(home.resolve("pom.xml")), "a package is not a checkout");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bindings")
  void theFullPackageHoldsEveryBinding(Binding b) {
    Path jar = home.resolve("lib/" + b.name() + "/" + b.artifactId() + "-" + VERSION + ".jar");
    assertTrue(Files.isRegularFile(jar), "no " + home.relativize(jar) + " in " + PACKAGE.getFileName());
  }

  @Test
  void theFullPackageHoldsNoOtherFolderThanTheEngineTheToolsAndTheBindings() throws Exception {
    Set<String> expected = bindings().stream().map(Binding::name).collect(Collectors.toSet());
    expected.add("core");
    expected.add("tools");
    assertEquals(expected, folders(home.resolve("lib")));
  }

  @Test
  void loadAndRunWithTheEmbeddedStoreWithoutMaven() throws Exception {
    Result which = shell.run(home, "bash", "-c", "command -v mvn || echo none");
    assertEquals("none", which.out().trim(), "mvn must not be on the test's PATH");
    String data = dir.resolve("rocksdb-data").toString();
    Result load = shell.run(home, "bin/ycsb", "load", "rocksdb", "-P", "workloads/workloada",
        "-p", "rocksdb.dir=" + data, "-p", "recordcount=500");
    assertEquals(0, load.exit(), load.toString());
    assertTrue(load.out().contains("[INSERT], Return=OK, 500"), load.toString());
    assertFalse(load.err().contains("building"), "nothing is built from a package: " + load.err());
    Result run = shell.run(home, "bin/ycsb", "run", "rocksdb", "-P", "workloads/workloada",
        "-p", "rocksdb.dir=" + data, "-p", "recordcount=500", "-p", "operationcount=1000");
    assertEquals(0, run.exit(), run.toString());
    assertTrue(run.out().contains("[OVERALL], Operations, 1000"), run.toString());
    assertTrue(run.out().contains("[READ], Return=OK"), run.toString());
  }

  @Test
  void theToolsRunFromThePackage() throws Exception {
    Result help = shell.run(home, "bin/ycsb", "--help");
    assertEquals(0, help.exit(), help.toString());
    for (String command : List.of("load", "run", "merge", "compare", "report", "experiment", "fanout", "kubernetes")) {
      assertTrue(help.out().contains("\n  " + command + " "), "ycsb --help lists " + command + ":\n" + help);
    }
    Result plan = shell.run(home, "bin/ycsb", "experiment", "experiments/target-sweep-rocksdb.yaml", "--dry-run");
    assertEquals(0, plan.exit(), plan.toString());
    assertTrue(plan.out().contains("30 runs"), plan.toString());
  }

  @Test
  void theTimeSeriesWorkloadRunsOnTheStoreItNames() throws Exception {
    // the launcher puts the binding named by tsdb.store on the class path next to the engine's adapter
    String data = dir.resolve("ts-data").toString();
    String[] common = {"-P", "workloads/tsworkloada", "-p", "tsdb.store=rocksdb", "-p", "rocksdb.dir=" + data,
        "-p", "fieldcount=4", "-p", "tagcardinality=1,2,1,1", "-p", "recordcount=80", "-p", "operationcount=100",
        "-p", "insertstart=1483228800", "-p", "dataintegrity=true", "-p", "valuetype=integers",
        "-p", "querytimespan=0", "-p", "randomtimeseriesorder=false", "-threads", "1"};
    Result load = shell.run(home, concat(new String[] {"bin/ycsb", "load", "site.ycsb.KeyValueTimeseriesDB"}, common));
    assertEquals(0, load.exit(), load.toString());
    assertTrue(load.out().contains("[INSERT], Return=OK, 80"), load.toString());
    assertFalse(load.err().contains("NOTE: binding"), "one copy of the adapter: " + load.err());
    Result run = shell.run(home, concat(new String[] {"bin/ycsb", "run", "site.ycsb.KeyValueTimeseriesDB"}, common));
    assertEquals(0, run.exit(), run.toString());
    assertTrue(run.out().contains("[OVERALL], Operations, 100"), run.toString());
    assertTrue(run.out().contains("[VERIFY], Return=OK"), run.toString());
    assertFalse(run.out().contains("-FAILED]"), run.toString());
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void anUnknownBindingIsOneLine() throws Exception {
    Result r = shell.run(home, "bin/ycsb", "run", "nosuch", "-P", "workloads/workloada");
    assertEquals(2, r.exit(), r.toString());
    assertEquals(1, r.err().lines().filter(l -> !l.isBlank()).count(), r.toString());
    assertTrue(r.err().contains("unknown binding 'nosuch'") && r.err().contains("rocksdb"), r.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bindings")
  void eachBindingHasAPackageOfItsOwnThatRunsWithAJavaRuntimeAlone(Binding b) throws Exception {
    String base = "ycsb-" + b.name() + "-" + VERSION;
    Path tarball = PACKAGE.resolveSibling(base + ".tar.gz");
    assertTrue(Files.isRegularFile(tarball), "no package " + tarball);
    assertTrue(Files.size(tarball) < Files.size(PACKAGE), "smaller than the full package");

    Path own = shell.unpack(tarball, dir.resolve("own-" + b.name())).resolve(base);
    assertTrue(Files.isExecutable(own.resolve("bin/ycsb")), "launcher");
    assertTrue(Files.isRegularFile(own.resolve("lib/core/core-" + VERSION + ".jar")), "engine");
    assertTrue(Files.isRegularFile(own.resolve("lib/" + b.name() + "/" + b.artifactId() + "-" + VERSION + ".jar")),
        "binding");
    assertEquals(Set.of("core", "tools", b.name()), folders(own.resolve("lib")),
        "the engine, the tools and this binding only");

    Result r = shell.run(own, "bin/ycsb", "properties", b.name());
    assertEquals(0, r.exit(), r.toString());
    // the binding's own section of the reference, with at least one property row
    String section = "\n## " + b.name() + "\n";
    assertTrue(r.out().contains(section), "no section '## " + b.name() + "':\n" + r);
    String rest = r.out().substring(r.out().indexOf(section) + section.length());
    String table = rest.contains("\n## ") ? rest.substring(0, rest.indexOf("\n## ")) : rest;
    assertTrue(table.lines().anyMatch(l -> l.startsWith("| `")), "no property of " + b.name() + " listed:\n" + r);
  }

  private static Set<String> folders(Path lib) throws IOException {
    try (Stream<Path> s = Files.list(lib)) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
  }
}
