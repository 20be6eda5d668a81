package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Produces a sequence of values. Generators are shared by all workers of a process, so every
 * implementation is thread-safe; by default each thread draws from its own source: a worker's
 * {@link OperationRandom}, reseeded for each operation ({@code seed}), elsewhere its
 * {@link ThreadLocalRandom}. A fixed {@link RandomGenerator} can be given for repeatable tests.
 *
 * @param <V> the value type
 */
public abstract class Generator<V> {
  private final RandomGenerator fixedRandom;

  /** A generator drawing from the calling thread's random source. */
  public Generator() {
    this(null);
  }

  /** @param random a fixed random source (for repeatable tests), or null for the thread's own */
  protected Generator(RandomGenerator random) {
    this.fixedRandom = random;
  }

  /** @return the random source to draw from on this thread */
  protected final RandomGenerator random() {
    return fixedRandom != null ? fixedRandom : OperationRandom.current();
  }

  /** @return the next value */
  public abstract V nextValue();

  /** @return the value most recently returned by {@link #nextValue()} on any thread */
  public abstract V lastValue();

  /** @return the next value as text */
  public String nextString() {
    V v = nextValue();
    return v == null ? null : v.toString();
  }

  /** @return the last value as text */
  public String lastString() {
    V v = lastValue();
    return v == null ? null : v.toString();
  }
}
