package site.ycsb.workloads;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;

/**
 * A transaction's reads and writes made one by one on a binding's ordinary calls, without a
 * transaction ({@link TransactionWork#asTransaction()} false): each write applies at once, nothing
 * is rolled back, and nothing isolates the work from other workers'.
 */
final class OneByOneCalls implements TransactionCalls {
  private final DB db;
  private final String table;

  private OneByOneCalls(DB db, String table) {
    this.db = db;
    this.table = table;
  }

  /** @return the work's status, or the first failed call's */
  static Status make(DB db, String table, TransactionWork work) {
    return work.run(new OneByOneCalls(db, table));
  }

  @Override
  public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return db.read(table, key, fields, result);
  }

  @Override
  public Status update(String key, Map<String, ByteIterator> values) {
    return db.update(table, key, values);
  }
}
