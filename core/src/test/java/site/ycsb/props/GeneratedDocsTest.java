package site.ycsb.props;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/properties.md and workloads/workload_template are generated from the declarations. When
 * they are stale this test rewrites them and fails, so the regenerated files get committed.
 */
class GeneratedDocsTest {
  private static void assertCurrent(Path file, String expected) throws IOException {
    String actual = Files.exists(file) ? Files.readString(file) : "";
    if (!actual.equals(expected)) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, expected);
    }
    assertEquals(expected, actual, file + " was stale and has been regenerated: review and commit it");
  }

  @Test
  void propertyReferenceIsCurrent() throws IOException {
    // every catalog core declares (META-INF/services), found as the command line finds them
    assertCurrent(Path.of("../docs/properties.md"), PropertyDocs.markdown(PropertyCatalog.all()));
  }

  @Test
  void workloadTemplateIsCurrent() throws IOException {
    assertCurrent(Path.of("../workloads/workload_template"), PropertyDocs.workloadTemplate(new CoreProperties()));
  }

  @Test
  void everyCoreWorkloadFileUsesOnlyDeclaredNames() throws IOException {
    List<String> declared = new CoreProperties().properties().stream().map(PropertyDef::name).toList();
    try (var files = Files.list(Path.of("../workloads"))) {
      for (Path f : files.toList()) {
        java.util.Properties p = new java.util.Properties();
        try (var in = Files.newInputStream(f)) {
          p.load(in);
        }
        String workload = p.getProperty("workload", "site.ycsb.workloads.CoreWorkload").trim();
        if (!workload.equals("site.ycsb.workloads.CoreWorkload")) {
          continue; // another workload's file (time series): its own properties
        }
        for (String name : p.stringPropertyNames()) {
          assertTrue(declared.contains(name), f + " sets undeclared property " + name);
        }
      }
    }
  }

  @Test
  void secretsAreMasked() {
    assertEquals(Masking.MASK, Masking.maskIfSecret("redis.password", "hunter2"));
    assertEquals(Masking.MASK, Masking.maskIfSecret("db.passwd", "hunter2"));
    assertEquals(Masking.MASK, Masking.maskIfSecret("cloud.token", "abc"));
    assertEquals("localhost", Masking.maskIfSecret("redis.host", "localhost"));
    assertEquals("mongodb://ycsb:******@db1:27017/ycsb?w=1",
        Masking.maskIfSecret("mongodb.url", "mongodb://ycsb:hunter2@db1:27017/ycsb?w=1"));
    assertEquals("jdbc:postgresql://db/ycsb?user=u&password=******&ssl=true",
        Masking.maskIfSecret("db.url", "jdbc:postgresql://db/ycsb?user=u&password=hunter2&ssl=true"));
    assertEquals("jdbc:mysql://db/ycsb", Masking.maskIfSecret("db.url", "jdbc:mysql://db/ycsb"));
  }
}
