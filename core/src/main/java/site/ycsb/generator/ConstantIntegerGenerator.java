package site.ycsb.generator;

/** Always the same value (e.g. {@code fieldlengthdistribution=constant}). */
public class ConstantIntegerGenerator extends NumberGenerator {
  private final long value;

  /** @param value the value returned every time */
  public ConstantIntegerGenerator(int value) {
    this((long) value);
  }

  /** @param value the value returned every time */
  public ConstantIntegerGenerator(long value) {
    this.value = value;
  }

  @Override
  public long nextLong() {
    return value;
  }

  /**
   * @return the value, as upstream's {@code Integer}
   * @throws ArithmeticException when it was given as a long beyond the range of an int
   */
  @Override
  public Integer nextValue() {
    return Math.toIntExact(value);
  }

  @Override
  public long lastLong() {
    return value;
  }

  @Override
  public double mean() {
    return value;
  }
}
