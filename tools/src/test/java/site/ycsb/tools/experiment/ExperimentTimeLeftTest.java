package site.ycsb.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;

/**
 * Each {@code run K/N} line of an experiment says how long the rest takes: the dry run's estimate
 * for the first run, then that estimate scaled by how long the finished runs really took.
 */
class ExperimentTimeLeftTest {
  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().normalize()
      .toString();
  private static final Pattern LEFT = Pattern.compile(
      "^run (\\d+)/(\\d+): .* \\(about (?:(\\d+) min )?(\\d+) s left\\)$");

  @TempDir
  Path tmp;

  private Path plan(String... lines) throws IOException {
    Path p = tmp.resolve("plan.yaml");
    Files.write(p, List.of(lines), StandardCharsets.UTF_8);
    return p;
  }

  private static List<String> runLines(Run r) {
    return r.out.lines().filter(l -> l.startsWith("run ")).toList();
  }

  /** @return the seconds left a run line says */
  private static long secondsLeft(String line) {
    Matcher m = LEFT.matcher(line);
    assertTrue(m.matches(), "a run line with the time left: " + line);
    return (m.group(3) == null ? 0 : Long.parseLong(m.group(3)) * 60) + Long.parseLong(m.group(4));
  }

  @Test
  void theFirstRunSaysTheDryRunsEstimateAndLaterRunsCorrectItByTheRunsDone() throws IOException {
    // real runs of the basic binding: the estimate is corrected by how long runs really take
    Path p = plan(
        "binding: basic",
        "properties: {recordcount: 100, basicdb.verbose: false}",
        "workloads: [" + WORKLOADA + "]",
        // a load is not in the estimate, and the basic binding keeps nothing: none saves a JVM
        "load: none",
        "repetitions: 3",
        "runtime: 1s");
    Run dry = Run.of("experiment", p.toString(), "--dry-run");
    assertEquals(0, dry.exitCode, dry.toString());
    // 3 runs of 1 s measured and ~2 s start-up
    assertTrue(dry.out.contains("time: about 9 s "), dry.out);

    long began = System.nanoTime();
    Run r = Run.of("experiment", p.toString(), "-o", tmp.resolve("out").toString());
    double took = (System.nanoTime() - began) / 1e9;
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = runLines(r);
    assertEquals(3, lines.size(), r.out);
    assertTrue(lines.get(0).startsWith("run 1/3: workloada default repetition 1 ("), lines.get(0));
    assertEquals(9, secondsLeft(lines.get(0)), "before any run, the dry run's estimate: " + lines.get(0));

    // run 2: 2 runs left at the pace of run 1, which took at least its 1 s and at most the whole experiment
    long second = secondsLeft(lines.get(1));
    double firstRun = second / 2.0;
    assertTrue(firstRun >= 1 - 0.5 && firstRun <= took + 0.5, "twice the first run, which took " + firstRun
        + " s of the experiment's " + took + " s: " + lines.get(1));
    // run 3: 1 run left at the mean pace of runs 1 and 2, the second also at least 1 s long
    long third = secondsLeft(lines.get(2));
    assertTrue(third >= (firstRun + 1) / 2 - 1 && third <= took, "the mean of runs 1 and 2: " + lines.get(2)
        + " after " + lines.get(1));
  }

  @Test
  void runsThatEndByCountAreTimedByTheRunsDone() throws IOException {
    Path p = plan(
        "binding: basic",
        "properties: {recordcount: 100, operationcount: 200, basicdb.verbose: false}",
        "workloads: [" + WORKLOADA + "]",
        "load: none",
        "repetitions: 2");
    Run r = Run.of("experiment", p.toString(), "-o", tmp.resolve("out").toString());
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = runLines(r);
    assertEquals(2, lines.size(), r.out);
    assertTrue(lines.get(0).endsWith(" (time left not known until a run has finished)"), lines.get(0));
    // one run left, as long as the first: its JVM's start-up at least
    assertTrue(secondsLeft(lines.get(1)) >= 0, lines.get(1));
  }
}
