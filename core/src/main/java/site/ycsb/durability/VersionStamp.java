package site.ycsb.durability;

/**
 * The version stamp at the head of every value a write carries with {@code durability=true}: the
 * writing client, its sequence number for the write and the wall-clock time it was made, in
 * {@value #LENGTH} printable bytes ({@code ~v} + 4 hex digits of client + 16 of sequence + 11 of
 * epoch milliseconds + {@code ~}), so every binding stores it unchanged inside the value.
 *
 * @param client the writing client ({@code clientid})
 * @param sequence the client's number for the write: numbers of a later process of the same
 *     client are higher ({@code DurabilityTracker})
 * @param epochMillis when the write was made
 */
public record VersionStamp(int client, long sequence, long epochMillis) {
  /** Bytes a stamp takes at the head of a value. */
  public static final int LENGTH = 34;
  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /** @return the stamp's bytes */
  public byte[] bytes() {
    byte[] b = new byte[LENGTH];
    b[0] = '~';
    b[1] = 'v';
    hex(b, 2, 4, client);
    hex(b, 6, 16, sequence);
    hex(b, 22, 11, epochMillis);
    b[33] = '~';
    return b;
  }

  private static void hex(byte[] into, int at, int digits, long value) {
    for (int i = digits - 1; i >= 0; i--) {
      into[at + i] = HEX[(int) (value & 15)];
      value >>>= 4;
    }
  }

  /**
   * @param value a value as read back
   * @return the stamp at its head, or null when it has none (written without {@code durability})
   */
  public static VersionStamp parse(byte[] value) {
    if (value == null || value.length < LENGTH || value[0] != '~' || value[1] != 'v' || value[33] != '~') {
      return null;
    }
    long client = unhex(value, 2, 4);
    long sequence = unhex(value, 6, 16);
    long millis = unhex(value, 22, 11);
    if (client < 0 || sequence < 0 || millis < 0) {
      return null;
    }
    return new VersionStamp((int) client, sequence, millis);
  }

  private static long unhex(byte[] b, int at, int digits) {
    long v = 0;
    for (int i = 0; i < digits; i++) {
      int c = b[at + i];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) {
        return -1;
      }
      v = (v << 4) | d;
    }
    return v;
  }
}
