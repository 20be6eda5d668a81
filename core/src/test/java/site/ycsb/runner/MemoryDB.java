package site.ycsb.runner;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.AsyncDB;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A store in the test's memory that keeps what is written and returns it on reads, on both
 * sides (its asynchronous calls complete at once), so the bytes a run moves can be checked
 * against the records' sizes.
 */
public class MemoryDB extends DB implements AsyncDB {
  /** What every instance stores, by key. */
  public static final Map<String, Map<String, byte[]>> RECORDS = new ConcurrentHashMap<>();

  /** Empties the store. */
  public static void reset() {
    RECORDS.clear();
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
    Map<String, byte[]> record = RECORDS.get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    values.forEach((field, value) -> record.put(field, value.toArray()));
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

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return CompletableFuture.completedFuture(read(table, key, fields, result));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return CompletableFuture.completedFuture(scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.completedFuture(update(table, key, values));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.completedFuture(insert(table, key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return CompletableFuture.completedFuture(delete(table, key));
  }
}
