package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;

/**
 * An {@link AsyncDB} whose asynchronous side is one {@link RecordOperations} object: each of the
 * five methods hands its call to it, so a binding that writes its operations once for both sides
 * only says where they are.
 */
public interface DelegatingAsyncDB extends AsyncDB {
  /**
   * @return the asynchronous side's operations; asked on every call, from the worker thread, after
   *     {@link DB#init(BindingContext)}
   */
  RecordOperations<CompletionStage<Status>> asyncOperations();

  @Override
  default CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                            Map<String, ByteIterator> result) {
    return asyncOperations().read(table, key, fields, result);
  }

  @Override
  default CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                            Vector<HashMap<String, ByteIterator>> result) {
    return asyncOperations().scan(table, startkey, recordcount, fields, result);
  }

  @Override
  default CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return asyncOperations().update(table, key, values);
  }

  @Override
  default CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return asyncOperations().insert(table, key, values);
  }

  @Override
  default CompletionStage<Status> deleteAsync(String table, String key) {
    return asyncOperations().delete(table, key);
  }
}
