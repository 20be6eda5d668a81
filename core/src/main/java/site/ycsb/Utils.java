package site.ycsb;

/** Small helpers that bindings of YCSB 0.17 call. */
public final class Utils {
  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;

  private Utils() {
  }

  /**
   * Scrambles a key number so that keys inserted in order are spread over the key space
   * ({@code insertorder=hashed}). Same result as YCSB 0.17, so generated keys match.
   *
   * @param val a key number
   * @return a non-negative hash (FNV-1a, 64 bit, over the 8 little-endian bytes)
   */
  public static long hash(long val) {
    return fnvhash64(val);
  }

  /**
   * FNV-1a 64-bit hash of the 8 bytes of {@code val}, least significant first, made non-negative.
   *
   * @param val the value
   * @return the hash, non-negative
   */
  public static long fnvhash64(long val) {
    long h = FNV_OFFSET_BASIS_64;
    for (int i = 0; i < 8; i++) {
      h ^= val & 0xff;
      h *= FNV_PRIME_64;
      val >>= 8;
    }
    return Math.abs(h);
  }

  /**
   * @param bytes an array of at least 8 bytes
   * @param offset the first byte
   * @return the big-endian long stored at {@code offset}
   */
  public static long bytesToLong(byte[] bytes, int offset) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (bytes[offset + i] & 0xff);
    }
    return v;
  }

  /**
   * @param value a long
   * @return its 8 big-endian bytes
   */
  public static byte[] longToBytes(long value) {
    byte[] out = new byte[8];
    for (int i = 7; i >= 0; i--) {
      out[i] = (byte) value;
      value >>>= 8;
    }
    return out;
  }
}
