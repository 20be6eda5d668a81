package site.ycsb;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A generated value of a fixed length, produced only as a binding reads it.
 *
 * <p>The bytes come from a 64-character alphabet (letters, digits, '-' and '_') that no JSON or
 * URL encoder escapes, so a record's encoded size is the same for every record.
 */
public class RandomByteIterator extends ByteIterator {
  /** The value alphabet: 64 characters, none of which JSON escapes. */
  static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(
          java.nio.charset.StandardCharsets.US_ASCII);

  private final long len;
  private long produced;
  private long bits;
  private int bitsLeft;

  /** @param len the number of bytes of the value */
  public RandomByteIterator(long len) {
    this.len = len;
  }

  @Override
  public boolean hasNext() {
    return produced < len;
  }

  @Override
  public byte nextByte() {
    if (bitsLeft < 6) {
      bits = ThreadLocalRandom.current().nextLong();
      bitsLeft = 60;
    }
    byte b = ALPHABET[(int) (bits & 63)];
    bits >>>= 6;
    bitsLeft -= 6;
    produced++;
    return b;
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int n = (int) Math.min(buf.length - bufOff, len - produced);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int i = bufOff;
    int end = bufOff + n;
    while (i < end) {
      long r = random.nextLong();
      for (int k = 0; k < 10 && i < end; k++) {
        buf[i++] = ALPHABET[(int) (r & 63)];
        r >>>= 6;
      }
    }
    produced += n;
    return end;
  }

  @Override
  public long bytesLeft() {
    return len - produced;
  }

  @Override
  public void reset() {
    produced = 0;
  }
}
