package site.ycsb;

/** A value backed by (a slice of) a byte array, without copying it. */
public class ByteArrayByteIterator extends ByteIterator {
  // not final: a ReadResult points its own values at the next read's bytes (see slice)
  private byte[] bytes;
  private int start;
  private int end;
  private int at;

  /** @param s the bytes; not copied */
  public ByteArrayByteIterator(byte[] s) {
    this(s, 0, s.length);
  }

  /**
   * @param s the bytes; not copied
   * @param off the first byte of the value
   * @param len the length of the value
   */
  public ByteArrayByteIterator(byte[] s, int off, int len) {
    this.bytes = s;
    this.start = off;
    this.end = off + len;
    this.at = off;
  }

  /**
   * Points this value at other bytes: for {@link ReadResult}, whose values are reused read after read.
   *
   * @param s the bytes; not copied
   * @param off the first byte of the value
   * @param len the length of the value
   */
  void slice(byte[] s, int off, int len) {
    // a long-lived object: the reference stored only when it changes (a collector's write barrier)
    if (bytes != s) {
      bytes = s;
    }
    start = off;
    end = off + len;
    at = off;
  }

  @Override
  public boolean hasNext() {
    return at < end;
  }

  @Override
  public byte nextByte() {
    return bytes[at++];
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int n = Math.min(buf.length - bufOff, end - at);
    System.arraycopy(bytes, at, buf, bufOff, n);
    at += n;
    return bufOff + n;
  }

  @Override
  public long bytesLeft() {
    return end - at;
  }

  @Override
  public void reset() {
    at = start;
  }

  @Override
  public byte[] toArray() {
    byte[] out = java.util.Arrays.copyOfRange(bytes, at, end);
    at = end;
    return out;
  }
}
