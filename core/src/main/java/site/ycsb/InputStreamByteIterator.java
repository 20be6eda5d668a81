package site.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** A value read from a stream of known length. */
public class InputStreamByteIterator extends ByteIterator {
  private final InputStream ins;
  private final long len;
  private long read;

  /**
   * @param ins the stream
   * @param len the number of bytes to read from it
   */
  public InputStreamByteIterator(InputStream ins, long len) {
    this.ins = ins;
    this.len = len;
  }

  @Override
  public boolean hasNext() {
    return read < len;
  }

  @Override
  public byte nextByte() {
    try {
      int b = ins.read();
      if (b < 0) {
        throw new IllegalStateException("stream ended after " + read + " of " + len + " bytes");
      }
      read++;
      return (byte) b;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public long bytesLeft() {
    return len - read;
  }
}
