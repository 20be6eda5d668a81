package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class ResultsTest {
  private static final String OUTPUT = String.join("\n",
      "Loading workload...",
      "2 sec: 1000 operations; 500 current ops/sec; [READ: Count=500, Max=100]",
      "[OVERALL], RunTime(ms), 2013",
      "[OVERALL], Throughput(ops/sec), 496.77",
      "[READ], Operations, 500",
      "[READ], 99.9PercentileLatency(us), 87",
      "[READ], Return=OK, 498",
      "[READ], Return=NOT_FOUND, 2",
      "[READ-FAILED], Operations, 2",
      "");

  @Test
  void readsResultLinesAndSkipsTheRest() {
    Results r = Results.parse(OUTPUT);
    assertEquals(2013, r.getLong("OVERALL", "RunTime(ms)"));
    assertEquals(496.77, r.get("OVERALL", "Throughput(ops/sec)"), 1e-9);
    assertEquals(500, r.getLong("READ", "Operations"));
    assertEquals(87, r.getLong("READ", "99.9PercentileLatency(us)"));
    assertEquals(498, r.getLong("READ", "Return=OK"));
    assertEquals(2, r.getLong("READ-FAILED", "Operations"));
    assertTrue(r.has("READ", "Return=NOT_FOUND"));
    assertFalse(r.has("UPDATE", "Operations"));
    assertEquals(0, r.getLong("UPDATE", "Operations", 0));
    assertEquals(3, r.sections().size());
  }

  @Test
  void missingLineSaysWhatIsThere() {
    NoSuchElementException e = assertThrows(NoSuchElementException.class,
        () -> Results.parse(OUTPUT).get("SCAN", "Operations"));
    assertTrue(e.getMessage().contains("[SCAN], Operations"), e.getMessage());
    assertTrue(e.getMessage().contains("READ"), e.getMessage());
  }
}
