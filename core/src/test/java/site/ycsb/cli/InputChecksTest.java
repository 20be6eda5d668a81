package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Inputs checked before a phase spends any time, each refused with one line that names the cause
 * the operating system or the parser gave, and what a phase that could not start leaves behind.
 */
class InputChecksTest {
  @TempDir
  Path tmp;

  private static void assertRefused(Run r, String... mentions) {
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
    assertTrue(r.err.startsWith("ERROR: "), r.err);
    for (String m : mentions) {
      assertTrue(r.err.contains(m), "should mention '" + m + "': " + r.err);
    }
    assertFalse(r.out.contains("[OVERALL]"), "nothing ran: " + r.out);
  }

  @Test
  @Timeout(30)
  void anExportFileThatCannotBeWrittenIsRefusedBeforeTheRun() throws IOException {
    Path notAFolder = Files.writeString(tmp.resolve("file"), "x");
    assertRefused(Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "maxexecutiontime=60",
        "-p", "operationcount=0", "-p", "basicdb.verbose=false", "-p", "exportfile=/nonexistent/x.txt"),
        "exportfile=/nonexistent/x.txt", "no such directory /nonexistent");
    assertRefused(Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "maxexecutiontime=60",
        "-p", "operationcount=0", "-p", "exportfile=" + notAFolder + "/x.txt"), notAFolder + " is not a directory");
  }

  @Test
  void emptyAndBinaryWorkloadFilesAreRefused() throws IOException {
    Path empty = Files.createFile(tmp.resolve("empty"));
    byte[] binary = new byte[4096];
    new java.util.Random(7).nextBytes(binary);
    Path bin = Files.write(tmp.resolve("binary.dat"), binary);
    assertRefused(Run.of("load", "basic", "-P", empty.toString()), "workload file " + empty + " is empty",
        "name=value");
    assertRefused(Run.of("load", "basic", "-P", bin.toString()), "workload file " + bin + " holds binary data");
    assertRefused(Run.of("load", "basic", "-P", tmp.toString()), "cannot read workload file " + tmp,
        "is a directory");
  }

  @Test
  void loadAndRunWithoutABindingSayWhatIsMissing() {
    assertRefused(Run.of("load"), "load needs a binding", "ycsb load rocksdb -P workloads/workloada");
    assertRefused(Run.of("run"), "run needs a binding");
    assertRefused(Run.of("run", "-P", "../workloads/workloada"), "run needs a binding");
  }

  @Test
  void aResultsFolderThatCannotBeMadeSaysWhy() throws IOException {
    Path file = Files.writeString(tmp.resolve("plain-file"), "x");
    assertRefused(Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10",
        "-p", "resultsdir=" + file + "/run"), "resultsdir=" + file + "/run cannot be used: ");
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10",
        "-p", "resultsdir=" + file + "/run");
    String reason = r.err.substring(r.err.indexOf("cannot be used: ") + "cannot be used: ".length()).trim();
    assertFalse(reason.contains(file.toString()), "the reason, not the path again: " + r.err);
    assertFalse(reason.isEmpty());
  }

  @Test
  void anInsertStartBeyondTheRecordsNamesOnlyWhatTheUserGave() {
    Run r = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=100", "-p", "insertstart=200");
    assertRefused(r, "insertstart=200 is beyond recordcount=100");
    assertFalse(r.err.contains("insertcount=-"), r.err);
  }

  @Test
  void largeAveragesArePlainDecimals() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (TextMeasurementsExporter e = new TextMeasurementsExporter(b)) {
      e.write("Intended-READ", "AverageLatency(us)", 6.0240502095E7);
      e.write("READ", "AverageLatency(us)", 0.00002);
    }
    String text = b.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("[Intended-READ], AverageLatency(us), 60240502.095"), text);
    assertTrue(text.contains("[READ], AverageLatency(us), 0.00002"), text);
    assertFalse(text.contains("E7") || text.contains("E-"), text);
  }

  @Test
  @Timeout(60)
  void aPhaseThatCouldNotStartLeavesNoResultsFolderAndTheNextRunMayUseIt() {
    Path folder = tmp.resolve("results");
    Run failed = Run.of("run", "-db", FailingInitDB.class.getName(), "-P", "../workloads/workloada",
        "-p", "operationcount=10", "-p", "resultsdir=" + folder);
    assertEquals(Ycsb.COULD_NOT_RUN, failed.exitCode, failed.toString());
    assertFalse(Files.exists(folder), "no folder without a summary is left behind");
    Run ok = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10",
        "-p", "basicdb.verbose=false", "-p", "resultsdir=" + folder);
    assertEquals(0, ok.exitCode, ok.toString());
    assertTrue(Files.exists(folder.resolve("summary.json")));
  }

  /** A start time far ahead: the client says until when it waits, and SIGTERM ends the wait at once. */
  @Test
  @Timeout(120)
  void aStartTimeAYearAheadIsAnnouncedAndSigtermEndsTheWait() throws Exception {
    long yearAhead = System.currentTimeMillis() + TimeUnit.DAYS.toMillis(365);
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.cli.Ycsb", "run", "basic",
        "-P", "../workloads/workloada", "-p", "operationcount=10", "-p", "starttime=" + yearAhead, "-s"));
    Path err = tmp.resolve("stderr.txt");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(tmp.resolve("out.txt").toFile())
        .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.readString(err).contains("NOTE: the workers connect now and start at") && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    String announced = Files.readString(err);
    assertTrue(announced.contains("(starttime), in 364 days 23 h") || announced.contains("(starttime), in 365 days"),
        announced);
    Thread.sleep(500); // into the wait
    long signalled = System.nanoTime();
    p.destroy(); // SIGTERM
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "ended soon after SIGTERM");
    assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - signalled) < 15, "the wait ended at once");
    assertTrue(Files.readString(err).contains("interrupted while waiting for the start; nothing was measured"),
        Files.readString(err));
  }
}
