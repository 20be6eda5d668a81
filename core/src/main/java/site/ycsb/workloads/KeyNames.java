package site.ycsb.workloads;

/**
 * Writes record keys: {@code user} followed by the decimal digits of a number, zero-padded to a
 * width. Every operation builds one. A string concatenation of the parts is the cheapest way to
 * build it: the JDK sizes the result from the parts, writes the digits straight into it and hands
 * that array to the string without the copy that building the bytes by hand and then calling a
 * {@code String} constructor costs (JMH {@code keyName}: 53.4 ns against 58.3 for such a builder).
 */
final class KeyNames {
  /** "", "0", "00", ...: the padding in front of a number of few digits. */
  private static final String[] ZEROS = new String[20];
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = p;
      p *= 10;
    }
    for (int i = 0; i < ZEROS.length; i++) {
      ZEROS[i] = "0".repeat(i);
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
    // every number has a digit: without padding (the default) there is nothing to count
    int pad = zeroPadding <= 1 ? 0 : zeroPadding - (number < 0 ? Long.toString(number).length() : digits(number));
    if (pad <= 0) {
      return "user" + number;
    }
    return "user" + (pad < ZEROS.length ? ZEROS[pad] : "0".repeat(pad)) + number;
  }

  private static int digits(long n) {
    // floor(log10(2) * bits) is the digit count or one less
    int bits = 64 - Long.numberOfLeadingZeros(n | 1);
    int t = (bits * 1233) >>> 12;
    return Math.max(1, t + (n >= POWERS_OF_TEN[t] ? 1 : 0));
  }
}
