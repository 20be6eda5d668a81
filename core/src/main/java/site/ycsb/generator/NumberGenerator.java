package site.ycsb.generator;

import java.util.random.RandomGenerator;

/**
 * A generator of numbers, with upstream YCSB's contract: {@link #nextValue()}, {@link #lastValue()},
 * {@link #setLastValue(Number)} and {@link #mean()}.
 *
 * <p>{@link #nextLong()} is the allocation-free form the engine draws keys and lengths with. The
 * built-in generators implement it directly and box only in {@link #nextValue()}; a generator
 * written for upstream YCSB implements {@link #nextValue()} alone and gets a {@link #nextLong()}
 * that unboxes it, so it can be used wherever the engine takes a {@code NumberGenerator}.
 */
public abstract class NumberGenerator extends Generator<Number> {
  /**
   * The last value per thread, for the built-in generators: they are shared by all workers, and
   * one shared field written on every draw would bounce its cache line between cores.
   */
  private final ThreadLocal<long[]> last = ThreadLocal.withInitial(() -> new long[1]);
  /** Whether draws through {@link #nextLong()} remember their value; set before the generator is shared. */
  private boolean lastTracked = true;
  /**
   * Whether any value was remembered: before that {@link #lastValue()} is null, as upstream's is
   * before the first {@link #setLastValue(Number)}. Written once, so the cache line stays shared; a thread sees its own write.
   */
  private boolean anyRemembered;
  /**
   * The value a generator written against upstream's contract gave {@link #setLastValue(Number)}.
   * One field for all threads, as upstream has it; a stale read between threads is harmless.
   */
  private Number lastSet;

  public NumberGenerator() {
    super();
  }

  protected NumberGenerator(RandomGenerator random) {
    super(random);
  }

  /**
   * Stops remembering draws made through {@link #nextLong()} for {@link #lastLong()}, which saves a
   * thread-local lookup per draw on the per-operation path; {@link #nextValue()} still remembers.
   * Call before the generator is shared between threads.
   *
   * @return this generator
   */
  public NumberGenerator withoutLastValue() {
    lastTracked = false;
    return this;
  }

  /**
   * Records the value just returned, so that {@link #lastValue()} returns it (upstream's contract
   * for generators that implement {@link #nextValue()} themselves).
   *
   * @param last the value most recently returned
   */
  protected void setLastValue(Number last) {
    lastSet = last;
  }

  /**
   * The next value as a primitive. This default unboxes {@link #nextValue()}, for generators
   * written against upstream's contract; the built-in generators override it.
   *
   * @return the next value
   */
  public long nextLong() {
    return nextValue().longValue();
  }

  /** @return the mean of the distribution, where it is known */
  public abstract double mean();

  /** Remembers a value so {@link #lastLong()} on this thread can return it, unless tracking is off. */
  protected final long remember(long value) {
    if (lastTracked) {
      last.get()[0] = value;
      if (!anyRemembered) {
        anyRemembered = true;
      }
    }
    return value;
  }

  /**
   * Remembers a value for {@link #lastValue()} on this thread whether or not tracking is off, and
   * boxes it: the {@link #nextValue()} of a built-in generator, used off the per-operation path.
   *
   * @param value the value drawn
   * @return the value, boxed
   */
  protected final Long remembered(long value) {
    last.get()[0] = value;
    if (!anyRemembered) {
      anyRemembered = true;
    }
    return value;
  }

  /**
   * @return the value most recently returned: the one given to {@link #setLastValue(Number)} if any,
   *     else the last value drawn on the calling thread
   */
  public long lastLong() {
    Number set = lastSet;
    return set != null ? set.longValue() : last.get()[0];
  }

  /** @return as {@link #lastLong()}, boxed; null while nothing was drawn or set */
  @Override
  public Number lastValue() {
    Number set = lastSet;
    if (set != null) {
      return set;
    }
    return anyRemembered ? Long.valueOf(lastLong()) : null;
  }
}
