package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A binding built outside this project, as a YCSB user has one: its jar, compiled here against
 * the engine's classes, holds {@code site.ycsb.db.RedisClient} (the class name of this project's
 * Redis binding) and {@code site.ycsb.db.MemcachedClient} (an upstream binding not bundled here).
 * Given with {@code -cp}, the user's class runs, with the engine alone beside it: no binding module
 * of this project, so none of its drivers, is on the class path, and one line names the jar. Both
 * in the release package and in the source checkout; neither may build anything (no Maven on the
 * PATH).
 */
class UpstreamBindingJarIT {
  private static final String VERSION = System.getProperty("ycsb.version");
  private static final Path PACKAGE = Path.of(System.getProperty("ycsb.package"));
  private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();

  @TempDir
  static Path dir;
  private static Path home;
  private static Path tools;
  private static Path userJar;

  @BeforeAll
  static void unpackAndBuildTheUsersJar() throws Exception {
    Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
    assertEquals(0, exec(unpacked, null, "tar", "-xzf", PACKAGE.toString()).exit, "tar");
    home = unpacked.resolve("ycsb-" + VERSION);
    tools = JavaOnlyShell.toolFolder(dir.resolve("tools"));
    userJar = userBindingJar(home.resolve("lib/core/core-" + VERSION + ".jar"));
  }

  /**
   * A binding as a user writes one against upstream's API: pure Java, it writes in {@code marker}
   * which class ran, from where, whether this project's Redis driver was reachable, and the class path.
   */
  private static String bindingSource(String simpleName) {
    return "package site.ycsb.db;\n"
        + "import java.util.*;\nimport site.ycsb.*;\n"
        + "public class " + simpleName + " extends DB {\n"
        + "  @Override public void init() throws DBException {\n"
        + "    boolean driver;\n"
        + "    try { Class.forName(\"redis.clients.jedis.Jedis\"); driver = true; }\n"
        + "    catch (ClassNotFoundException e) { driver = false; }\n"
        + "    Properties seen = new Properties();\n"
        + "    seen.setProperty(\"class\", getClass().getName());\n"
        + "    seen.setProperty(\"from\", getClass().getProtectionDomain().getCodeSource().getLocation().getPath());\n"
        + "    seen.setProperty(\"ourRedisDriver\", Boolean.toString(driver));\n"
        + "    seen.setProperty(\"classpath\", System.getProperty(\"java.class.path\"));\n"
        + "    try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(\n"
        + "        java.nio.file.Path.of(getProperties().getProperty(\"marker\")))) {\n"
        + "      seen.store(w, null);\n"
        + "    } catch (java.io.IOException e) { throw new DBException(e); }\n"
        + "  }\n"
        + "  @Override public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {\n"
        + "    return Status.OK; }\n"
        + "  @Override public Status scan(String t, String k, int n, Set<String> f,\n"
        + "      Vector<HashMap<String, ByteIterator>> r) { return Status.OK; }\n"
        + "  @Override public Status update(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }\n"
        + "  @Override public Status insert(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }\n"
        + "  @Override public Status delete(String t, String k) { return Status.OK; }\n"
        + "}\n";
  }

  private static Path userBindingJar(Path coreJar) throws IOException {
    Path src = Files.createDirectories(dir.resolve("user-src/site/ycsb/db"));
    List<Path> sources = new ArrayList<>();
    for (String name : List.of("RedisClient", "MemcachedClient")) {
      Path file = src.resolve(name + ".java");
      Files.writeString(file, bindingSource(name));
      sources.add(file);
    }
    return compileToJar(coreJar, sources, "my-redis-binding.jar");
  }

  /** A jar holding a class {@code site.ycsb.DB} of its own, as upstream's engine jar does. */
  private static Path anotherEnginesJar() throws IOException {
    Path src = Files.createDirectories(dir.resolve("engine-src/site/ycsb"));
    Path file = src.resolve("DB.java");
    Files.writeString(file, "package site.ycsb;\npublic abstract class DB {\n}\n");
    return compileToJar(null, List.of(file), "core-0.17.0.jar");
  }

