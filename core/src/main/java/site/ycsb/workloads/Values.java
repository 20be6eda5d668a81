package site.ycsb.workloads;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import site.ycsb.ByteIterator;

/** Field values that can be checked on read ({@code dataintegrity=true}). */
final class Values {
  private static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(StandardCharsets.US_ASCII);

  private Values() {
  }

  /** @return the value every writer of this key and field writes, {@code length} bytes */
  static byte[] deterministic(String key, String field, int length) {
    SplittableRandom r = new SplittableRandom(((long) key.hashCode() << 32) ^ field.hashCode());
    byte[] out = new byte[length];
    for (int i = 0; i < length; i++) {
      out[i] = ALPHABET[r.nextInt(ALPHABET.length)];
    }
    return out;
  }

  /**
   * @param skip bytes at the head of each value that are not checked (a version stamp)
   * @return OK when every value read is the one written for its key and field, else UNEXPECTED_STATE
   */
  static site.ycsb.Status verdict(String key, Map<String, ByteIterator> result, int skip) {
    return verify(key, result, skip) ? site.ycsb.Status.OK : site.ycsb.Status.UNEXPECTED_STATE;
  }

  /** @return whether every value read is the one written for its key and field */
  static boolean verify(String key, Map<String, ByteIterator> result) {
    return verify(key, result, 0);
  }

  private static boolean verify(String key, Map<String, ByteIterator> result, int skip) {
    for (Map.Entry<String, ByteIterator> e : result.entrySet()) {
      byte[] got = e.getValue().toArray();
      byte[] want = deterministic(key, e.getKey(), got.length);
      if (got.length < skip || !Arrays.equals(got, skip, got.length, want, skip, want.length)) {
        return false;
      }
    }
    return true;
  }
}
