package site.ycsb.db.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Turns a record (field name to value) into one byte array and back.
 *
 * <p>Layout: a format byte, then for each field a varint name length, the UTF-8 name, a varint
 * value length and the value bytes. Values read back are slices of the stored array, so decoding
 * copies nothing but the field names.
 */
final class RecordCodec {
  /** First byte of every record; lets a later layout coexist with stored data. */
  static final byte FORMAT_1 = 1;

  private RecordCodec() {
  }

  /**
   * Encodes a record. Each value iterator is consumed.
   *
   * @param values field name to value
   * @return the stored form
   */
  static byte[] encode(Map<String, ByteIterator> values) {
    int n = values.size();
    byte[][] names = new byte[n][];
    byte[][] data = new byte[n][];
    int size = 1;
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      names[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      data[i] = e.getValue().toArray();
      size += varintSize(names[i].length) + names[i].length + varintSize(data[i].length) + data[i].length;
      i++;
    }
    byte[] out = new byte[size];
    out[0] = FORMAT_1;
    int at = 1;
    for (i = 0; i < n; i++) {
      at = putVarint(out, at, names[i].length);
      System.arraycopy(names[i], 0, out, at, names[i].length);
      at += names[i].length;
      at = putVarint(out, at, data[i].length);
      System.arraycopy(data[i], 0, out, at, data[i].length);
      at += data[i].length;
    }
    return out;
  }

  /**
   * Decodes a record into {@code out}.
   *
   * @param record the stored form
   * @param fields the fields wanted, or null for all
   * @param out receives the fields found; values are slices of {@code record}
   * @throws IllegalStateException when the bytes are not a record of this format
   */
  static void decode(byte[] record, Set<String> fields, Map<String, ByteIterator> out) {
    if (record.length == 0 || record[0] != FORMAT_1) {
      throw new IllegalStateException("stored value is not a record of a known format");
    }
    int[] cursor = {1};
    while (cursor[0] < record.length) {
      int nameLen = readLength(record, cursor);
      int nameAt = cursor[0];
      cursor[0] += nameLen;
      int valueLen = readLength(record, cursor);
      int valueAt = cursor[0];
      cursor[0] += valueLen;
      String name = new String(record, nameAt, nameLen, StandardCharsets.UTF_8);
      if (fields == null || fields.contains(name)) {
        out.put(name, new ByteArrayByteIterator(record, valueAt, valueLen));
      }
    }
  }

  /** Reads a varint length at cursor[0], advancing it, and checks that many bytes remain. */
  private static int readLength(byte[] buf, int[] cursor) {
    int at = cursor[0];
    int value = 0;
    int shift = 0;
    while (true) {
      if (at >= buf.length || shift > 28) {
        throw new IllegalStateException("stored record is truncated or corrupt");
      }
      byte b = buf[at++];
      value |= (b & 0x7f) << shift;
      if (b >= 0) {
        break;
      }
      shift += 7;
    }
    if (value < 0 || value > buf.length - at) {
      throw new IllegalStateException("stored record is truncated or corrupt");
    }
    cursor[0] = at;
    return value;
  }

  private static int varintSize(int v) {
    int size = 1;
    while ((v & ~0x7f) != 0) {
      v >>>= 7;
      size++;
    }
    return size;
  }

  private static int putVarint(byte[] buf, int at, int v) {
    while ((v & ~0x7f) != 0) {
      buf[at++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    buf[at++] = (byte) v;
    return at;
  }
}
