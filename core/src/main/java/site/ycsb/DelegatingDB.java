package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

/**
 * A {@link DB} whose blocking side is one {@link RecordOperations} object: each of the five
 * methods hands its call to it, so a binding that writes its operations once for both sides only
 * says where they are (with {@link DelegatingAsyncDB} for the asynchronous side). A binding may
 * still override one of them, e.g. to batch inserts, and hand the rest on with {@code super}.
 */
public abstract class DelegatingDB extends DB {
  /**
   * @return the blocking side's operations; asked on every call, from the worker thread, after
   *     {@link DB#init(BindingContext)}
   */
  protected abstract RecordOperations<Status> blockingOperations();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return blockingOperations().read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return blockingOperations().scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return blockingOperations().update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return blockingOperations().insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return blockingOperations().delete(table, key);
  }
}
