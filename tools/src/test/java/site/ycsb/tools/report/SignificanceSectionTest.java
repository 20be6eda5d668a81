package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Run;

/** The report's "Is the difference real?" section: two runs, one slower than the other. */
class SignificanceSectionTest {
  /** Two seconds on virtual time in 100 ms intervals, calls taking {@code meanMs} on average (uniform). */
  private static Path run(Path dir, int meanMs) {
    Run r = Run.of("run", "simulated", "-P", "../workloads/workloada", "-p", "simulated.servicetime=" + meanMs + "ms",
        "-p", "simulated.servicedistribution=uniform", "-p", "recordcount=200", "-p", "operationcount=0",
        "-p", "maxexecutiontime=2", "-p", "timeseries.granularity=100", "-threads", "4", "-p", "resultsdir=" + dir);
    assertEquals(0, r.exitCode, r.toString());
    return dir;
  }

  @Test
  void twoRunsGetTheirVerdicts() throws Exception {
    Path root = SampleRuns.scratch("significance");
    Path fast = run(root.resolve("fast"), 1);
    Path slow = run(root.resolve("slow"), 3);
    String html = ReportCommandTest.report(List.of(fast, slow), root.resolve("report.html"));
    assertTrue(html.contains("<h2 id=\"significance-section\">Is the difference real?</h2>"), "no section");
    assertTrue(html.contains("<a href=\"#significance-section\">"), "not in the navigation");
    assertTrue(html.contains("<b>slow</b> against <b>fast</b> (the baseline)"), "sides not named");
    assertTrue(html.matches("(?s).*<tr class=\"worse\"><th>READ\\.mean \\(us\\)</th>.*?<td class=\"t\">slower</td>"
        + "</tr>.*"), "READ.mean not slower");
    assertTrue(html.contains("id=\"significance-overall\">Overall: <b>different</b>"), "no overall answer");
  }

  @Test
  void runsThatAreNeitherTwoNorTwoGroupsGetNone() throws Exception {
    String html = ReportCommandTest.report(SampleRuns.sweep(), SampleRuns.scratch("three").resolve("report.html"));
    assertFalse(html.contains("significance-section"));
  }
}
