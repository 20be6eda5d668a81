package site.ycsb.durability;

import site.ycsb.ByteIterator;

/** A value whose first bytes are a version stamp and the rest another value's bytes; rewinds for retries. */
public final class StampedValue extends ByteIterator {
  private final byte[] stamp;
  private final ByteIterator rest;
  private int at;

  /**
   * @param stamp the stamp's bytes (shared by the values of one write, never written to)
   * @param rest the bytes that follow it
   */
  public StampedValue(byte[] stamp, ByteIterator rest) {
    this.stamp = stamp;
    this.rest = rest;
  }

  @Override
  public boolean hasNext() {
    return at < stamp.length || rest.hasNext();
  }

  @Override
  public byte nextByte() {
    return at < stamp.length ? stamp[at++] : rest.nextByte();
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int off = bufOff;
    while (at < stamp.length && off < buf.length) {
      buf[off++] = stamp[at++];
    }
    return off < buf.length ? rest.nextBuf(buf, off) : off;
  }

  @Override
  public long bytesLeft() {
    return stamp.length - at + rest.bytesLeft();
  }

  @Override
  public void reset() {
    at = 0;
    rest.reset();
  }
}
