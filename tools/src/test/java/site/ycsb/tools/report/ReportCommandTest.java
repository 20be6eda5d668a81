package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Run;

/** {@code ycsb report} on real results folders: what the page holds, and the command's errors. */
class ReportCommandTest {
  private static final Pattern SVG = Pattern.compile("<svg class=\"chart\" id=\"([^\"]+)\"(.*?)</svg>", Pattern.DOTALL);
  private static final Pattern SERIES =
      Pattern.compile("<g class=\"series\" data-name=\"([^\"]+)\"><polyline[^>]* data-v=\"([^\"]+)\"");

  static String report(List<Path> dirs, Path out) throws IOException {
    List<String> args = new ArrayList<>(List.of("report"));
    dirs.forEach(d -> args.add(d.toString()));
    args.add("-o");
    args.add(out.toString());
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("written to " + out), r.toString());
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  @Test
  void everyChartIsDrawnWithData() throws IOException {
    String html = report(SampleRuns.sweep(), SampleRuns.scratch("r").resolve("report.html"));
    List<String> ids = new ArrayList<>();
    Matcher m = SVG.matcher(html);
    while (m.find()) {
      ids.add(m.group(1));
      if (m.group(1).equals("latency-time-start-lag")) {
        // on virtual time no call starts later than its slot: zeros, which a latency axis cannot draw
        for (Path dir : SampleRuns.sweep()) {
          assertEquals(0, line(dir, "START-LAG", "MaxLatency(us)"), dir.toString());
        }
        assertTrue(m.group(2).contains("data-empty"), "a chart of nothing says so");
        continue;
      }
      assertFalse(m.group(2).contains("data-empty"), "chart " + m.group(1) + " has no data");
      assertTrue(m.group(2).contains("<polyline"), "chart " + m.group(1) + " has no line");
    }
    // workload A: reads and updates, each also measured from its intended start (a target is set)
    for (String id : List.of("throughput", "client-cpu", "latency-vs-throughput",
        "latency-time-read", "histogram-read", "cdf-read", "latency-time-update", "histogram-update", "cdf-update",
        "latency-time-intended-read", "histogram-intended-read", "cdf-intended-read")) {
      assertTrue(ids.contains(id), "missing chart " + id + " among " + ids);
    }
    assertTrue(html.contains("data-charts-expected=\"" + ids.size() + "\""), "expected-chart count on body");
    for (String label : List.of("t100", "t200", "t400")) {
      assertTrue(html.contains("<th><span class=\"sw\" style=\"background:") && html.contains(">" + label + "</th>"),
          "table column " + label);
      assertTrue(html.contains("data-name=\"" + label + "\""), "a series of " + label);
    }
  }

  @Test
  void nothingIsLoadedFromElsewhere() throws IOException {
    String html = report(SampleRuns.sweep(), SampleRuns.scratch("r").resolve("report.html"));
    Matcher refs = Pattern.compile("\\b(src|href|xlink:href|action)\\s*=\\s*\"([^\"]*)\"").matcher(html);
    int links = 0;
    while (refs.find()) {
      links++;
      assertTrue(refs.group(2).startsWith("#"), "reference that leaves the page: " + refs.group());
    }
    assertTrue(links > 0, "the page has its in-page navigation");
    assertFalse(html.contains("http://") || html.contains("https://"), "no web address anywhere in the page");
    assertFalse(html.contains("<link") || html.contains("@import") || html.contains("url("), "no external style");
    assertFalse(html.contains("<script src"), "no external script");
  }

  @Test
  void tableShowsEachRunsFigures() throws IOException {
    List<Path> dirs = SampleRuns.sweep();
    String html = report(dirs, SampleRuns.scratch("r").resolve("report.html"));
    String table = html.substring(html.indexOf("<table class=\"cmp\" id=\"comparison\">"),
        html.indexOf("</table>"));
    for (Path dir : dirs) {
      JsonNode s = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
      assertTrue(table.contains("<td>" + Html.figure(s.get("operations").asLong()) + "</td>"),
          "operations of " + dir);
      assertTrue(table.contains("<td>" + Html.figure(s.at("/sections/READ/count").asLong()) + "</td>"),
          "read count of " + dir);
      for (JsonNode line : s.get("lines")) {
        if (line.get("metric").asText().equals("OVERALL") && line.get("measurement").asText().equals("Throughput(ops/sec)")) {
          assertTrue(table.contains("<td>" + Html.figure(line.get("value").asDouble()) + "</td>"),
              "throughput " + line.get("value") + " of " + dir);
        }
        if (line.get("metric").asText().equals("UPDATE") && line.get("measurement").asText().startsWith("99th")) {
          assertTrue(table.contains("<td>" + Html.figure(line.get("value").asDouble()) + "</td>"),
              "update p99 " + line.get("value") + " of " + dir);
        }
      }
    }
    // every summary line is in the full table
    assertTrue(html.contains("id=\"comparison-all\""));
    assertTrue(html.contains("<th>Return=OK</th>"));
  }

