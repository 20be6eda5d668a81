package site.ycsb.testsupport;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;

/**
 * A test's own account of the transactions a database acknowledged, kept apart from the client's
 * ledger: for each account, the sum over committed transactions of the balance written less the
 * balance read. After a closed economy's run an account should hold its initial balance plus that
 * sum; the client's {@code [TRANSACTIONS]} figures are checked against it. A binding's test
 * subclass routes its transactions through {@link #make}.
 */
public final class AcknowledgedTransfers {
  private static final Map<String, Long> CHANGES = new ConcurrentHashMap<>();
  /** The field the closed economy keeps a balance in (its default {@code fieldnameprefix} and 0). */
  private static final String BALANCE = "field0";

  private AcknowledgedTransfers() {
  }

  /** Forgets every change. */
  public static void reset() {
    CHANGES.clear();
  }

  /** @return each account's acknowledged change, by key */
  public static Map<String, Long> changes() {
    return new HashMap<>(CHANGES);
  }

  /**
   * Makes {@code work} through {@code transaction} (the binding's own), noting what each attempt
   * read and wrote, and adds the last attempt's changes when the transaction commits.
   *
   * @return the transaction's status
   */
  public static Status make(TransactionWork work, Function<TransactionWork, Status> transaction) {
    Map<String, Long> read = new HashMap<>();
    Map<String, Long> written = new HashMap<>();
    Status s = transaction.apply(new TransactionWork() {
      @Override
      public Status run(TransactionCalls calls) {
        read.clear();
        written.clear();
        return work.run(new TransactionCalls() {
          @Override
          public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
            Status r = calls.read(key, fields, result);
            ByteIterator v = result.get(BALANCE);
            if (r.isOk() && v != null) {
              long balance = Long.parseLong(v.toString().trim());
              read.put(key, balance);
              // reading the value used it up: the workload gets a fresh one
              result.put(BALANCE, new StringByteIterator(Long.toString(balance)));
            }
            return r;
          }

          @Override
          public Status update(String key, Map<String, ByteIterator> values) {
            String v = values.get(BALANCE).toString();
            values.put(BALANCE, new StringByteIterator(v));
            written.put(key, Long.parseLong(v));
            return calls.update(key, values);
          }
        });
      }

      @Override
      public boolean readOnly() {
        return work.readOnly();
      }

      @Override
      public boolean asTransaction() {
        return work.asTransaction();
      }
    });
    if (s != null && s.isOk()) {
      written.forEach((key, value) -> CHANGES.merge(key, value - read.get(key), Long::sum));
    }
    return s;
  }
}
