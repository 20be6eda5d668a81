package site.ycsb.runner;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import site.ycsb.ByteIterator;

/**
 * Counts the bytes of a record's values: what the workload sends (before the binding consumes
 * them) or what the binding returned. One per worker (or per operation in flight), reused, so
 * counting allocates nothing: {@link Map#forEach} walks a map without an iterator object.
 */
final class ValueBytes implements BiConsumer<String, ByteIterator> {
  private long sum;

  /** @return the bytes of the values left unread in {@code values} */
  long of(Map<String, ByteIterator> values) {
    if (values == null) {
      return 0;
    }
    sum = 0;
    values.forEach(this);
    return sum;
  }

  /** @return the bytes of the values of every record in {@code records} */
  long ofAll(List<? extends Map<String, ByteIterator>> records) {
    if (records == null) {
      return 0;
    }
    long total = 0;
    for (int i = 0; i < records.size(); i++) {
      total += of(records.get(i));
    }
    return total;
  }

  @Override
  public void accept(String field, ByteIterator value) {
    if (value != null) {
      sum += value.bytesLeft();
    }
  }
}
