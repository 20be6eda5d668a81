package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** A key-value binding over one static map, so tests can look at what was stored. */
public class MemoryStoreDB extends DB {
  static final Map<String, Map<String, String>> RECORDS = new ConcurrentHashMap<>();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, String> r = RECORDS.get(key);
    if (r == null) {
      return Status.NOT_FOUND;
    }
    StringByteIterator.putAllAsByteIterators(result, r);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return insert(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    RECORDS.put(key, StringByteIterator.getStringMap(values));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return RECORDS.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }
}
