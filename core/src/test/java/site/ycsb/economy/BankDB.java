package site.ycsb.economy;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;

/**
 * A store in the test's memory with serializable transactions (one at a time, under one lock), and
 * two faults a test can switch on to know the right answer: {@code bank.abortevery=n} aborts every
 * n-th attempt (nothing applied), {@code bank.doubleevery=n} applies the last write of every n-th
 * committed transaction twice more than asked (its credit added twice), each counted here.
 */
public class BankDB extends DB implements TransactionalDB {
  public static final Map<String, Map<String, byte[]>> RECORDS = new ConcurrentHashMap<>();
  public static final AtomicLong ATTEMPTS = new AtomicLong();
  public static final AtomicLong ABORTED = new AtomicLong();
  public static final AtomicLong COMMITTED = new AtomicLong();
  public static final AtomicLong DOUBLED = new AtomicLong();
  private static final Object LOCK = new Object();

  /** Empties the store and the counts. */
  public static void reset() {
    RECORDS.clear();
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
        return Status.ABORTED;
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

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, byte[]> record = RECORDS.get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    record.forEach((field, value) -> {
      if (fields == null || fields.contains(field)) {
        result.put(field, new ByteArrayByteIterator(value));
      }
    });
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return update(key, values);
  }

  private Status update(String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> record = RECORDS.get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    values.forEach((field, value) -> {
      value.reset();
      record.put(field, value.toArray());
    });
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> record = new ConcurrentHashMap<>();
    values.forEach((field, value) -> record.put(field, value.toArray()));
    RECORDS.put(key, record);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return RECORDS.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }
}
