package site.ycsb.db.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.props.PropertyException;

/**
 * Benchmarks an embedded RocksDB store: no server, the database runs inside the benchmark process
 * and keeps its files in {@code rocksdb.dir}.
 *
 * <p>Every instance of one process shares one open store ({@link RocksStore}); each YCSB table is a
 * column family, created on first use. A record is one RocksDB value holding all its fields
 * ({@link RecordCodec}); keys are the UTF-8 bytes of the record key, so scans run in key order.
 */
public class RocksDBClient extends DB implements TransactionalDB {
  private RocksStore store;
  private WriteOptions writeOptions;
  /** The last table used and its handle: workloads use one table, so this skips a map lookup. */
  private String lastTable;
  private ColumnFamilyHandle lastHandle;

  @Override
  public void init(BindingContext context) throws DBException {
    Properties p = getProperties();
    Path dir;
    String optionsFile;
    boolean sync;
    try {
      String dirText = RocksDBProperties.DIR.get(p);
      if (dirText == null || dirText.isEmpty()) {
        throw new DBException(RocksDBProperties.DIR.name() + " is empty: expected a folder for the RocksDB store");
      }
      dir = Path.of(dirText);
      optionsFile = RocksDBProperties.OPTIONS_FILE.get(p);
      if (optionsFile != null && optionsFile.isEmpty()) {
        optionsFile = null;
      }
      sync = RocksDBProperties.SYNC.getBoolean(p);
    } catch (PropertyException | java.nio.file.InvalidPathException e) {
      throw new DBException(e.getMessage());
    }
    Path real = RocksStore.folder(dir);
    String options = optionsFile;
    // one store per folder and process; only the first worker's options file counts
    store = context.shared("rocksdb " + real, () -> RocksStore.openIn(real, options));
    writeOptions = new WriteOptions().setSync(sync);
  }

  @Override
  public void cleanup() throws DBException {
    if (store == null) {
      return;
    }
    writeOptions.close();
    writeOptions = null;
    // forget the store: a native handle used after the engine closes it would crash the process
    store = null;
    lastTable = null;
    lastHandle = null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return guarded(() -> {
      byte[] record = store.db().get(handle(table), keyBytes(key));
      if (record == null) {
        return Status.NOT_FOUND;
      }
      RecordCodec.decode(record, fields, result);
      return Status.OK;
    });
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return guarded(() -> {
      try (RocksIterator it = store.db().newIterator(handle(table))) {
        int n = 0;
        for (it.seek(keyBytes(startkey)); n < recordcount && it.isValid(); it.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          RecordCodec.decode(it.value(), fields, row);
          result.add(row);
          n++;
        }
        // an iterator stops early on I/O errors as well as at the end; only status() tells them apart
        it.status();
        return Status.OK;
      }
    });
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return guarded(() -> {
      ColumnFamilyHandle h = handle(table);
      byte[] k = keyBytes(key);
      synchronized (store.lockFor(key)) {
        byte[] old = store.db().get(h, k);
        if (old == null) {
          return Status.NOT_FOUND;
        }
        Map<String, ByteIterator> merged = new LinkedHashMap<>();
        RecordCodec.decode(old, null, merged);
        merged.putAll(values);
        store.db().put(h, writeOptions, k, RecordCodec.encode(merged));
      }
      return Status.OK;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return guarded(() -> {
      ColumnFamilyHandle h = handle(table);
      byte[] record = RecordCodec.encode(values);
      synchronized (store.lockFor(key)) {
        store.db().put(h, writeOptions, keyBytes(key), record);
      }
      return Status.OK;
    });
  }

  @Override
  public Status delete(String table, String key) {
    return guarded(() -> {
      ColumnFamilyHandle h = handle(table);
      byte[] k = keyBytes(key);
      synchronized (store.lockFor(key)) {
        if (!store.db().keyExists(h, k)) {
          return Status.NOT_FOUND;
        }
        store.db().delete(h, writeOptions, k);
      }
      return Status.OK;
    });
  }

  /** One call to the store, which may fail with a RocksDB status. */
  @FunctionalInterface
  private interface StoreCall {
    Status run() throws RocksDBException;
  }

  /** One optimistic transaction of RocksDB ({@link RocksTransactions}): a write conflict is ABORTED. */
  @Override
  public Status transaction(String table, TransactionWork work) {
    return guarded(() -> RocksTransactions.make(store, writeOptions, handle(table), work));
  }

  /**
   * Runs a call unless the store is closed, and turns its failures into statuses: RocksDB's own
   * by {@link #statusOf}, anything else (a corrupt record, say) into ERROR.
   */
  private Status guarded(StoreCall call) {
    if (store == null) {
      return Status.SERVICE_UNAVAILABLE;
    }
    try {
      return call.run();
    } catch (RocksDBException e) {
      return statusOf(e);
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private ColumnFamilyHandle handle(String table) throws RocksDBException {
    if (table.equals(lastTable)) {
      return lastHandle;
    }
    ColumnFamilyHandle h = store.table(table);
    lastTable = table;
    lastHandle = h;
    return h;
  }

  private static byte[] keyBytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  /** Maps RocksDB's status codes to the outcomes YCSB reports. */
  static Status statusOf(RocksDBException e) {
    org.rocksdb.Status s = e.getStatus();
    if (s == null) {
      return Status.ERROR;
    }
    switch (s.getCode()) {
      case NotFound:
        return Status.NOT_FOUND;
      case TimedOut:
        return Status.TIMEOUT;
      case ShutdownInProgress:
        return Status.SERVICE_UNAVAILABLE;
      case InvalidArgument:
        return Status.BAD_REQUEST;
      default:
        return Status.ERROR;
    }
  }
}
