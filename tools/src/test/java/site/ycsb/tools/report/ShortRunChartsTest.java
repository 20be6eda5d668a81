package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;

/** A run shorter than the time-series interval: its over-time charts say why they have no line. */
class ShortRunChartsTest {
  private static final Pattern SVG = Pattern.compile("<svg class=\"chart\" id=\"([^\"]+)\"(.*?)</svg>", Pattern.DOTALL);

  @Test
  void overTimeChartsOfAShortRunExplainWhyTheyAreEmpty(@TempDir Path dir) throws IOException {
    Path results = dir.resolve("short");
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "basicdb.simulatedelay=1", "-p", "operationcount=0", "-p", "maxexecutiontime=0.3",
        "-p", "resultsdir=" + results);
    assertEquals(0, r.exitCode, r.toString());
    String html = ReportCommandTest.report(List.of(results), dir.resolve("report.html"));
    Matcher m = SVG.matcher(html);
    int overTime = 0;
    while (m.find()) {
      String id = m.group(1);
      if (id.equals("throughput") || id.startsWith("latency-time-")) {
        overTime++;
        assertTrue(m.group(2).contains("data-empty=\"true\""), id);
        assertTrue(m.group(2).contains("spans fewer than two time-series intervals (timeseries.granularity=1000 ms)"),
            id + ": " + m.group(2));
      } else if (id.startsWith("histogram-")) {
        assertFalse(m.group(2).contains("data-empty=\"true\""), "a distribution needs no time: " + id);
      }
    }
    assertTrue(overTime >= 2, "throughput and latency over time charts:\n" + html.length());
  }
}
