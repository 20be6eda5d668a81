package site.ycsb.generator;

/** Always the same value (e.g. {@code fieldlengthdistribution=constant}). */
public class ConstantIntegerGenerator extends NumberGenerator {
  private final long value;

  /** @param value the value returned every time */
  public ConstantIntegerGenerator(long value) {
    this.value = value;
    remember(value);
  }

  @Override
  public long nextLong() {
    return value;
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
