package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;

/**
 * The report of a whole experiment, written by {@code ycsb experiment} into its folder: the
 * latency-versus-throughput curves (one line per configuration, with confidence bands where runs
 * were repeated), the throughput over time of every combination with the fault marked, and the
 * availability table; opened in headless Chromium as a reader would.
 */
class ExperimentReportTest {
  @TempDir
  static Path dir;
  private static Path report;
  private static String html;

  @BeforeAll
  static void runExperiment() throws Exception {
    Path plan = dir.resolve("curves.yaml");
    // two configurations (1 and 2 threads), each a curve of two targets, every point repeated twice;
    // real runs of the basic binding, as the fault is a command run at a real instant of each run
    Files.writeString(plan, String.join("\n",
        "binding: basic",
        "properties: {recordcount: 100, basicdb.verbose: false}",
        "workloads: [../workloads/workloada]",
        "repetitions: 2",
        "runtime: 1s",
        "granularity: 200ms",
        "sweep:",
        "  threads: [1, 2]",
        "  target: [200, 400]",
        "faults:",
        "  - {at: 600ms, run: 'true'}",
        ""), StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(new String[] {"experiment", plan.toString(), "-o", dir.resolve("out").toString()},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, out + "\n" + err);
    report = dir.resolve("out").resolve("report.html");
    html = Files.readString(report, StandardCharsets.UTF_8);
  }

  @Test
  void curvesHaveALinePerConfigurationWithItsConfidenceBand() {
    // workload A: READ and UPDATE, at the default p95 and p99: four curve charts
    for (String title : List.of("workloada · READ p95", "workloada · READ p99", "workloada · UPDATE p95",
        "workloada · UPDATE p99")) {
      assertTrue(html.contains(title + " latency vs throughput"), title);
    }
    int curves = count(html, "id=\"curve-");
    assertEquals(4, curves, "curve charts");
    // each chart: the configurations threads=1 and threads=2, each with its two band lines
    assertEquals(4, count(html, ">threads=1</text>"), "a threads=1 line in each curve chart's legend");
    assertEquals(4, count(html, ">threads=2</text>"));
    assertTrue(count(html, "(95% CI low)") >= 8 && count(html, "(95% CI high)") >= 8, "confidence bands");
  }

  @Test
  void throughputOverTimeMarksTheFaultAndTheAvailabilityTableIsThere() {
    assertEquals(4, count(html, "id=\"over-time-"), "one chart per combination");
    assertEquals(4, count(html, ">fault at 0.6 s</text>"), "the fault marked in each");
    assertTrue(html.contains("<h2 id=\"availability\">"), "availability section");
    // header row and one row per run with the fault: 8 runs
    Matcher m = Pattern.compile("(?s)<h2 id=\"availability\">.*?<table>(.*?)</table>").matcher(html);
    assertTrue(m.find());
    assertEquals(9, count(m.group(1), "<tr>"));
  }

  @Test
  void everyChartRendersInTheBrowser() throws Exception {
    Path scratch = Files.createDirectories(dir.resolve("browser"));
    ReportBrowserTest.Browser b = ReportBrowserTest.chromium(scratch, "--enable-logging=stderr", "--v=0",
        "--dump-dom", report.toUri().toString());
    Matcher body = Pattern.compile("<body([^>]*)>").matcher(b.out());
    assertTrue(body.find(), "no <body> in the rendered page: " + b);
    String attrs = body.group(1);
    assertEquals(ReportBrowserTest.attribute(attrs, "data-charts-expected"),
        ReportBrowserTest.attribute(attrs, "data-charts-rendered"), "charts drawn: " + attrs);
    assertEquals("8", ReportBrowserTest.attribute(attrs, "data-charts-expected"));
    assertEquals("", ReportBrowserTest.attribute(attrs, "data-errors"), "script errors");
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + what.length())) {
      n++;
    }
    return n;
  }
}
