package site.ycsb.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.durability.LosesEveryWriteDB;
import site.ycsb.results.ResultsFolder;

/**
 * An experiment with durability=true and a fault: each run's availability.csv and the experiment's
 * carry the stale reads after the fault and the run's lost writes, and the table the lost writes
 * and stale reads per combination. The store keeps nothing, so every key written is lost and every
 * judged read stale: the figures are the run's own [DURABILITY] lines.
 */
class ExperimentDurabilityTest {
  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().normalize()
      .toString();

  @TempDir
  Path tmp;

  @Test
  void lostWritesAndStaleReadsShowPerFaultAndPerCombination() throws Exception {
    Path plan = tmp.resolve("durability.yaml");
    Files.write(plan, List.of(
        "binding: " + LosesEveryWriteDB.class.getName(),
        "properties: {recordcount: 50, durability: true}",
        "workloads: [" + WORKLOADA + "]",
        "runtime: 2s",
        "granularity: 250ms",
        "sweep:",
        "  target: [400]",
        "faults:",
        "  - at: 1s",
        "    run: 'true'"), StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    Run r = Run.of("experiment", plan.toString(), "-o", out.toString());
    assertEquals(0, r.exitCode, r.toString());

    Path run = out.resolve("workloada").resolve("target-400").resolve("1");
    ResultsFolder folder = ResultsFolder.read(run, false);
    long lost = folder.line("DURABILITY", "LostWrites").longValue();
    assertTrue(lost > 0, "the store keeps nothing: " + lost);
    List<List<String>> availability = ExperimentCsv.read(run.resolve("availability.csv"));
    List<String> header = availability.get(0);
    assertEquals(List.of("stale_reads_after", "lost_writes"), header.subList(header.size() - 2, header.size()));
    List<String> row = availability.get(1);
    assertEquals(Long.toString(lost), row.get(row.size() - 1), availability.toString());
    long staleAfter = Long.parseLong(row.get(row.size() - 2));
    long stale = folder.line("DURABILITY", "StaleReads").longValue();
    assertTrue(staleAfter > 0 && staleAfter < stale, "stale reads after the fault (1 s of 2 s): " + staleAfter
        + " of " + stale);

    List<List<String>> all = ExperimentCsv.read(out.resolve("availability.csv"));
    assertEquals(row, all.get(1).subList(4, all.get(1).size()), all.toString());
    String table = Files.readString(out.resolve("results.txt"));
    assertTrue(table.contains("lost writes") && table.contains("stale reads"), table);
    List<List<String>> results = ExperimentCsv.read(out.resolve("results.csv"));
    int at = results.get(0).indexOf("lost_writes_mean");
    assertTrue(at > 0, results.get(0).toString());
    assertEquals((double) lost, Double.parseDouble(results.get(1).get(at)), 1e-9, results.toString());
  }
}
