package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ycsb compare}: statistics over repetitions, on folders with known figures. */
class CompareCommandTest {
  @TempDir
  Path tmp;

  /** A results folder holding only the summary lines compare reads. */
  private Path folder(String name, String phase, boolean complete, double throughput, double p99) throws IOException {
    Path d = Files.createDirectories(tmp.resolve(name));
    String json = "{\"format\":\"ycsb-results/1\",\"complete\":" + complete + ",\"phase\":\"" + phase + "\","
        + "\"lines\":["
        + "{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":1000},"
        + "{\"metric\":\"OVERALL\",\"measurement\":\"Throughput(ops/sec)\",\"value\":" + throughput + "},"
        + "{\"metric\":\"READ\",\"measurement\":\"Operations\",\"value\":10},"
        + "{\"metric\":\"READ\",\"measurement\":\"99thPercentileLatency(us)\",\"value\":" + p99 + "}]}";
    Files.writeString(d.resolve("summary.json"), json);
    return d;
  }

  private static String[] result(List<String> args, int expectedCode) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = CompareCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(expectedCode, code, err.toString(StandardCharsets.UTF_8));
    return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  private static List<String> args(Object... items) {
    List<String> out = new ArrayList<>();
    Arrays.stream(items).forEach(i -> out.add(i.toString()));
    return out;
  }

  @Test
  void twoGroupsGiveMeansIntervalsAndDifference() throws IOException {
    Path a1 = folder("a1", "run", true, 100, 900);
    Path a2 = folder("a2", "run", true, 110, 1000);
    Path a3 = folder("a3", "run", true, 120, 1100);
    Path b1 = folder("b1", "run", true, 200, 500);
    Path b2 = folder("b2", "run", true, 220, 500);
    Path b3 = folder("b3", "run", true, 240, 500);
    String out = result(args(a1, a2, a3, "--", b1, b2, b3, "--csv"), 0)[0];
    List<String> lines = out.strip().lines().toList();
    assertEquals("section,metric,a_n,a_mean,a_sd,a_ci95_low,a_ci95_high,b_n,b_mean,b_sd,b_ci95_low,b_ci95_high,"
        + "diff_pct", lines.get(0));
    assertEquals(3, lines.size(), out);
    String[] t = lines.get(1).split(",", -1);
    assertEquals("OVERALL", t[0]);
    assertEquals("Throughput(ops/sec)", t[1]);
    double half = 4.302652730 * 10 / Math.sqrt(3);
    assertEquals(3, Integer.parseInt(t[2]));
    assertEquals(110.0, Double.parseDouble(t[3]), 1e-9);
    assertEquals(10.0, Double.parseDouble(t[4]), 1e-9);
    assertEquals(110 - half, Double.parseDouble(t[5]), 1e-3);
    assertEquals(110 + half, Double.parseDouble(t[6]), 1e-3);
    assertEquals(220.0, Double.parseDouble(t[8]), 1e-9);
    assertEquals(20.0, Double.parseDouble(t[9]), 1e-9);
    assertEquals(200.0 / 3, Double.parseDouble(t[12]), 1e-3);
    String[] p99 = lines.get(2).split(",", -1);
    assertEquals("READ", p99[0]);
    assertEquals("99thPercentileLatency(us)", p99[1]);
    assertEquals(1000.0, Double.parseDouble(p99[3]), 1e-9);
    assertEquals(0.0, Double.parseDouble(p99[9]), 1e-9);
    assertEquals(500.0, Double.parseDouble(p99[10]), 1e-9);
    assertEquals(500.0, Double.parseDouble(p99[11]), 1e-9);
    assertEquals(200.0 / 3, Double.parseDouble(p99[12]), 1e-3);

    String table = result(args(a1, a2, a3, "--", b1, b2, b3), 0)[0];
    assertTrue(table.contains("110.000 ± " + String.format(java.util.Locale.ROOT, "%.3f", half)), table);
    assertTrue(table.contains("66.67%"), table);
  }

  @Test
  void oneGroupIsDescribedAlone() throws IOException {
    String out = result(args(folder("x1", "run", true, 10, 1), folder("x2", "run", true, 14, 3), "--csv"), 0)[0];
    String[] t = out.strip().lines().toList().get(1).split(",", -1);
    assertEquals(12.0, Double.parseDouble(t[3]), 1e-9);
    assertEquals("", t[8]);
    assertEquals("", t[12]);
  }

  @Test
  void refusesMixedPhasesIncompleteFoldersAndEmptyGroups() throws IOException {
    Path run = folder("r", "run", true, 1, 1);
    Path load = folder("l", "load", true, 1, 1);
    Path partial = folder("p", "run", false, 1, 1);
    String err = result(args(run, "--", load), 2)[1];
    assertTrue(err.startsWith("ERROR: ") && err.contains("different phases"), err);
    err = result(args(run, partial), 2)[1];
    assertTrue(err.contains("--partial"), err);
    result(args(run, partial, "--partial"), 0);
    err = result(args(run, "--"), 2)[1];
    assertEquals(1, err.strip().lines().count(), err);
    result(args(tmp.resolve("missing")), 2);
  }

  @Test
  void optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws IOException {
    Path a = folder("e1", "run", true, 100, 900);
    Path b = folder("e2", "run", true, 110, 1000);
    String spaced = result(args("--baseline", a, b, "--confidence", "99", "--csv"), 0)[0];
    assertEquals(spaced, result(args("--baseline=" + a, b, "--confidence=99", "--csv"), 0)[0]);
    assertEquals(spaced, result(args(a, "--", b, "--confidence", "99", "--csv"), 0)[0]);
  }

  @Test
  void refusalsAreOneLineNamingWhatWasWrong() throws IOException {
    Path a = folder("f1", "run", true, 100, 900);
    Path b = folder("f2", "run", true, 110, 1000);
    String[][] refused = {
        {"at most two groups can be compared (one --)", a.toString(), "--", b.toString(), "--", a.toString()},
        {"--csv and --json cannot be given together", a.toString(), "--csv", "--json"},
        {"--confidence '101' is not a level: expected a percentage above 50 and below 100", a.toString(),
            "--confidence=101"},
        {"--baseline names the baseline, the other folders are the candidate: no -- with it", "--baseline",
            a.toString(), b.toString(), "--", a.toString()},
        {"--series takes the runs of a series in order", "--series", a.toString(), "--", b.toString()},
        {"--fail-on needs a baseline and a candidate", a.toString(), "--fail-on", "READ.p99>+10%"},
        {"no results folders given", "--csv"},
        {"no results folders to compare with the baseline", "--baseline", a.toString()},
        {"--confidence needs a level in percent", a.toString(), "--confidence"},
        {"unknown option '--cvs': expected ", a.toString(), "--cvs"}};
    for (String[] r : refused) {
      String err = result(List.of(r).subList(1, r.length), 2)[1];
      assertTrue(err.startsWith("ERROR: " + r[0]), err);
      assertEquals(1, err.strip().lines().count(), err);
    }
  }

  @Test
  void helpShowsEveryFormAndOption() {
    String usage = result(List.of("--help"), 0)[0];
    assertTrue(usage.startsWith("usage: ycsb compare "), usage);
    for (String shown : List.of("ycsb compare A1 A2 ... [-- B1 B2 ...]", "ycsb compare --baseline A B...",
        "ycsb compare --series DIR...", "  --baseline A", "  --fail-on THRESHOLDS", "  --confidence 95",
        "  --csv", "  --json", "  --partial", "  --series", "  --  ", "  -h, --help")) {
      assertTrue(usage.contains(shown), shown + " missing:\n" + usage);
    }
  }
}
