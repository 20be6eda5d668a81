package site.ycsb;

import site.ycsb.generator.OperationRandom;

/**
 * A generated value of a fixed length, produced only as a binding reads it.
 *
 * <p>The bytes come from a 64-character alphabet (letters, digits, '-' and '_') that no JSON or
 * URL encoder escapes, so a record's encoded size is the same for every record.
 *
 * <p>They are a function of a seed taken when the value is made, on the thread that makes it:
 * from the operation's source on a worker ({@code seed}, so the same operation writes the same
 * bytes), and the value read again after {@link #reset()} is the same value, whichever thread
 * reads it (the driver's, on the asynchronous path).
 */
public class RandomByteIterator extends ByteIterator {
  /** The value alphabet: 64 characters, none of which JSON escapes. */
  static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(
          java.nio.charset.StandardCharsets.US_ASCII);
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private final long len;
  private final long seed;
  private long state;
  private long produced;
  private long bits;
  private int bitsLeft;

  /** @param len the number of bytes of the value, drawn from the making thread's source */
  public RandomByteIterator(long len) {
    this(len, OperationRandom.current().nextLong());
  }

  /**
   * @param len the number of bytes of the value
   * @param seed what the bytes are a function of
   */
  public RandomByteIterator(long len, long seed) {
    this.len = len;
    this.seed = seed;
    this.state = seed;
  }

  /** Ten alphabet indexes (6 bits each) per 64-bit draw of a SplitMix64 stream started at the seed. */
  private long nextBits() {
    state += GOLDEN_GAMMA;
    long z = state;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public boolean hasNext() {
    return produced < len;
  }

  @Override
  public byte nextByte() {
    if (bitsLeft < 6) {
      bits = nextBits();
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
    int i = bufOff;
    int end = bufOff + n;
    // bytes left of a draw nextByte began are used first, so both ways of reading give the same value
    while (i < end && bitsLeft >= 6) {
      buf[i++] = ALPHABET[(int) (bits & 63)];
      bits >>>= 6;
      bitsLeft -= 6;
    }
    while (i < end) {
      long r = nextBits();
      int k = 0;
      for (; k < 10 && i < end; k++) {
        buf[i++] = ALPHABET[(int) (r & 63)];
        r >>>= 6;
      }
      bits = r;
      bitsLeft = 60 - 6 * k;
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
    state = seed;
    bits = 0;
    bitsLeft = 0;
  }
}
