package site.ycsb;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;

/**
 * A field value handed to or returned by a binding, read once as a stream of bytes.
 *
 * <p>Values are streams rather than arrays so that generated values can be produced only when a
 * binding consumes them, and so that large values need not be copied. {@link #toArray()} and
 * {@link #toString()} consume the remaining bytes.
 */
public abstract class ByteIterator implements Iterator<Byte> {

  @Override
  public abstract boolean hasNext();

  @Override
  public Byte next() {
    return nextByte();
  }

  /** @return the next byte; call only while {@link #hasNext()} */
  public abstract byte nextByte();

  /**
   * Copies bytes into {@code buf} from {@code bufOff} until the buffer is full or the value ends.
   *
   * @param buf the destination
   * @param bufOff the first index to write
   * @return the index after the last byte written
   */
  public int nextBuf(byte[] buf, int bufOff) {
    int at = bufOff;
    while (at < buf.length && hasNext()) {
      buf[at++] = nextByte();
    }
    return at;
  }

  /** @return the number of bytes not yet read */
  public abstract long bytesLeft();

  @Override
  public void remove() {
    throw new UnsupportedOperationException("a value cannot be modified");
  }

  /**
   * Rewinds to the first byte, where the implementation supports it.
   *
   * @throws UnsupportedOperationException when it does not
   */
  public void reset() {
    throw new UnsupportedOperationException("this value cannot be rewound");
  }

  /** Consumes the remaining bytes and returns them as a UTF-8 string. */
  @Override
  public String toString() {
    return new String(toArray(), StandardCharsets.UTF_8);
  }

  /**
   * Consumes the remaining bytes and returns them.
   *
   * @return a new array of {@link #bytesLeft()} bytes
   */
  public byte[] toArray() {
    long left = bytesLeft();
    if (left > Integer.MAX_VALUE) {
      throw new ArrayIndexOutOfBoundsException("value too large for one array: " + left + " bytes");
    }
    byte[] out = new byte[(int) left];
    int at = 0;
    while (at < out.length) {
      at = nextBuf(out, at);
    }
    return out;
  }
}
