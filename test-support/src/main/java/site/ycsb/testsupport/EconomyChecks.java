package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.function.IntToLongFunction;

/** Checks of a closed economy's results that every binding's test makes the same way. */
public final class EconomyChecks {
  private EconomyChecks() {
  }

  /**
   * @return every abort the client counted: the retries of the transactions committed and given
   *     up, and the last abort of each one given up
   */
  public static long aborts(Results r) {
    long aborts = 0;
    for (String section : new String[] {"TRANSFER", "AUDIT", "TRANSFER-FAILED", "AUDIT-FAILED"}) {
      aborts += r.getLong(section, "Retries", 0);
    }
    return aborts + r.getLong("TRANSFER", "Return=ABORTED", 0) + r.getLong("AUDIT", "Return=ABORTED", 0);
  }

  /**
   * Asserts that the client's anomalies, wrong accounts and deviation are what the test's own
   * account of acknowledged transfers ({@link AcknowledgedTransfers}) and the balances the server
   * holds make them.
   *
   * @param balance account i's balance as the server holds it
   */
  public static void assertCountedAsLogged(Results r, int accounts, long initial, IntToLongFunction balance) {
    Map<String, Long> changes = AcknowledgedTransfers.changes();
    long logged = 0;
    long wrong = 0;
    long deviation = 0;
    for (int i = 0; i < accounts; i++) {
      long expected = initial + changes.getOrDefault("account" + i, 0L);
      long actual = balance.applyAsLong(i);
      logged += Math.abs(actual - expected);
      wrong += actual != expected ? 1 : 0;
      deviation += actual - initial;
    }
    assertEquals(logged, r.getLong("TRANSACTIONS", "Anomalies"), "the client's count is the log's");
    assertEquals(wrong, r.getLong("TRANSACTIONS", "WrongAccounts"));
    assertEquals(deviation, r.getLong("TRANSACTIONS", "InvariantDeviation"));
  }
}
