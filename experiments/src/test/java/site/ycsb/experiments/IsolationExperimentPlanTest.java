package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Ycsb;

/**
 * The shipped experiment of PostgreSQL's isolation levels (experiments/postgres-isolation.yaml)
 * is a plan the JDBC binding takes: every level at both contentions, each repetition after a load
 * of its own (a closed economy's check needs every run to start from the initial balances).
 */
class IsolationExperimentPlanTest {
  @Test
  void theIsolationExperimentPlansEveryLevelAtBothContentions() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String plan = Checkout.plans().resolve("postgres-isolation.yaml").toString();
    int code = Ycsb.execute(new String[] {"experiment", plan, "--dry-run"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, printed + err.toString(StandardCharsets.UTF_8));
    List<String> lines = printed.lines().filter(l -> !l.isBlank()).toList();
    String total = lines.get(lines.size() - 1);
    assertTrue(total.startsWith("12 runs, 12 loads"), total);
    for (String level : new String[] {"read_committed", "repeatable_read", "serializable"}) {
      for (String distribution : new String[] {"uniform", "zipfian"}) {
        assertEquals(2, lines.stream().filter(l -> l.contains("jdbc.isolation=" + level + " requestdistribution="
            + distribution)).count(), level + " " + distribution + ":\n" + printed);
      }
    }
  }
}