  @Test
  void histogramsAndCdfsAccountForEveryOperation() throws IOException {
    String html = report(SampleRuns.sweep(), SampleRuns.scratch("r").resolve("report.html"));
    for (String section : List.of("read", "update", "intended-read", "intended-update")) {
      int histograms = 0;
      for (String[] s : series(html, "histogram-" + section)) {
        // step outline: each bin's share appears at both of its edges
        double[][] points = points(s[1]);
        double total = 0;
        for (int i = 1; i + 1 < points.length; i += 2) {
          total += points[i][1];
        }
        assertEquals(100.0, total, 0.5, "shares of the " + section + " histogram of " + s[0]);
        histograms++;
      }
      assertEquals(3, histograms, "one histogram per run for " + section);
      int cdfs = 0;
      for (String[] s : series(html, "cdf-" + section)) {
        double[][] points = points(s[1]);
        assertEquals(100.0, points[points.length - 1][1], 1e-9, "CDF of " + s[0] + " ends at 100%");
        for (int i = 1; i < points.length; i++) {
          assertTrue(points[i][1] >= points[i - 1][1] && points[i][0] > points[i - 1][0], "CDF rises");
        }
        cdfs++;
      }
      assertEquals(3, cdfs, "one CDF per run for " + section);
    }
  }

  @Test
  void targetSweepGivesLatencyAgainstMeasuredThroughput() throws IOException {
    List<Path> dirs = SampleRuns.sweep();
    String html = report(List.of(dirs.get(2), dirs.get(0), dirs.get(1)), SampleRuns.scratch("r").resolve("r.html"));
    List<String[]> series = series(html, "latency-vs-throughput");
    List<String> names = new ArrayList<>();
    for (String[] s : series) {
      names.add(s[0]);
      double[][] points = points(s[1]);
      assertEquals(3, points.length, "one point per run in " + s[0]);
      // points in increasing target order; the measured throughput follows the target
      assertTrue(points[0][0] < points[1][0] && points[1][0] < points[2][0], "throughput rises in " + s[0]);
      assertEquals(100, points[0][0], 25);
      assertEquals(400, points[2][0], 100);
    }
    // with a target, latency from the intended start is drawn too: it shows the queueing
    assertEquals(List.of("READ · p50", "READ · p99", "Intended-READ · p50", "Intended-READ · p99",
        "UPDATE · p50", "UPDATE · p99", "Intended-UPDATE · p50", "Intended-UPDATE · p99"), names);
    for (String label : List.of(">100/s<", ">200/s<", ">400/s<")) {
      assertTrue(html.contains(label), "point label " + label);
    }
  }

  @Test
  void noCurveWhenRunsDifferInTargetAndThreads() throws IOException {
    String html = report(List.of(SampleRuns.sweep().get(0), SampleRuns.twoThreads()),
        SampleRuns.scratch("r").resolve("r.html"));
    assertFalse(html.contains("id=\"latency-vs-throughput\""));
    assertTrue(html.contains("both the target and the thread count differ between runs"));
    // two runs: the table has a difference column
    assertTrue(html.contains(">difference</th>"));
    String one = report(List.of(SampleRuns.twoThreads()), SampleRuns.scratch("r").resolve("r.html"));
    assertTrue(one.contains("it needs at least two runs"));
    assertTrue(one.contains("id=\"histogram-read\""));
  }

  @Test
  void repetitionsGetMeanAndConfidenceInterval() throws IOException {
    List<Path> sweep = SampleRuns.sweep();
    Path again = SampleRuns.repeatOf200();
    String html = report(List.of(sweep.get(0), sweep.get(1), again), SampleRuns.scratch("r").resolve("r.html"));
    assertTrue(html.contains("<h3>2 repetitions: t200, t200-again</h3>"), "one group of repetitions");
    assertEquals(1, html.split("<table class=\"cmp\" id=\"repetitions-", -1).length - 1, "t100 has no repetition");
    // on virtual time both runs deliver their 200 ops/s exactly; their READ means differ, by the
    // operations and keys the workload chose
    assertTrue(html.matches("(?s).*<tr><th>\\[OVERALL\\] Throughput\\(ops/sec\\)</th><td>2</td><td>200</td>"
        + "<td>± 0</td>.*"), "throughput row of the repetitions");
    double a = line(sweep.get(1), "READ", "AverageLatency(us)");
    double b = line(again, "READ", "AverageLatency(us)");
    assertTrue(a != b, "two draws of one configuration: " + a + " and " + b);
    double mean = (a + b) / 2;
    // 95% interval of the mean of two values: t(0.975, 1) = 12.706 times the standard error
    double half = 12.706 * Math.abs(a - b) / Math.sqrt(2) / Math.sqrt(2);
    Matcher row = Pattern.compile("<tr><th>\\[READ\\] AverageLatency\\(us\\)</th><td>2</td><td>([^<]+)</td>"
        + "<td>± ([^<]+)</td>").matcher(html);
    assertTrue(row.find(), "READ mean row of the repetitions");
    assertEquals(mean, Double.parseDouble(row.group(1).replace(",", "")), 0.001 + mean * 1e-3);
    assertEquals(half, Double.parseDouble(row.group(2).replace(",", "")), 0.01 + half * 1e-3);
    assertTrue(html.contains("[READ] 99thPercentileLatency(us)"), "latency figures of the repetitions");

    String none = report(sweep, SampleRuns.scratch("r").resolve("r.html"));
    assertFalse(none.contains("id=\"repetitions"), "no repetitions among different targets");
  }

