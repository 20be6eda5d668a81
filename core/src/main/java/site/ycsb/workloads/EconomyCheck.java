package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The closed economy's check after the phase: every account read once and compared with its
 * initial balance plus the transfers this client saw committed ({@link TransferLedger}).
 *
 * @param accounts accounts read
 * @param unreadable accounts that could not be read (left out of the other figures)
 * @param wrongAccounts accounts whose balance is not the expected one
 * @param anomalies the sum over accounts of the difference from the expected balance, in transfers
 *     ({@code closedeconomy.amount}): each is one side of a transfer lost, applied twice or applied
 *     without its other side ({@code above} plus {@code below})
 * @param above of the anomalies, those of balances above what the committed transfers make them: a
 *     debit lost, or a credit applied twice or without its debit
 * @param below those of balances below it: a credit lost, or a debit applied twice or without its credit
 * @param invariantDeviation the total of the balances read less the economy's total
 */
public record EconomyCheck(long accounts, long unreadable, long wrongAccounts, long anomalies, long above,
                           long below, long invariantDeviation) {

  /** Reads every account through {@code db} and compares it with {@code ledger}. */
  static EconomyCheck of(DB db, String table, ClosedEconomyWorkload economy, TransferLedger ledger) {
    long unreadable = 0;
    long wrong = 0;
    long aboveUnits = 0;
    long belowUnits = 0;
    long total = 0;
    long expectedTotal = 0;
    Set<String> fields = economy.balanceOnly();
    for (int i = 0; i < ledger.accounts(); i++) {
      Map<String, ByteIterator> row = new HashMap<>();
      Status s = db.read(table, economy.accountKey(i), fields, row);
      Long balance = s != null && s.isOk() ? economy.balanceOf(row) : null;
      if (balance == null) {
        unreadable++;
        continue;
      }
      long expected = economy.initialBalance() + ledger.net(i);
      total += balance;
      expectedTotal += economy.initialBalance();
      if (balance != expected) {
        wrong++;
        if (balance > expected) {
          aboveUnits += balance - expected;
        } else {
          belowUnits += expected - balance;
        }
      }
    }
    long above = transfers(aboveUnits, economy.amount());
    long below = transfers(belowUnits, economy.amount());
    return new EconomyCheck(ledger.accounts(), unreadable, wrong, above + below, above, below, total - expectedTotal);
  }

  /** @return {@code units} of money in transfers of {@code amount}, a part of one counted as one */
  private static long transfers(long units, long amount) {
    return (units + amount - 1) / amount;
  }
}
