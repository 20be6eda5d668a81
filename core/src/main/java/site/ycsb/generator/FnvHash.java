package site.ycsb.generator;

/**
 * FNV-1a, 64 bit, of the 8 bytes of a long, least significant first, made non-negative: what
 * scatters key numbers over the key space ({@code insertorder=hashed}, {@link ScrambledZipfianGenerator}),
 * the same function as YCSB 0.17's so that generated keys match.
 */
public final class FnvHash {
  /** The offset basis of 64-bit FNV hashing. */
  public static final long OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  /** The prime of 64-bit FNV hashing. */
  public static final long PRIME_64 = 1099511628211L;

  private FnvHash() {
  }

  /**
   * @param val the value
   * @return its hash, non-negative
   */
  public static long hash64(long val) {
    long h = OFFSET_BASIS_64;
    for (int i = 0; i < 8; i++) {
      h ^= val & 0xff;
      h *= PRIME_64;
      val >>= 8;
    }
    return Math.abs(h);
  }
}
