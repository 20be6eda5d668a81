package site.ycsb.testsupport;

import java.util.HashMap;
import java.util.Map;
import site.ycsb.ByteIterator;
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
}
