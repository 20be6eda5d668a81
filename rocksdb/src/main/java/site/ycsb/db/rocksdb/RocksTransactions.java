package site.ycsb.db.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.Transaction;
import org.rocksdb.WriteOptions;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;

/**
 * The embedded store's transactions: RocksDB's optimistic transactions. Every record the work
 * reads or writes is read with {@code getForUpdate}, which makes the commit check that no other
 * write reached it since; the writes stay in the transaction until the commit. A commit that finds
 * such a write fails with {@code Busy} (or {@code TryAgain} when RocksDB no longer keeps enough
 * history to tell): nothing is written, and the transaction is {@link Status#aborted} as a write
 * conflict, which the engine makes again. A read-only work (an audit) reads one snapshot instead:
 * every commit is in it whole or not at all, so what it reads is consistent, and having claimed no
 * record it never conflicts.
 */
final class RocksTransactions {
  /** A commit that found a record changed after the transaction read it. */
  static final Status WRITE_CONFLICT = Status.aborted("write conflict");

  private RocksTransactions() {
  }

  /**
   * Makes {@code work} in one optimistic transaction.
   *
   * @throws RocksDBException a failure other than a conflict at the commit
   */
  static Status make(RocksStore store, WriteOptions writeOptions, ColumnFamilyHandle table, TransactionWork work)
      throws RocksDBException {
    try (ReadOptions reads = new ReadOptions();
         Transaction txn = store.transactions().beginTransaction(writeOptions)) {
      boolean readOnly = work.readOnly();
      if (readOnly) {
        txn.setSnapshot();
        reads.setSnapshot(txn.getSnapshot());
      }
      Calls calls = new Calls(txn, reads, table, readOnly);
      Status s = work.run(calls);
      if (calls.failure != null) {
        txn.rollback();
        throw calls.failure;
      }
      if (!s.isOk()) {
        txn.rollback();
        return s;
      }
      try {
        txn.commit();
      } catch (RocksDBException e) {
        org.rocksdb.Status.Code code = e.getStatus() == null ? null : e.getStatus().getCode();
        if (code == org.rocksdb.Status.Code.Busy || code == org.rocksdb.Status.Code.TryAgain) {
          return WRITE_CONFLICT;
        }
        throw e;
      }
      return Status.OK;
    }
  }

  /** One attempt's reads and writes, inside its transaction; the first failure ends it. */
  private static final class Calls implements TransactionCalls {
    private final Transaction txn;
    private final ReadOptions reads;
    private final ColumnFamilyHandle table;
    /** Reads from the transaction's snapshot, claiming nothing: a read-only work. */
    private final boolean fromSnapshot;
    private RocksDBException failure;

    Calls(Transaction txn, ReadOptions reads, ColumnFamilyHandle table, boolean fromSnapshot) {
      this.txn = txn;
      this.reads = reads;
      this.table = table;
      this.fromSnapshot = fromSnapshot;
    }

    @Override
    public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
      if (failure != null) {
        return Status.ERROR;
      }
      try {
        byte[] record = fromSnapshot ? txn.get(table, reads, bytes(key)) : txn.getForUpdate(reads, table, bytes(key), true);
        if (record == null) {
          return Status.NOT_FOUND;
        }
        RecordCodec.decode(record, fields, result);
        return Status.OK;
      } catch (RocksDBException e) {
        failure = e;
        return Status.ERROR;
      }
    }

    @Override
    public Status update(String key, Map<String, ByteIterator> values) {
      if (failure != null) {
        return Status.ERROR;
      }
      try {
        byte[] k = bytes(key);
        byte[] old = txn.getForUpdate(reads, table, k, true);
        if (old == null) {
          return Status.NOT_FOUND;
        }
        Map<String, ByteIterator> merged = new LinkedHashMap<>();
        RecordCodec.decode(old, null, merged);
        merged.putAll(values);
        txn.put(table, k, RecordCodec.encode(merged));
        return Status.OK;
      } catch (RocksDBException e) {
        failure = e;
        return Status.ERROR;
      }
    }

    private static byte[] bytes(String key) {
      return key.getBytes(StandardCharsets.UTF_8);
    }
  }
}
