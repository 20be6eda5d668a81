package site.ycsb.testsupport;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.TransactionWork;

/**
 * Accounts as the closed economy keeps them, for a binding's transaction tests: a balance in one
 * field, and a transfer's work that reads both accounts, lets the test act between the reads and
 * the writes (another client's deposit), then writes both.
 */
public final class Accounts {
  private Accounts() {
  }

  /** @return the values that set {@code field} to {@code amount} */
  public static Map<String, ByteIterator> balance(String field, long amount) {
    Map<String, ByteIterator> r = new HashMap<>();
    r.put(field, new StringByteIterator(Long.toString(amount)));
    return r;
  }

  /** @return the balance in a record read */
  public static long balanceOf(String field, Map<String, ByteIterator> record) {
    return Long.parseLong(record.get(field).toString());
  }

  /**
   * @param field the balance's field
   * @param meanwhile runs after both reads, before the writes
   * @return a transfer's work: reads both accounts, then writes both, the debit first
   */
  public static TransactionWork transfer(String field, String from, String to, long amount, Runnable meanwhile) {
    Set<String> only = Set.of(field);
    return calls -> {
      Map<String, ByteIterator> a = new HashMap<>();
      Map<String, ByteIterator> b = new HashMap<>();
      Status s = calls.read(from, only, a);
      if (!s.isOk()) {
        return s;
      }
      s = calls.read(to, only, b);
      if (!s.isOk()) {
        return s;
      }
      meanwhile.run();
      s = calls.update(from, balance(field, balanceOf(field, a) - amount));
      if (!s.isOk()) {
        return s;
      }
      return calls.update(to, balance(field, balanceOf(field, b) + amount));
    };
  }
}
