package site.ycsb.runner;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.zip.CRC32;
import site.ycsb.ByteIterator;

/**
 * The checksum of a record's values a capture keeps: the sum, modulo 2^32, over the fields of
 * CRC32(the field name's UTF-8 bytes, then the value's bytes). A sum, so the order a binding
 * returns the fields in does not matter. Each value is rewound before it is read and after, so
 * what the binding sent (or the workload still has to check) stays whole; a value that cannot be
 * rewound counts with its name only. One per worker, reused: nothing allocated per value.
 */
final class ValuesChecksum implements BiConsumer<String, ByteIterator> {
  /** Field names' bytes, kept for the few names a workload uses; not grown past this. */
  private static final int MAX_NAMES = 1024;
  private final CRC32 crc = new CRC32();
  private final byte[] buffer = new byte[8192];
  private final Map<String, byte[]> names = new HashMap<>();
  private int sum;

  /** @return the checksum of {@code values}; 0 for none */
  int of(Map<String, ByteIterator> values) {
    sum = 0;
    if (values != null) {
      values.forEach(this);
    }
    return sum;
  }

  /** @return the sum of every record's checksum */
  int ofAll(List<? extends Map<String, ByteIterator>> records) {
    if (records == null) {
      return 0;
    }
    int total = 0;
    for (int i = 0; i < records.size(); i++) {
      total += of(records.get(i));
    }
    return total;
  }

  @Override
  public void accept(String field, ByteIterator value) {
    crc.reset();
    byte[] name = names.get(field);
    if (name == null) {
      name = field.getBytes(StandardCharsets.UTF_8);
      if (names.size() < MAX_NAMES) {
        names.put(field, name);
      }
    }
    crc.update(name, 0, name.length);
    if (value != null && rewind(value)) {
      while (value.hasNext()) {
        int n = value.nextBuf(buffer, 0);
        crc.update(buffer, 0, n);
      }
      rewind(value);
    }
    sum += (int) crc.getValue();
  }

  private static boolean rewind(ByteIterator value) {
    try {
      value.reset();
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }
}
