package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import site.ycsb.testsupport.YcsbRun;

/**
 * The example plans for the embedded store in {@code experiments/} are complete: each is accepted
 * as it is, and its dry run lists every run it will make (workloads x combinations x repetitions,
 * plus the unthrottled runs that find the maximum).
 */
class ExamplePlansTest {
  @Test
  void theTargetSweepOfWorkloadsAAndBIsAcceptedAndListsItsRuns() {
    YcsbRun r = YcsbRun.execute("experiment", Checkout.plans().resolve("target-sweep-rocksdb.yaml").toString(),
        "--dry-run");
    assertEquals(0, r.exitCode(), r.describe());
    List<String> lines = r.out().lines().collect(Collectors.toList());
    // 2 workloads x 5 targets x 3 repetitions
    assertEquals(31, lines.size(), r.out());
    assertTrue(lines.get(0).contains("workloada") && lines.get(0).contains("target=1000"), lines.get(0));
    assertTrue(lines.get(29).contains("workloadb") && lines.get(29).contains("target=16000"), lines.get(29));
    assertTrue(lines.get(30).startsWith("30 runs, 2 loads"), lines.get(30));
  }

  @Test
  void theMaximumThenFractionsPlanFindsEachMaximumFirst() {
    YcsbRun r = YcsbRun.execute("experiment",
        Checkout.plans().resolve("maximum-then-fractions-rocksdb.yaml").toString(), "--dry-run");
    assertEquals(0, r.exitCode(), r.describe());
    List<String> lines = r.out().lines().collect(Collectors.toList());
    // 2 workloads x 2 sync settings x 2 thread counts x (1 maximum + 6 fractions x 3 repetitions)
    assertTrue(lines.get(lines.size() - 1).startsWith("152 runs"), lines.get(lines.size() - 1));
    assertTrue(lines.get(0).contains("_maximum"), lines.get(0));
    assertTrue(lines.get(1).contains("target=0.1x maximum"), lines.get(1));
  }

  @Test
  void everyExamplePlanForThisStoreIsAccepted() throws IOException {
    try (Stream<Path> plans = Files.list(Checkout.plans())) {
      List<Path> mine = plans.filter(p -> p.toString().endsWith(".yaml")).filter(p -> {
        try {
          return Files.readString(p, StandardCharsets.UTF_8).contains("\nbinding: rocksdb");
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }).collect(Collectors.toList());
      assertFalse(mine.isEmpty());
      for (Path p : mine) {
        YcsbRun r = YcsbRun.execute("experiment", p.toString(), "--dry-run");
        assertEquals(0, r.exitCode(), p + ": " + r.describe());
      }
    }
  }

  @Test
  void everyPlanHereIsListedInTheReadme() throws IOException {
    String readme = Files.readString(Checkout.plans().resolve("README.md"), StandardCharsets.UTF_8);
    try (Stream<Path> plans = Files.list(Checkout.plans())) {
      List<String> names = plans.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
          .collect(Collectors.toList());
      assertFalse(names.isEmpty());
      for (String n : names) {
        assertTrue(readme.contains("`" + n + "`"), n + " is not in experiments/README.md's table of plans");
      }
    }
  }
}
