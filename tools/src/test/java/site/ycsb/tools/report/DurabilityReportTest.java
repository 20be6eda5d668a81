package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.durability.LosesEveryWriteDB;

/** The report of a run with durability=true shows its lost writes and stale reads beside its other figures. */
class DurabilityReportTest {
  @TempDir
  Path tmp;

  @Test
  void theReportShowsLostWritesAndStaleReads() throws Exception {
    Path dir = tmp.resolve("run");
    Run run = Run.of("run", "-db", LosesEveryWriteDB.class.getName(), "-P", "../workloads/workloada",
        "-p", "recordcount=40", "-p", "operationcount=800", "-p", "durability=true", "-p", "resultsdir=" + dir);
    assertEquals(0, run.exitCode, run.toString());
    Path out = tmp.resolve("report.html");
    Run report = Run.of("report", dir.toString(), "-o", out.toString());
    assertEquals(0, report.exitCode, report.toString());
    String html = Files.readString(out);
    long lost = run.count("DURABILITY", "LostWrites");
    long stale = run.count("DURABILITY", "StaleReads");
    assertTrue(lost > 0 && stale > 0, run.toString());
    assertTrue(html.matches("(?s).*<th>lost writes</th><td[^>]*>" + lost + "</td>.*"), "lost writes " + lost);
    assertTrue(html.matches("(?s).*<th>stale reads</th><td[^>]*>" + stale + "</td>.*"), "stale reads " + stale);
  }
}
