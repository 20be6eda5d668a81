package site.ycsb;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** A value backed by a string; its bytes are the string's UTF-8 encoding. */
public class StringByteIterator extends ByteIterator {
  private final String str;
  private byte[] bytes;
  private int at;

  /** @param s the value */
  public StringByteIterator(String s) {
    this.str = s;
  }

  private byte[] bytes() {
    if (bytes == null) {
      bytes = str.getBytes(StandardCharsets.UTF_8);
    }
    return bytes;
  }

  /**
   * Copies every entry of {@code in} into {@code out} as a string value.
   *
   * @param out the destination
   * @param in the source
   */
  public static void putAllAsByteIterators(Map<String, ByteIterator> out, Map<String, String> in) {
    for (Map.Entry<String, String> e : in.entrySet()) {
      out.put(e.getKey(), new StringByteIterator(e.getValue()));
    }
  }

  /**
   * Copies every entry of {@code in} into {@code out}, consuming each value as a string.
   *
   * @param out the destination
   * @param in the source
   */
  public static void putAllAsStrings(Map<String, String> out, Map<String, ByteIterator> in) {
    for (Map.Entry<String, ByteIterator> e : in.entrySet()) {
      out.put(e.getKey(), e.getValue().toString());
    }
  }

  /**
   * @param m field name to string value
   * @return a new map of field name to value
   */
  public static Map<String, ByteIterator> getByteIteratorMap(Map<String, String> m) {
    HashMap<String, ByteIterator> out = new HashMap<>();
    putAllAsByteIterators(out, m);
    return out;
  }

  /**
   * @param m field name to value; the values are consumed
   * @return a new map of field name to string value
   */
  public static Map<String, String> getStringMap(Map<String, ByteIterator> m) {
    HashMap<String, String> out = new HashMap<>();
    putAllAsStrings(out, m);
    return out;
  }

  @Override
  public boolean hasNext() {
    return at < bytes().length;
  }

  @Override
  public byte nextByte() {
    return bytes()[at++];
  }

  @Override
  public long bytesLeft() {
    if (bytes == null) {
      // counting a value nobody has read yet (throughput in MB/s) must not encode it
      return utf8Length(str);
    }
    return bytes.length - at;
  }

  private static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n++;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        // an unpaired surrogate is encoded as '?'
        n++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  @Override
  public void reset() {
    at = 0;
  }

  /** Returns the remaining value as a string without copying when nothing was read yet. */
  @Override
  public String toString() {
    if (at == 0) {
      at = bytes().length;
      return str;
    }
    return super.toString();
  }
}
