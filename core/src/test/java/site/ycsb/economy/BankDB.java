package site.ycsb.economy;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.runner.MemoryDB;

/**
 * The test's memory store ({@link MemoryDB}) with serializable transactions (one at a time, under
 * one lock), and two faults a test can switch on to know the right answer: {@code bank.abortevery=n} aborts every
 * n-th attempt (nothing applied), {@code bank.doubleevery=n} applies the last write of every n-th
 * committed transaction twice more than asked (its credit added twice), each counted here.
 */
public class BankDB extends MemoryDB implements TransactionalDB {
  public static final AtomicLong ATTEMPTS = new AtomicLong();
  public static final AtomicLong ABORTED = new AtomicLong();
  public static final AtomicLong COMMITTED = new AtomicLong();
  public static final AtomicLong DOUBLED = new AtomicLong();
  private static final Object LOCK = new Object();

  /** Empties the store and the counts. */
  public static void reset() {
    MemoryDB.reset();
    ATTEMPTS.set(0);
    ABORTED.set(0);
    COMMITTED.set(0);
    DOUBLED.set(0);
  }

  private long every(String name) {
    return Long.parseLong(getProperties().getProperty(name, "0"));
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    synchronized (LOCK) {
      long attempt = ATTEMPTS.incrementAndGet();
      long abortEvery = every("bank.abortevery");
      if (abortEvery > 0 && attempt % abortEvery == 0) {
        ABORTED.incrementAndGet();
        return Status.aborted("every n-th attempt");
      }
      Map<String, Map<String, ByteIterator>> writes = new HashMap<>();
      String[] last = new String[1];
      Status s = work.run(new TransactionCalls() {
        @Override
        public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
          return BankDB.this.read(table, key, fields, result);
        }

        @Override
        public Status update(String key, Map<String, ByteIterator> values) {
          writes.put(key, values);
          last[0] = key;
          return Status.OK;
        }
      });
      if (!s.isOk()) {
        return s;
      }
      long doubleEvery = every("bank.doubleevery");
      boolean twice = doubleEvery > 0 && !writes.isEmpty() && (COMMITTED.get() + 1) % doubleEvery == 0;
      writes.forEach(this::update);
      if (twice) {
        // the credit (the last write, to the receiving account) applied once more
        Map<String, byte[]> record = RECORDS.get(last[0]);
        long credited = Long.parseLong(new String(record.get("field0")));
        record.put("field0", Long.toString(credited + 1).getBytes());
        DOUBLED.incrementAndGet();
      }
      COMMITTED.incrementAndGet();
      return Status.OK;
    }
  }

  private void update(String key, Map<String, ByteIterator> values) {
    values.values().forEach(ByteIterator::reset);
    update(null, key, values);
  }
}