  private static Path compileToJar(Path classpath, List<Path> sources, String jarName) throws IOException {
    Path classes = Files.createDirectories(dir.resolve(jarName + "-classes"));
    List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
    if (classpath != null) {
      args.addAll(List.of("-classpath", classpath.toString()));
    }
    sources.forEach(s -> args.add(s.toString()));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), jarName + " compiles");
    Path jar = Files.createDirectories(dir.resolve("elsewhere")).resolve(jarName);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
         Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, (OutputStream) out);
        out.closeEntry();
      }
    }
    return jar;
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
      b.environment().remove("CLASSPATH");
    }
    Process p = b.start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("did not finish within 180 s: " + String.join(" ", cmd));
    }
    return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8));
  }

  private static Properties load(Path ycsbHome, String binding, Path marker) throws Exception {
    Result r = exec(ycsbHome, tools, "bin/ycsb", "load", binding, "-cp", userJar.toString(),
        "-P", "workloads/workloada", "-p", "recordcount=25", "-p", "marker=" + marker);
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("[INSERT], Return=OK, 25"), r.toString());
    assertFalse(r.err.contains("building"), "nothing is built: " + r.err);
    assertTrue(Files.exists(marker), "the user's binding ran: " + r);
    Properties seen = new Properties();
    try (var in = Files.newBufferedReader(marker)) {
      seen.load(in);
    }
    return seen;
  }

  /** The user's class ran from the user's jar, with the engine's jars after it and no binding of ours. */
  private static void assertUsersClassAlone(Properties seen, String className, String ourModuleFolder) {
    assertEquals(className, seen.getProperty("class"));
    assertEquals(userJar.toString(), Path.of(seen.getProperty("from")).toString());
    String[] classpath = seen.getProperty("classpath").split(File.pathSeparator);
    assertEquals(userJar.toString(), classpath[0], "the user's class path first");
    for (String entry : classpath) {
      assertFalse(entry.contains(ourModuleFolder), "this project's module on the class path: " + entry);
    }
    assertEquals("false", seen.getProperty("ourRedisDriver"), "this project's Jedis is not reachable");
  }

  private static Result loadWithClass(Path ycsbHome, Path marker) throws Exception {
    Result r = exec(ycsbHome, tools, "bin/ycsb", "load", "-db", "site.ycsb.db.RedisClient", "-cp",
        userJar.toString(), "-P", "workloads/workloada", "-p", "recordcount=25", "-p", "marker=" + marker);
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("[INSERT], Return=OK, 25"), r.toString());
    assertFalse(r.err.contains("building"), "nothing is built: " + r.err);
    List<String> naming = r.err.lines().filter(l -> l.contains(userJar.toString())).toList();
    assertEquals(1, naming.size(), "one line names the user's jar: " + r.err);
    assertTrue(naming.get(0).contains("site.ycsb.db.RedisClient") && naming.get(0).contains("redis binding"),
        naming.get(0));
    return r;
  }

  @Test
  void thePackageRunsTheUsersRedisClientWithTheEngineAlone() throws Exception {
    Path marker = dir.resolve("package-redis.properties");
    loadWithClass(home, marker);
    Properties seen = new Properties();
    try (var in = Files.newBufferedReader(marker)) {
      seen.load(in);
    }
    assertUsersClassAlone(seen, "site.ycsb.db.RedisClient", "/lib/redis/");
    String classpath = seen.getProperty("classpath");
    assertTrue(classpath.contains("/lib/core/"), "the engine is there: " + classpath);
    for (BindingModules.Binding other : BindingModules.declaredIn(CHECKOUT)) {
      if (!other.name().equals("redis")) {
        assertFalse(classpath.contains("/lib/" + other.name() + "/"), other + " is not needed: " + classpath);
      }
    }
  }

  @Test
  void theSourceCheckoutRunsTheUsersRedisClientWithTheEngineAlone() throws Exception {
    Path marker = dir.resolve("checkout-redis.properties");
    loadWithClass(CHECKOUT, marker);
    Properties seen = new Properties();
    try (var in = Files.newBufferedReader(marker)) {
      seen.load(in);
    }
    assertUsersClassAlone(seen, "site.ycsb.db.RedisClient", "/redis/target/");
    assertTrue(seen.getProperty("classpath").contains("/core/target/"), seen.getProperty("classpath"));
  }

  @Test
  void anUpstreamShortNameRunsUpstreamsClassFromTheUsersJar() throws Exception {
    Properties seen = load(home, "memcached", dir.resolve("package-memcached.properties"));
    assertUsersClassAlone(seen, "site.ycsb.db.MemcachedClient", "/lib/redis/");
  }

  @Test
  void anUpstreamBindingNotBundledAndNotGivenIsOneLine() throws Exception {
    Result r = exec(home, tools, "bin/ycsb", "load", "dynamodb", "-P", "workloads/workloada");
    assertEquals(2, r.exit, r.toString());
    assertEquals(1, r.err.lines().count(), r.toString());
    assertTrue(r.err.contains("upstream YCSB binding not bundled here")
        && r.err.contains("-db site.ycsb.db.DynamoDBClient -cp"), r.toString());
  }

  @Test
  void upstreamsEngineJarInTheClassPathIsOneLineNamingIt() throws Exception {
    Path engine = anotherEnginesJar();
    Result r = exec(home, tools, "bin/ycsb", "load", "-db", "site.ycsb.db.RedisClient", "-cp",
        userJar + File.pathSeparator + engine, "-P", "workloads/workloada");
    assertEquals(2, r.exit, r.toString());
    List<String> errors = r.err.lines().filter(l -> l.startsWith("ERROR")).toList();
    assertEquals(1, errors.size(), r.toString());
    assertTrue(errors.get(0).contains(engine.toString()) && errors.get(0).contains("site.ycsb.DB"), r.toString());
    assertFalse(r.err.contains("\tat "), "no stack trace: " + r.err);
  }

  @Test
  void ycsbShIsInThePackageAndRunsAsUpstreamsDid() throws Exception {
    assertTrue(Files.isExecutable(home.resolve("bin/ycsb.sh")), "bin/ycsb.sh");
    Result r = exec(home, tools, "bin/ycsb.sh", "load", "basic", "-P", "workloads/workloada",
        "-p", "recordcount=10", "-p", "basicdb.verbose=false");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("[INSERT], Return=OK, 10"), r.toString());
  }
}
