package site.ycsb;

/** A value holding one number, as 8 big-endian bytes (a long, or a double's IEEE 754 bits). */
public class NumericByteIterator extends ByteIterator {
  private final byte[] bytes = new byte[8];
  private final boolean floatingPoint;
  private int at;

  /** @param value an integer value */
  public NumericByteIterator(long value) {
    floatingPoint = false;
    fill(value);
  }

  /** @param value a floating-point value */
  public NumericByteIterator(double value) {
    floatingPoint = true;
    fill(Double.doubleToLongBits(value));
  }

  private void fill(long bits) {
    for (int i = 7; i >= 0; i--) {
      bytes[i] = (byte) bits;
      bits >>>= 8;
    }
  }

  private long bits() {
    long v = 0;
    for (byte b : bytes) {
      v = (v << 8) | (b & 0xff);
    }
    return v;
  }

  @Override
  public boolean hasNext() {
    return at < bytes.length;
  }

  @Override
  public byte nextByte() {
    return bytes[at++];
  }

  /**
   * Not supported, as upstream has it: read the value with {@link #getLong()} or
   * {@link #getDouble()}, or its bytes with {@link #nextByte()}.
   *
   * @throws UnsupportedOperationException always
   */
  @Override
  public Byte next() {
    throw new UnsupportedOperationException("read a numeric value with getLong(), getDouble() or nextByte()");
  }

  @Override
  public long bytesLeft() {
    return bytes.length - at;
  }

  @Override
  public void reset() {
    at = 0;
  }

  /** @return the value as a long; only for integer values */
  public long getLong() {
    if (floatingPoint) {
      throw new IllegalStateException("this value is a floating-point number");
    }
    return bits();
  }

  /** @return the value as a double; only for floating-point values */
  public double getDouble() {
    if (!floatingPoint) {
      throw new IllegalStateException("this value is an integer");
    }
    return Double.longBitsToDouble(bits());
  }

  /** @return whether the value is a floating-point number */
  public boolean isFloatingPoint() {
    return floatingPoint;
  }
}
