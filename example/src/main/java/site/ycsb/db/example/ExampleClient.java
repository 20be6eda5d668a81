package site.ycsb.db.example;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.BindingContext;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The smallest complete binding, and the template for a new one: it reads its settings and takes
 * the shared store in {@link #init(BindingContext)}, makes one call per operation, returns a
 * {@link Status} rather than throwing, reports a failure's cause once through the context, and
 * does no timing of its own. Its "database" lives in the process, so it needs no server; the
 * store is emptied when the phase ends, so a {@code run} in a new process starts empty.
 */
public class ExampleClient extends DB {
  private BindingContext context;
  private ExampleStore store;

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    long maxRecords = ExampleProperties.MAX_RECORDS.getLong(getProperties());
    // one store per process and per setting, opened by the first worker and closed by the engine
    store = ctx.shared("example.store " + maxRecords, () -> new ExampleStore(maxRecords));
  }

  private static String id(String table, String key) {
    return table + "/" + key;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, byte[]> record = store.records().get(id(table, key));
    if (record == null) {
      return Status.NOT_FOUND;
    }
    copy(record, fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    String prefix = table + "/";
    for (Map.Entry<String, Map<String, byte[]>> e : store.records().tailMap(id(table, startkey)).entrySet()) {
      if (result.size() >= recordcount || !e.getKey().startsWith(prefix)) {
        break;
      }
      HashMap<String, ByteIterator> row = new HashMap<>();
      copy(e.getValue(), fields, row);
      result.add(row);
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> record = store.records().get(id(table, key));
    if (record == null) {
      return Status.NOT_FOUND;
    }
    values.forEach((k, v) -> record.put(k, v.toArray()));
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (!store.reserve()) {
      context.reportOnce("insert full", "example: insert of " + key + " failed with SERVICE_UNAVAILABLE: the store "
          + "holds example.maxrecords records already");
      return Status.SERVICE_UNAVAILABLE;
    }
    Map<String, byte[]> record = new ConcurrentHashMap<>();
    values.forEach((k, v) -> record.put(k, v.toArray()));
    if (store.records().put(id(table, key), record) != null) {
      store.released();
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    if (store.records().remove(id(table, key)) == null) {
      return Status.NOT_FOUND;
    }
    store.released();
    return Status.OK;
  }

  private static void copy(Map<String, byte[]> record, Set<String> fields, Map<String, ByteIterator> into) {
    for (Map.Entry<String, byte[]> f : record.entrySet()) {
      if (fields == null || fields.contains(f.getKey())) {
        into.put(f.getKey(), new ByteArrayByteIterator(f.getValue()));
      }
    }
  }
}
