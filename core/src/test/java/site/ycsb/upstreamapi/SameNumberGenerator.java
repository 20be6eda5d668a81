package site.ycsb.upstreamapi;

import site.ycsb.generator.NumberGenerator;

/** A number generator written against upstream's contract: it implements nextValue and calls setLastValue. */
public class SameNumberGenerator extends NumberGenerator {
  private final long value;

  public SameNumberGenerator(long value) {
    this.value = value;
  }

  @Override
  public Number nextValue() {
    setLastValue(value);
    return value;
  }

  @Override
  public double mean() {
    return value;
  }
}
