package site.ycsb.tools.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ExitCodes;
import site.ycsb.cli.Run;

/** {@code compare --series} and {@code report --series}: 20 runs with a step planted at run 12. */
class SeriesTest {
  @TempDir
  Path tmp;

  /** 20 runs of 20 intervals; from run 12 on every latency is 20% higher; runs differ by 3% besides. */
  private List<String> twentyRuns() throws Exception {
    List<String> dirs = new ArrayList<>();
    for (int r = 1; r <= 20; r++) {
      SyntheticRun run = new SyntheticRun().seed(100 + r).intervals(20).median(r >= 12 ? 1200 : 1000)
          .noise(0.05, 0.3);
      run.runNoise = 0.03;
      run.opsPerSecond = 500;
      dirs.add(run.write(tmp.resolve(String.format("commit-%02d", r))).toString());
    }
    return dirs;
  }

  @Test
  void theStepIsFoundAtRunTwelve() throws Exception {
    List<String> args = new ArrayList<>(List.of("compare", "--series"));
    args.addAll(twentyRuns());
    Run text = Run.of(args.toArray(new String[0]));
    assertEquals(ExitCodes.OK, text.exitCode, text.toString());
    assertTrue(text.out.contains("READ.mean: at run 12 (" + tmp.resolve("commit-12") + "): "), text.out);
    assertTrue(text.out.contains("READ.p50: at run 12 ("), text.out);
    assertTrue(text.out.lines().filter(l -> l.matches("\\s*12  .*")).findFirst().orElse("").contains(" ^"),
        text.out);

    args.add("--json");
    Run json = Run.of(args.toArray(new String[0]));
    JsonNode root = new ObjectMapper().readTree(json.out);
    assertEquals(20, root.path("runs").size());
    boolean meanAt12 = false;
    for (JsonNode c : root.path("changePoints")) {
      if (c.path("figure").asText().startsWith("READ.")
          && !c.path("figure").asText().equals("READ.max") && !c.path("figure").asText().equals("READ.p99.9")) {
        assertEquals(12, c.path("run").asInt(), c.toString());
        assertTrue(c.path("changePercent").asDouble() > 15 && c.path("changePercent").asDouble() < 25, c.toString());
      }
      meanAt12 |= c.path("figure").asText().equals("READ.mean") && c.path("run").asInt() == 12;
    }
    assertTrue(meanAt12, json.out);
  }

  @Test
  void theReportDrawsTheSeriesWithItsChangePoints() throws Exception {
    List<String> args = new ArrayList<>(List.of("report", "--series"));
    args.addAll(twentyRuns());
    Path html = tmp.resolve("series.html");
    args.addAll(List.of("-o", html.toString()));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(ExitCodes.OK, r.exitCode, r.toString());
    String page = Files.readString(html);
    assertTrue(page.contains("<h2 id=\"series\">Series and change points</h2>"), "no series section");
    assertTrue(page.contains("id=\"series-read-mean\""), "no chart of READ.mean");
    assertTrue(page.contains("<tr><th>READ.mean</th><td>12 (commit-12)</td>"), "no change point at run 12");
    assertTrue(page.matches("(?s).*<text class=\"pl\"[^>]*>change \\+[12][0-9]\\.[0-9]%</text>.*"), "no label");
  }

  @Test
  void aSeriesNeedsTwoRuns() throws Exception {
    Path one = new SyntheticRun().seed(101).intervals(20).write(tmp.resolve("commit-01"));
    Run r = Run.of("compare", "--series", one.toString());
    assertEquals(ExitCodes.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
  }
}
