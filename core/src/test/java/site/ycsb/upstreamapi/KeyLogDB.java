package site.ycsb.upstreamapi;

import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentLinkedQueue;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A binding that keeps the key of every call, for tests of which records a workload chose. */
public class KeyLogDB extends DB {
  /** One call: the operation, the table and key it named, and the bytes of the values it wrote. */
  record Call(String operation, String table, String key, Map<String, Long> valueLengths) {
  }

  /** Keys of every read since the last {@link #reset()}, over all instances. */
  static final Queue<String> READ_KEYS = new ConcurrentLinkedQueue<>();
  /** Every call since the last {@link #reset()}, over all instances. */
  static final Queue<Call> CALLS = new ConcurrentLinkedQueue<>();

  static void reset() {
    READ_KEYS.clear();
    CALLS.clear();
  }

  private static Status log(String operation, String table, String key, Map<String, ByteIterator> values) {
    Map<String, Long> lengths = new HashMap<>();
    if (values != null) {
      values.forEach((field, value) -> lengths.put(field, (long) value.toArray().length));
    }
    CALLS.add(new Call(operation, table, key, lengths));
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    READ_KEYS.add(key);
    return log("READ", table, key, null);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return log("SCAN", table, startkey, null);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return log("UPDATE", table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return log("INSERT", table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return log("DELETE", table, key, null);
  }
}
