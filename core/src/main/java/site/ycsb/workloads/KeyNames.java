package site.ycsb.workloads;

import java.nio.charset.StandardCharsets;

/**
 * Writes record keys: {@code user} followed by the decimal digits of a number, zero-padded to a
 * width. Every operation builds one, so the digits are written straight into the key's bytes, two
 * at a time and in independent 8-digit groups, rather than through an intermediate string and a
 * concatenation.
 */
final class KeyNames {
  private static final byte[] PREFIX = {'u', 's', 'e', 'r'};
  private static final long EIGHT_DIGITS = 100_000_000L;
  /** "00", "01", ... "99" as pairs of bytes. */
  private static final byte[] PAIRS = new byte[200];
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = p;
      p *= 10;
    }
    for (int i = 0; i < 100; i++) {
      PAIRS[2 * i] = (byte) ('0' + i / 10);
      PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private KeyNames() {
  }

  /**
   * @param number the key number (after hashing); negative numbers keep their sign
   * @param zeroPadding the smallest number of digits
   * @return {@code user} and the digits, zero-padded on the left to {@code zeroPadding}
   */
  static String of(long number, int zeroPadding) {
    if (number < 0) {
      return slow(number, zeroPadding);
    }
    int digits = digits(number);
    int width = Math.max(digits, zeroPadding);
    byte[] key = new byte[PREFIX.length + width];
    System.arraycopy(PREFIX, 0, key, 0, PREFIX.length);
    int end = key.length;
    long n = number;
    while (n >= EIGHT_DIGITS) {
      long q = n / EIGHT_DIGITS;
      writeEight(key, end - 8, (int) (n - q * EIGHT_DIGITS));
      end -= 8;
      n = q;
    }
    int m = (int) n;
    while (m >= 100) {
      int q = m / 100;
      int pair = 2 * (m - q * 100);
      key[--end] = PAIRS[pair + 1];
      key[--end] = PAIRS[pair];
      m = q;
    }
    if (m >= 10) {
      key[--end] = PAIRS[2 * m + 1];
      key[--end] = PAIRS[2 * m];
    } else {
      key[--end] = (byte) ('0' + m);
    }
    for (int i = PREFIX.length; i < end; i++) {
      key[i] = '0';
    }
    return new String(key, StandardCharsets.ISO_8859_1);
  }

  /** Writes exactly eight digits of {@code v} (below 10^8) at {@code at}. */
  private static void writeEight(byte[] key, int at, int v) {
    int hi = v / 10_000;
    int lo = v - hi * 10_000;
    int a = hi / 100;
    int b = hi - a * 100;
    int c = lo / 100;
    int d = lo - c * 100;
    key[at] = PAIRS[2 * a];
    key[at + 1] = PAIRS[2 * a + 1];
    key[at + 2] = PAIRS[2 * b];
    key[at + 3] = PAIRS[2 * b + 1];
    key[at + 4] = PAIRS[2 * c];
    key[at + 5] = PAIRS[2 * c + 1];
    key[at + 6] = PAIRS[2 * d];
    key[at + 7] = PAIRS[2 * d + 1];
  }

  private static int digits(long n) {
    // floor(log10(2) * bits) is the digit count or one less
    int bits = 64 - Long.numberOfLeadingZeros(n | 1);
    int t = (bits * 1233) >>> 12;
    return Math.max(1, t + (n >= POWERS_OF_TEN[t] ? 1 : 0));
  }

  private static String slow(long number, int zeroPadding) {
    String digits = Long.toString(number);
    StringBuilder sb = new StringBuilder(4 + Math.max(zeroPadding, digits.length())).append("user");
    for (int i = digits.length(); i < zeroPadding; i++) {
      sb.append('0');
    }
    return sb.append(digits).toString();
  }
}
