package site.ycsb.workloads;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;
import site.ycsb.durability.StampedValue;
import site.ycsb.generator.NumberGenerator;

/**
 * The fields of a record ({@code fieldnameprefix0} ... {@code fieldnameprefixN-1}): the field sets
 * reads ask for, made once so that no read allocates one, and the values writes carry.
 */
final class RecordFields {
  private final List<String> names;
  private final Map<String, Set<String>> single = new HashMap<>();
  private final Set<String> all;

  RecordFields(String prefix, int count) {
    List<String> list = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = prefix + i;
      list.add(name);
      single.put(name, Collections.singleton(name));
    }
    names = Collections.unmodifiableList(list);
    all = Collections.unmodifiableSet(new LinkedHashSet<>(list));
  }

  List<String> names() {
    return names;
  }

  /** @return the name of the field at {@code index} (as a field chooser draws it) */
  String name(long index) {
    return names.get((int) index);
  }

  /** @return the set holding only the field at {@code index} */
  Set<String> one(long index) {
    return single.get(name(index));
  }

  /** @return every field name, in order */
  Set<String> all() {
    return all;
  }

  /**
   * @param key the record's key
   * @param lengths the field length generator
   * @param checkable whether values are the ones {@code dataintegrity} checks on read
   * @param stamp the version stamp each value starts with ({@code durability}), or null
   * @return a value for every field
   */
  HashMap<String, ByteIterator> values(String key, NumberGenerator lengths, boolean checkable, byte[] stamp) {
    HashMap<String, ByteIterator> values = new HashMap<>(names.size() * 2);
    for (String field : names) {
      values.put(field, value(key, field, lengths, checkable, stamp));
    }
    return values;
  }

  /** @return a value for one field */
  HashMap<String, ByteIterator> valueOf(String key, String field, NumberGenerator lengths, boolean checkable,
                                        byte[] stamp) {
    HashMap<String, ByteIterator> values = new HashMap<>(2);
    values.put(field, value(key, field, lengths, checkable, stamp));
    return values;
  }

  private static ByteIterator value(String key, String field, NumberGenerator lengths, boolean checkable,
                                    byte[] stamp) {
    int length = (int) lengths.nextLong();
    if (stamp == null) {
      return checkable ? new ByteArrayByteIterator(Values.deterministic(key, field, length))
          : new RandomByteIterator(length);
    }
    // the stamp takes the value's first bytes: its length stays as generated, or the stamp's if shorter
    int rest = Math.max(0, length - stamp.length);
    ByteIterator tail = checkable
        ? new ByteArrayByteIterator(Values.deterministic(key, field, stamp.length + rest), stamp.length, rest)
        : new RandomByteIterator(rest);
    return new StampedValue(stamp, tail);
  }
}
