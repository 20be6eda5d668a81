package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.results.ResultsFolder;

/**
 * The merge of two clients judges the objective on the merged histograms, not on the clients'
 * own verdicts: a fast client that met it and a slow one that broke it give the verdict the
 * recomputed figures give; {@code compare} shows the verdicts side by side.
 */
class SloMergeTest {
  private static final String SLO = "slo=READ.p99<4ms, READ.p50<4ms, READ.p99<1s in 50%";

  private static Run client(Path dir, int delayMs, int operations, int id) {
    return Run.of("run", "basic", "-P", "../workloads/workloadc", "-p", "basicdb.verbose=false",
        "-p", "basicdb.simulatedelay=" + delayMs, "-p", "basicdb.randomizedelay=false", "-p", "recordcount=1000",
        "-p", "operationcount=" + operations, "-p", "clientid=" + id, "-p", "clientcount=2",
        "-p", "timeseries.granularity=250", "-p", "resultsdir=" + dir, "-p", SLO);
  }

  @Test
  void mergedVerdictIsThatOfTheMergedFigures(@TempDir Path tmp) throws Exception {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    // a: 300 reads of 1 ms; b: 100 reads of 10 ms, a quarter of all reads: the merged p99 is b's
    client(a, 1, 300, 0);
    Run slow = client(b, 10, 100, 1);
    assertEquals(3, slow.exitCode, slow.toString());
    Run merged = Run.of("merge", a.toString(), b.toString(), "-o", tmp.resolve("m").toString());
    assertEquals(3, merged.exitCode, merged.toString());

    Histogram all = ResultsFolder.read(a, false).sections().get("READ").histogram().copy();
    all.add(ResultsFolder.read(b, false).sections().get("READ").histogram());
    double p99 = Math.min(all.getValueAtPercentile(99), all.getMaxValue()) / 1000.0;
    double p50 = all.getValueAtPercentile(50) / 1000.0;
    assertEquals(p99, merged.get("SLO", "READ.p99<4ms:Measured(us)"), 0.01, merged.out);
    assertEquals(p50, merged.get("SLO", "READ.p50<4ms:Measured(us)"), 0.01, merged.out);
    assertEquals(p99 < 4000 ? 1 : 0, merged.count("SLO", "READ.p99<4ms:Passed"));
    assertEquals(p50 < 4000 ? 1 : 0, merged.count("SLO", "READ.p50<4ms:Passed"));
    assertEquals(0, merged.count("SLO", "READ.p99<4ms:Passed"), "b's tenth of a second reads decide the p99");
    assertEquals(1, merged.count("SLO", "READ.p50<4ms:Passed"), "most reads took a millisecond");
    assertTrue(merged.count("SLO", "READ.p99<1s in 50% of intervals:Intervals") >= 2, merged.out);
    assertEquals(1, merged.count("SLO", "READ.p99<1s in 50% of intervals:Passed"), merged.out);
    assertTrue(merged.err.contains("SLO BROKEN: READ.p99<4ms"), merged.err);
    // the merged folder carries the merged verdicts
    ResultsFolder m = ResultsFolder.read(tmp.resolve("m"), false);
    assertEquals(false, m.summary().path("slo").path("passed").asBoolean(true));

    Run compared = Run.of("compare", a.toString(), "--", b.toString());
    assertEquals(0, compared.exitCode, compared.toString());
    String row = compared.out.lines().filter(l -> l.startsWith("READ.p99<4ms ")).findFirst().orElseThrow();
    Path html = tmp.resolve("report.html");
    Run report = Run.of("report", a.toString(), b.toString(), "-o", html.toString());
    assertEquals(0, report.exitCode, report.toString());
    String page = java.nio.file.Files.readString(html);
    assertTrue(page.contains("id=\"slo-verdicts\"") && page.contains("READ.p99&lt;4ms") && page.contains("FAIL"),
        "the report shows the verdicts");
    // each folder's own verdict: b's slow reads broke it whatever a's were
    String verdictOfA = verdict(a, "READ.p99<4ms");
    assertEquals("FAIL", verdict(b, "READ.p99<4ms"));
    assertTrue(row.matches("READ\\.p99<4ms\\s+" + verdictOfA + " \\(.*\\)\\s+FAIL \\(.*\\)"), row);
  }

  private static String verdict(Path dir, String threshold) throws Exception {
    for (var t : ResultsFolder.read(dir, false).summary().path("slo").path("thresholds")) {
      if (threshold.equals(t.path("threshold").asText())) {
        return t.path("passed").asBoolean() ? "pass" : "FAIL";
      }
    }
    throw new AssertionError("no threshold " + threshold + " in " + dir);
  }
}
