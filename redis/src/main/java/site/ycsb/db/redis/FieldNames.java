package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A worker's field names in both directions, each encoded or decoded once, on either side: names
 * to bytes when commands are written (worker thread), reply bytes to names when replies are read
 * (the worker thread on the blocking side, I/O threads on the asynchronous side). A record has the
 * same ten or so names every time, so after the first operations no name is encoded or decoded again.
 */
final class FieldNames {
  /** Beyond this many names (not a YCSB workload's data) replies are decoded without the cache. */
  private static final int MAX_CACHED = 4096;

  private final Map<String, byte[]> encoded = new HashMap<>();
  /** Looked up with the reply's own buffer: a ByteBuffer's equality and hash are those of its remaining bytes. */
  private final Map<ByteBuffer, String> decoded = new ConcurrentHashMap<>();

  /** @return the name's UTF-8 bytes; the worker thread only */
  byte[] encode(String name) {
    byte[] b = encoded.get(name);
    if (b == null) {
      b = name.getBytes(UTF_8);
      if (encoded.size() < MAX_CACHED) {
        encoded.put(name, b);
        decoded.putIfAbsent(ByteBuffer.wrap(b), name);
      }
    }
    return b;
  }

  /** @return the names' UTF-8 bytes, in the same order; null for null (all fields); the worker thread only */
  byte[][] encode(String[] names) {
    if (names == null) {
      return null;
    }
    byte[][] out = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      out[i] = encode(names[i]);
    }
    return out;
  }

  /** @return the name these bytes spell; any thread */
  String decode(byte[] bytes) {
    return decode(ByteBuffer.wrap(bytes));
  }

  /**
   * The name by its place in a reply ({@code HGETALL}: name, value, name, value...), as last
   * decoded there: a record's fields come back in the same order every time, so the name at a place
   * is most often the one before, recognized by comparing its few bytes, without hashing the
   * buffer for the map. Each place holds one immutable pair, so a thread reading a place another
   * is replacing sees the old pair or the new one, whole.
   */
  private final Known[] byPlace = new Known[64];

  private static final class Known {
    final String name;
    final byte[] bytes;

    Known(String name, byte[] bytes) {
      this.name = name;
      this.bytes = bytes;
    }

    boolean spelledBy(byte[] in, int index, int length) {
      return Arrays.equals(in, index, index + length, bytes, 0, bytes.length);
    }
  }

  /**
   * @param in a reply's bytes
   * @param index where the name starts
   * @param length its length
   * @param place where in the reply the name is (0 for the first element)
   * @return the name these bytes spell; any thread
   */
  String decode(byte[] in, int index, int length, int place) {
    if (place >= byPlace.length) {
      return decode(ByteBuffer.wrap(in, index, length));
    }
    Known k = byPlace[place];
    if (k != null && k.spelledBy(in, index, length)) {
      return k.name;
    }
    String name = decode(ByteBuffer.wrap(in, index, length));
    byPlace[place] = new Known(name, name.getBytes(UTF_8));
    return name;
  }

  /** @return the name these bytes (from the buffer's position to its limit) spell; any thread */
  String decode(ByteBuffer bytes) {
    String name = decoded.get(bytes);
    if (name == null) {
      byte[] b = new byte[bytes.remaining()];
      bytes.get(b);
      name = new String(b, UTF_8);
      if (decoded.size() < MAX_CACHED) {
        decoded.putIfAbsent(ByteBuffer.wrap(b), name);
      }
    }
    return name;
  }
}
