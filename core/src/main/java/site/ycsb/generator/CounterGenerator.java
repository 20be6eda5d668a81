package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;

/** Consecutive values starting at a given number; each value is handed out once. */
public class CounterGenerator extends NumberGenerator {
  private final AtomicLong counter;

  /** @param start the first value */
  public CounterGenerator(long start) {
    counter = new AtomicLong(start);
    remember(start - 1);
  }

  @Override
  public long nextLong() {
    return counter.getAndIncrement();
  }

  @Override
  public Long nextValue() {
    return nextLong();
  }

  @Override
  public Long lastValue() {
    return lastLong();
  }

  /** @return the value handed out most recently (one below the next) */
  @Override
  public long lastLong() {
    return counter.get() - 1;
  }

  @Override
  public double mean() {
    throw new UnsupportedOperationException("a counter has no mean");
  }
}
