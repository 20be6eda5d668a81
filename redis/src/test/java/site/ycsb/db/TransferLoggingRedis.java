package site.ycsb.db;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;

/**
 * The Redis binding, keeping the test's own account of every transaction Redis acknowledged: for
 * each account, the sum over committed transactions of the balance written less the balance read.
 * An account's balance should be its initial balance plus that sum; what the closed economy's
 * [TRANSACTIONS] section reports is checked against it, computed apart from the client's ledger.
 */
public class TransferLoggingRedis extends RedisClient {
  private static final Map<String, Long> CHANGES = new ConcurrentHashMap<>();

  static void reset() {
    CHANGES.clear();
  }

  /** @return each account's acknowledged change, by key */
  static Map<String, Long> changes() {
    return new HashMap<>(CHANGES);
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    Map<String, Long> read = new HashMap<>();
    Map<String, Long> written = new HashMap<>();
    Status s = super.transaction(table, new TransactionWork() {
      @Override
      public Status run(TransactionCalls calls) {
        read.clear();
        written.clear();
        return work.run(new TransactionCalls() {
          @Override
          public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
            Status r = calls.read(key, fields, result);
            ByteIterator v = result.get("field0");
            if (r.isOk() && v != null) {
              read.put(key, Long.parseLong(v.toString()));
              // the engine's value is read once: give the workload a fresh copy of what was read
              result.put("field0", new site.ycsb.StringByteIterator(Long.toString(read.get(key))));
            }
            return r;
          }

          @Override
          public Status update(String key, Map<String, ByteIterator> values) {
            String v = values.get("field0").toString();
            values.put("field0", new site.ycsb.StringByteIterator(v));
            written.put(key, Long.parseLong(v));
            return calls.update(key, values);
          }
        });
      }

      @Override
      public boolean readOnly() {
        return work.readOnly();
      }
    });
    if (s != null && s.isOk()) {
      written.forEach((key, value) -> CHANGES.merge(key, value - read.get(key), Long::sum));
    }
    return s;
  }
}
