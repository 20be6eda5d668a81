package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.Percentiles;

/** Two real client processes of one run phase, merged. */
class MergeProcessesTest {
  static final int N = 500;

  @TempDir
  Path tmp;

  @Test
  void twoProcessesMergeToTheUnionOfTheirOperations() throws Exception {
    Path a = tmp.resolve("client0");
    Path b = tmp.resolve("client1");
    List<Process> processes = new ArrayList<>();
    try {
      processes.add(start(a, 0));
      processes.add(start(b, 1));
      for (Process p : processes) {
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "client process did not finish");
        assertEquals(0, p.exitValue(), "client exit code; see " + tmp);
      }
    } finally {
      for (Process p : processes) {
        p.destroyForcibly();
      }
    }
    Run merge = Run.of("merge", a.toString(), b.toString(), "-o", tmp.resolve("merged").toString());
    assertEquals(0, merge.exitCode, merge.err);
    assertEquals(2L * N, merge.count("OVERALL", "Operations"));
    for (String section : List.of("READ", "UPDATE")) {
      Histogram union = ClientFolders.union(List.of(a, b), List.of(section));
      long max = Math.max(ClientFolders.summary(a).path("sections").path(section).path("maxNanos").asLong(),
          ClientFolders.summary(b).path("sections").path(section).path("maxNanos").asLong());
      assertEquals(union.getTotalCount(), merge.count(section, "Operations"));
      assertEquals(union.getTotalCount(), merge.returnCodes(section));
      for (double p : Percentiles.parse(CoreProperties.PERCENTILES.defaultValue())) {
        assertEquals(Math.round(Math.min(union.getValueAtPercentile(p), max) / 1000.0),
            merge.get(section, Percentiles.metricName(p)), 0.0, section + " p" + p);
      }
      assertEquals(Math.round(max / 1000.0), merge.get(section, "MaxLatency(us)"), 0.0);
    }
  }

  /**
   * The test's class path: java.class.path under Maven; a launcher that loads the classes through
   * its own class loader (e.g. the JUnit console launcher) adds that loader's entries.
   */
  private static String classPath() throws Exception {
    StringBuilder cp = new StringBuilder(System.getProperty("java.class.path"));
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader instanceof java.net.URLClassLoader urls) {
      for (java.net.URL u : urls.getURLs()) {
        cp.append(java.io.File.pathSeparator).append(Path.of(u.toURI()));
      }
    }
    return cp.toString();
  }

  private Process start(Path dir, int clientId) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-cp");
    cmd.add(classPath());
    cmd.add("site.ycsb.cli.Ycsb");
    cmd.addAll(ClientFolders.clientArgs("run", dir, clientId, N));
    Files.createDirectories(tmp);
    return new ProcessBuilder(cmd)
        .redirectOutput(tmp.resolve("client" + clientId + ".out").toFile())
        .redirectError(tmp.resolve("client" + clientId + ".err").toFile())
        .start();
  }
}
