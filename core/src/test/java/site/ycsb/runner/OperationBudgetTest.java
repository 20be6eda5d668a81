package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The operations a phase's workers share: every one granted once, and grants that shrink towards the end. */
class OperationBudgetTest {
  @Test
  void aCountedBudgetGrantsExactlyItsOperationsAndWhatComesBack() {
    OperationBudget budget = new OperationBudget(10_000, 2);
    long granted = 0;
    long last = Long.MAX_VALUE;
    long g;
    while ((g = budget.grant()) > 0) {
      assertTrue(g <= 256, "a grant of " + g);
      granted += g;
      last = g;
    }
    assertEquals(10_000, granted);
    // near the end each grant is a sixteenth of what is left at most, so two workers end together
    assertEquals(1, last);
    assertEquals(0, budget.remaining());

    budget.giveBack(5);
    assertEquals(5, budget.remaining());
    long again = 0;
    while ((g = budget.grant()) > 0) {
      again += g;
    }
    assertEquals(5, again);
  }

  @Test
  void anUnlimitedBudgetGrantsAsACountedOneDoesAndNeverRunsOut() {
    // a warm-up by time takes its operations from such a budget, the measured part from a counted
    // one: both grant the same way, in grants of 256
    OperationBudget unlimited = new OperationBudget(-1, 4);
    OperationBudget counted = new OperationBudget(1_000_000_000L, 4);
    for (int i = 0; i < 100_000; i++) {
      assertEquals(counted.grant(), unlimited.grant());
    }
    unlimited.giveBack(256);
    unlimited.giveBack(17);
    assertEquals(256, unlimited.grant());
    assertEquals(0, unlimited.remaining(), "an unlimited budget has nothing to count");
  }
}
