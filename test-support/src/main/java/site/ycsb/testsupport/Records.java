package site.ycsb.testsupport;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Records as the bindings' tests write them, and their values in a form assertions can compare. */
public final class Records {
  private Records() {
  }

  /**
   * @param key the record key
   * @param fields how many fields
   * @return fields field0..field(n-1), each value naming its key and field: "key/fieldi"
   */
  public static Map<String, ByteIterator> record(String key, int fields) {
    Map<String, ByteIterator> r = new HashMap<>();
    for (int i = 0; i < fields; i++) {
      r.put("field" + i, new StringByteIterator(key + "/field" + i));
    }
    return r;
  }

  /**
   * @param record a record as a binding returns it
   * @return its values as strings (reading each value once)
   */
  public static Map<String, String> strings(Map<String, ByteIterator> record) {
    Map<String, String> out = new HashMap<>();
    record.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  /**
   * Checks that a binding reads back a record written as {@link #record(String, int)} with ten
   * fields: every field when asked for all, and exactly field2 and field9 when asked for those.
   *
   * @param db an initialized binding
   * @param table the table
   * @param key the record's key
   * @throws AssertionError naming what was read instead
   */
  public static void assertReadsBack(DB db, String table, String key) {
    Map<String, ByteIterator> all = new HashMap<>();
    Status s = db.read(table, key, null, all);
    Map<String, String> expected = strings(record(key, 10));
    if (!s.isOk() || !expected.equals(strings(all))) {
      throw new AssertionError("read of " + key + " with all fields: " + s + " " + strings(all) + ", expected "
          + expected);
    }
    Map<String, ByteIterator> some = new HashMap<>();
    s = db.read(table, key, Set.of("field2", "field9"), some);
    expected = Map.of("field2", key + "/field2", "field9", key + "/field9");
    if (!s.isOk() || !expected.equals(strings(some))) {
      throw new AssertionError("read of " + key + " with field2 and field9: " + s + " " + strings(some)
          + ", expected " + expected);
    }
  }
}
