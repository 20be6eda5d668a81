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

  /** A phase that ran, with one line on stderr about the property: a note that it has no effect. */
  private static void assertNoted(Run r, String property) {
    assertEquals(0, r.exitCode, r.toString());
    List<String> about = r.err.lines().filter(l -> l.contains(property)).toList();
    assertEquals(1, about.size(), r.err);
    assertTrue(about.get(0).startsWith("NOTE: " + property + " has no effect"), r.err);
    assertTrue(r.count("READ", "Operations") > 0, r.out);
  }

  /** @return the errors, warnings and notes on stderr, but the note about the scripted failures */
  private static List<String> unexpected(Run r) {
    return r.errWithoutHostWarnings().lines()
        .filter(l -> l.matches("(ERROR|WARNING|NOTE): .*") && !l.contains("operations failed"))
        .toList();
  }

  @Test
  void histogramTypeWithVerbosePrintsOneMillisecondBucketsThatSumToTheOperations() {
    Run r = run(SCRIPTED, "measurementtype=histogram", "measurement.histogram.verbose=true", "histogram.buckets=5");
    assertEquals(0, r.exitCode, r.toString());
    long sum = 0;
    for (int i = 0; i < 5; i++) {
      sum += r.count("READ", Integer.toString(i));
    }
    sum += r.count("READ", ">5");
    assertEquals(r.count("READ", "Operations"), sum, r.out);
    assertFalse(r.has("READ", "5"), "five buckets only");
    assertEquals(List.of(), unexpected(r), "no error, warning or note about the settings");
  }

  @Test
  void histogramTypeWithoutVerbosePrintsNoBucketsAndNotesTheBucketCount() {
    Run r = run(SCRIPTED, "measurementtype=histogram", "histogram.buckets=5");
    assertNoted(r, "histogram.buckets");
    assertTrue(r.err.contains("measurement.histogram.verbose=true"), r.err);
    assertFalse(r.has("READ", "0") || r.has("READ", ">5"), r.out);
    assertTrue(r.has("READ", "99thPercentileLatency(us)"), r.out);
  }

  @Test
  void histogramSettingsWithAnotherTypeAreANoteNotAnError() {
    assertNoted(run(SCRIPTED, "histogram.buckets=5"), "histogram.buckets");
    assertNoted(run(SCRIPTED, "measurement.histogram.verbose=true"), "measurement.histogram.verbose");
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
    assertFalse(r.out.contains("latency raw data"), "the calls are in the file, not on stdout");
    assertEquals(r.count("READ", "Operations"), r.count("READ", "Total Operations"), r.out);
  }

  @Test
  void rawTypeWithoutAFilePrintsEveryCallOnStdoutBeforeTheSummaryAsUpstreamDoes() {
    Run r = run(SCRIPTED, "measurementtype=raw");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(List.of(), unexpected(r), "no error, warning or note about the settings");
    List<String> out = r.out.lines().toList();
    int summaryStart = out.indexOf(out.stream().filter(l -> l.startsWith("[")).findFirst().orElseThrow());
    List<String> before = out.subList(0, summaryStart);
    for (String section : List.of("READ", "READ-FAILED", "UPDATE", "UPDATE-FAILED")) {
      int header = before.indexOf(section + " latency raw data: op, timestamp(ms), latency(us)");
      assertTrue(header >= 0, "header of " + section + " in:\n" + String.join("\n", before.subList(0,
          Math.min(5, before.size()))));
      // the section's calls follow its header, together
      long calls = 0;
      for (int i = header + 1; i < before.size() && before.get(i).startsWith(section + ","); i++) {
        assertTrue(before.get(i).matches(java.util.regex.Pattern.quote(section) + ",\\d{13},\\d+"), before.get(i));
        calls++;
      }
      assertEquals(r.count(section, "Operations"), calls, section);
      assertEquals(calls, r.count(section, "Total Operations"), section);
    }
    assertEquals(3000 + 4, before.size(), "one line per call and one header per section, nothing else");
    long min = r.count("READ", "Min");
    long max = r.count("READ", "Max");
    assertEquals(-1, r.count("READ", "Below is a summary of latency in microseconds:"));
    assertTrue(min <= r.count("READ", "p50") && r.count("READ", "p50") <= r.count("READ", "p99.99")
        && r.count("READ", "p99.99") <= max, r.out);
    assertEquals(r.get("READ", "AverageLatency(us)"), r.get("READ", "Average"), 0.001);
    assertEquals(r.count("READ", "MinLatency(us)"), min);
    assertEquals(r.count("READ", "MaxLatency(us)"), max);
  }

  @Test
  void rawNoSummaryKeepsTheCountAndLeavesOutTheStatistics() {
    Run r = run(SCRIPTED, "measurementtype=raw", "measurement.raw.no_summary=true");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(r.count("READ", "Operations"), r.count("READ", "Total Operations"));
    for (String metric : List.of("Average", "Min", "Max", "p1", "p50", "p99.99")) {
      assertFalse(r.has("READ", metric), metric + " in:\n" + r.out);
    }
    assertTrue(r.out.contains("READ latency raw data"), "the calls are still printed");
  }

  @Test
  void rawSettingsWithAnotherTypeAreANoteNotAnError(@TempDir Path dir) {
    Path file = dir.resolve("x");
    assertNoted(run(SCRIPTED, "measurement.raw.output_file=" + file), "measurement.raw.output_file");
    assertFalse(Files.exists(file), "nothing written");
    assertNoted(run(SCRIPTED, "measurement.raw.no_summary=true"), "measurement.raw.no_summary");
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
  void hdrOutputPathWithoutFileOutputIsANote(@TempDir Path dir) throws Exception {
    assertNoted(run(SCRIPTED, "hdrhistogram.output.path=" + dir + "/x-"), "hdrhistogram.output.path");
    assertEquals(List.of(), Files.list(dir).toList(), "no file written");
  }

  @Test
  void upstreamsWorkloadTemplateSettingsRunWithNotesOnly(@TempDir Path dir) throws Exception {
    // the values upstream's workloads/workload_template sets (0.17.0), with its measurement settings
    Path template = dir.resolve("upstream_workload_template");
    Files.writeString(template, String.join("\n", "workload=site.ycsb.workloads.CoreWorkload",
        "recordcount=1000000", "operationcount=3000000", "insertstart=0", "fieldcount=10", "fieldlength=100",
        "readallfields=true", "writeallfields=false", "fieldlengthdistribution=constant", "readproportion=0.95",
        "updateproportion=0.05", "insertproportion=0", "readmodifywriteproportion=0", "scanproportion=0",
        "maxscanlength=1000", "scanlengthdistribution=uniform", "insertorder=hashed", "requestdistribution=zipfian",
        "hotspotdatafraction=0.2", "hotspotopnfraction=0.8", "table=usertable", "measurementtype=histogram",
        "histogram.buckets=1000", "timeseries.granularity=1000", ""));
    for (String phase : List.of("load", "run")) {
      Run r = Run.of(phase, "basic", "-P", template.toString(), "-p", "basicdb.verbose=false",
          "-p", "recordcount=300", "-p", "operationcount=500");
      assertEquals(0, r.exitCode, r.toString());
      String settings = r.errWithoutHostWarnings();
      assertFalse(settings.contains("ERROR") || settings.contains("WARNING"), r.err);
      assertTrue(settings.lines().allMatch(l -> l.startsWith("NOTE: ")), r.err);
      assertTrue(r.err.contains("histogram.buckets"), r.err);
      assertTrue(r.count("OVERALL", "Operations") == ("load".equals(phase) ? 300 : 500), r.out);
      assertFalse(r.has(phase.equals("load") ? "INSERT" : "READ", "0"), "no bucket lines without verbose");
    }
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
