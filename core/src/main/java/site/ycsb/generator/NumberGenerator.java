package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * A generator of long values. {@link #nextLong()} is the allocation-free form used on the
 * per-operation path; {@link #nextValue()} boxes.
 */
public abstract class NumberGenerator extends Generator<Long> {
  /**
   * The last value per thread: generators are shared by all workers, and one shared field
   * written on every draw would bounce its cache line between cores on every operation.
   */
  private final ThreadLocal<long[]> last = ThreadLocal.withInitial(() -> new long[1]);
  /** Whether draws remember their value; set before the generator is shared. */
  private boolean lastTracked = true;

  protected NumberGenerator() {
    super();
  }

  /**
   * Stops remembering draws for {@link #lastLong()}, which saves a thread-local lookup per draw
   * on the per-operation path. Call before the generator is shared between threads.
   *
   * @return this generator
   */
  public NumberGenerator withoutLastValue() {
    lastTracked = false;
    return this;
  }

  protected NumberGenerator(RandomGenerator random) {
    super(random);
  }

  /** @return the next value */
  public abstract long nextLong();

  /** @return the mean of the distribution, where it is known */
  public abstract double mean();

  /** Remembers a value so {@link #lastLong()} on this thread can return it. */
  protected final long remember(long value) {
    if (lastTracked) {
      last.get()[0] = value;
    }
    return value;
  }

  /** @return the value most recently returned to the calling thread */
  public long lastLong() {
    return last.get()[0];
  }

  @Override
  public Long nextValue() {
    return nextLong();
  }

  @Override
  public Long lastValue() {
    return lastLong();
  }
}
