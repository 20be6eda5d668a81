package site.ycsb.props;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every property is read through its declaration ({@link PropertyDef}), so its default, check and
 * meaning live in one place and docs/properties.md lists it. This counts the reads that go around
 * it ({@code getProperty(...)} on a set of properties) in the engine's and every module's main
 * sources, outside the property layer itself: none, but for the few below, each for its reason.
 */
class RawPropertyReadsTest {
  private static final Path ROOT = Path.of("..");
  private static final Path PROPERTY_LAYER = Path.of("core/src/main/java/site/ycsb/props");
  /** A getProperty call that is not the JVM's System.getProperty. */
  private static final Pattern RAW_READ = Pattern.compile("(?<!System)\\.getProperty\\(");

  /** File to the raw reads it may make, and why they are not reads of one declared property. */
  private static final Map<String, Reviewed> REVIEWED = Map.of(
      "core/src/main/java/site/ycsb/BasicDB.java",
      new Reviewed(1, "basicdb.verbose prints every property given, whatever its name"),
      "core/src/main/java/site/ycsb/results/Environment.java",
      new Reviewed(1, "the results folder keeps every property given, whatever its name, secrets masked"),
      "tools/src/main/java/site/ycsb/tools/merge/MergeCommand.java",
      new Reviewed(2, "the merged folder keeps the properties every input has with the same value, whatever"
          + " their names"),
      "core/src/main/java/site/ycsb/runner/ErrorLog.java",
      new Reviewed(1, "collects the value of every secret property given, to hide it in error messages"),
      "hbase2/src/main/java/site/ycsb/db/hbase2/HBaseClient2.java",
      new Reviewed(1, "passes the driver's own settings through (names under the open prefix hbase2 declares)"));

  private record Reviewed(int reads, String reason) {
  }

  @Test
  void everyPropertyIsReadThroughItsDeclaration() throws IOException {
    Map<String, Integer> found = new TreeMap<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
        try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
            Path relative = ROOT.relativize(f);
            if (relative.startsWith(PROPERTY_LAYER)) {
              continue;
            }
            Matcher m = RAW_READ.matcher(Files.readString(f));
            int reads = 0;
            while (m.find()) {
              reads++;
            }
            if (reads > 0) {
              found.put(relative.toString().replace('\\', '/'), reads);
            }
          }
        }
      }
    }
    Map<String, Integer> allowed = new TreeMap<>();
    REVIEWED.forEach((file, r) -> allowed.put(file, r.reads()));
    assertEquals(allowed, found, "a property read without its PropertyDef: declare it in its module's"
        + " catalog (CoreProperties, a binding's PropertyCatalog) and read it through the declaration");
  }
}
