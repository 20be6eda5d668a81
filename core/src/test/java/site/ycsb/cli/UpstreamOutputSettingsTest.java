package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.runner.ScriptedDB;

/** Upstream's output settings take effect, or stop the phase with one line; none is ignored. */
class UpstreamOutputSettingsTest {
  private static final String SCRIPTED = ScriptedDB.class.getName();

  private static Run run(String db, String... props) {
    List<String> args = new ArrayList<>(List.of("run", "-db", db, "-P", "../workloads/workloada",
        "-p", "operationcount=3000", "-p", "scripted.failures=0.3", "-threads", "2"));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return Run.of(args.toArray(new String[0]));
  }

  private static void assertRefused(Run r, String property) {
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.contains(property), r.err);
  }

  @Test
  void histogramTypePrintsOneMillisecondBucketsThatSumToTheOperations() {
    Run r = run(SCRIPTED, "measurementtype=histogram", "histogram.buckets=5");
    assertEquals(0, r.exitCode, r.toString());
    long sum = 0;
    for (int i = 0; i < 5; i++) {
      sum += r.count("READ", Integer.toString(i));
    }
    sum += r.count("READ", ">5");
    assertEquals(r.count("READ", "Operations"), sum, r.out);
    assertFalse(r.has("READ", "5"), "five buckets only");
    assertFalse(r.err.contains("not declared"), r.err);
  }

  @Test
  void histogramBucketsWithoutTheHistogramTypeIsRefused() {
    assertRefused(run(SCRIPTED, "histogram.buckets=5"), "histogram.buckets");
  }

  @Test
  void rawTypeWritesOneLinePerCallToTheNamedFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("raw.csv");
    Run r = run(SCRIPTED, "measurementtype=raw", "measurement.raw.output_file=" + file);
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = Files.readAllLines(file);
    assertEquals("operation,timestamp(ms),latency(us)", lines.get(0));
    long now = System.currentTimeMillis();
    long reads = 0;
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",");
      assertTrue(f[0].matches("(READ|UPDATE)(-FAILED)?"), l);
      assertTrue(Math.abs(now - Long.parseLong(f[1])) < 600_000, "an epoch timestamp: " + l);
      Long.parseLong(f[2]);
      reads += f[0].startsWith("READ") ? 1 : 0;
    }
    assertEquals(3000, lines.size() - 1, "one line per call");
    assertEquals(r.count("READ", "Operations") + r.count("READ-FAILED", "Operations"), reads);
  }

  @Test
  void rawTypeWithoutAFileIsRefusedAndAFileWithoutRawToo(@TempDir Path dir) {
    assertRefused(run(SCRIPTED, "measurementtype=raw"), "measurement.raw.output_file");
    assertRefused(run(SCRIPTED, "measurement.raw.output_file=" + dir.resolve("x")), "measurement.raw.output_file");
  }

  @Test
  void hdrFileOutputWritesAnIntervalLogPerSectionWhereUpstreamDoes(@TempDir Path dir) throws Exception {
    Run r = run(SCRIPTED, "hdrhistogram.fileoutput=true", "hdrhistogram.output.path=" + dir + "/run1-");
    assertEquals(0, r.exitCode, r.toString());
    Path log = dir.resolve("run1-READ.hdr");
    assertTrue(Files.exists(log), "files: " + Files.list(dir).toList());
    assertTrue(Files.exists(dir.resolve("run1-READ-FAILED.hdr")));
    long count = 0;
    long maxMicros = 0;
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      org.HdrHistogram.Histogram hh = (org.HdrHistogram.Histogram) h;
      count += hh.getTotalCount();
      maxMicros = Math.max(maxMicros, hh.getMaxValue());
    }
    assertEquals(r.count("READ", "Operations"), count);
    // microseconds, as upstream's files hold: within the histogram's resolution of the summary's maximum
    assertEquals(r.count("READ", "MaxLatency(us)"), maxMicros, 1 + maxMicros / 500.0);
  }

  @Test
  void hdrOutputPathWithoutFileOutputIsRefused(@TempDir Path dir) {
    assertRefused(run(SCRIPTED, "hdrhistogram.output.path=" + dir + "/x-"), "hdrhistogram.output.path");
  }

  @Test
  void everyErrorCodeGetsItsOwnSectionAndTheFailedSectionKeepsThemAll(@TempDir Path dir) {
    Path a = dir.resolve("a");
    Run r = run(SCRIPTED, "reportlatencyforeacherror=true", "resultsdir=" + a);
    assertEquals(0, r.exitCode, r.toString());
    for (String op : List.of("READ", "UPDATE")) {
      long byCode = 0;
      for (String code : List.of("ERROR", "TIMEOUT", "NOT_FOUND")) {
        assertEquals(r.count(op, "Return=" + code), r.count(op + "-" + code, "Operations"), op + "-" + code);
        byCode += r.count(op + "-" + code, "Operations");
      }
      assertEquals(r.count(op + "-FAILED", "Operations"), byCode);
    }
    Run merged = Run.of("merge", a.toString(), "-o", dir.resolve("m").toString());
    assertEquals(0, merged.exitCode, merged.toString());
    assertEquals(r.count("READ-NOT_FOUND", "Operations"), merged.count("READ-NOT_FOUND", "Operations"));
    assertEquals(r.count("READ-NOT_FOUND", "MaxLatency(us)"), merged.count("READ-NOT_FOUND", "MaxLatency(us)"));
    assertFalse(merged.err.contains("left out"), merged.err);
  }

  @Test
  void onlyTheTrackedErrorCodesGetASection() {
    Run r = run(SCRIPTED, "latencytrackederrors=TIMEOUT");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(r.count("READ", "Return=TIMEOUT"), r.count("READ-TIMEOUT", "Operations"));
    assertFalse(r.has("READ-NOT_FOUND", "Operations"), r.out);
    assertFalse(r.has("READ-ERROR", "Operations"), r.out);
  }

  @Test
  void trackJvmDecidesTheJvmLinesAndMayNotContradictMeasureJvm() {
    Run off = run(SCRIPTED, "measurement.trackjvm=false");
    assertEquals(0, off.exitCode, off.toString());
    assertFalse(off.has("MAX_MEM_USED", "MBs"), off.out);
    Run on = run(SCRIPTED, "measurement.trackjvm=true");
    assertTrue(on.has("MAX_MEM_USED", "MBs") && on.has("MAX_THREADS", "Count"), on.out);
    assertRefused(run(SCRIPTED, "measurement.trackjvm=false", "measure.jvm=true"), "measurement.trackjvm");
  }
}