  private static double line(Path dir, String section, String metric) throws IOException {
    for (JsonNode line : new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("lines")) {
      if (line.get("metric").asText().equals(section) && line.get("measurement").asText().equals(metric)) {
        return line.get("value").asDouble();
      }
    }
    throw new AssertionError("no [" + section + "] " + metric + " in " + dir);
  }

  @Test
  void equalFolderNamesGetTheirParentInTheLabel() throws IOException {
    Path a = SampleRuns.scratch("a").resolve("run");
    Path b = SampleRuns.scratch("b").resolve("run");
    copy(SampleRuns.sweep().get(0), a);
    copy(SampleRuns.sweep().get(1), b);
    String html = report(List.of(a, b), SampleRuns.scratch("r").resolve("r.html"));
    assertTrue(html.contains(">" + a.getParent().getFileName() + "/run</th>"), "label of the first run");
    assertTrue(html.contains(">" + b.getParent().getFileName() + "/run</th>"), "label of the second run");
  }

  @Test
  void folderWithoutSummaryIsRefused() throws IOException {
    Path empty = SampleRuns.scratch("empty");
    Path out = SampleRuns.scratch("r").resolve("r.html");
    Run r = Run.of("report", SampleRuns.sweep().get(0).toString(), empty.toString(), "-o", out.toString());
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
    assertTrue(r.err.contains(empty.toString()) && r.err.contains("summary.json"), r.err);
    assertFalse(Files.exists(out), "no report written");

    Run missing = Run.of("report", empty.resolve("nope").toString(), "-o", out.toString());
    assertEquals(2, missing.exitCode, missing.toString());
    assertTrue(missing.err.contains("nope"), missing.err);
  }

  @Test
  void commandLineErrors() {
    String dir = SampleRuns.sweep().get(0).toString();
    Run noOutput = Run.of("report", dir);
    assertEquals(2, noOutput.exitCode, noOutput.toString());
    assertTrue(noOutput.err.contains("-o"), noOutput.err);

    Run dangling = Run.of("report", dir, "-o");
    assertEquals(2, dangling.exitCode, dangling.toString());
    assertTrue(dangling.err.contains("-o needs a file name"), dangling.err);

    Run noDirs = Run.of("report", "-o", "x.html");
    assertEquals(2, noDirs.exitCode, noDirs.toString());
    assertTrue(noDirs.err.contains("at least one results folder"), noDirs.err);

    Run unknown = Run.of("report", dir, "-x", "-o", "x.html");
    assertEquals(2, unknown.exitCode, unknown.toString());
    assertTrue(unknown.err.contains("unknown option '-x'"), unknown.err);
    assertFalse(Files.exists(Path.of("x.html")));
  }

  @Test
  void damagedSummaryIsRefused() throws IOException {
    Path dir = SampleRuns.scratch("damaged");
    Files.writeString(dir.resolve("summary.json"), "{\"format\": \"ycsb-results/1\", \"sections\": {\"READ\": {\"count\": 1, "
        + "\"histogram\": \"bm90IGEgaGlzdG9ncmFt\"}}}");
    Run r = Run.of("report", dir.toString(), "-o", dir.resolve("r.html").toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("READ") && r.err.contains("cannot be decoded"), r.err);

    Files.writeString(dir.resolve("summary.json"), "{\"format\": \"something-else\"}");
    r = Run.of("report", dir.toString(), "-o", dir.resolve("r.html").toString());
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("expected ycsb-results/1"), r.err);
  }

  /** @return {name, data values} of every series of a chart */
  static List<String[]> series(String html, String chartId) {
    Matcher m = SVG.matcher(html);
    while (m.find()) {
      if (m.group(1).equals(chartId)) {
        List<String[]> out = new ArrayList<>();
        Matcher s = SERIES.matcher(m.group(2));
        while (s.find()) {
          out.add(new String[] {s.group(1).replace("&amp;", "&"), s.group(2)});
        }
        return out;
      }
    }
    throw new AssertionError("no chart " + chartId);
  }

  private static double[][] points(String values) {
    String[] pairs = values.trim().split(" ");
    double[][] out = new double[pairs.length][];
    for (int i = 0; i < pairs.length; i++) {
      String[] xy = pairs[i].split(",");
      out[i] = new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])};
    }
    return out;
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(f)) {
          Files.copy(f, to.resolve(f.getFileName()));
        }
      }
    }
  }
}
