package site.ycsb.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Picks one of several values with fixed weights (e.g. the operation mix). Weights need not sum
 * to 1; they are normalised.
 *
 * @param <V> the value type
 */
public class DiscreteGenerator<V> extends Generator<V> {
  private final List<V> values = new ArrayList<>();
  private final List<Double> weights = new ArrayList<>();
  private double[] cumulative = new double[0];
  private Object[] frozen = new Object[0];
  /** Per thread, so that drawing writes no field shared between workers. */
  private final ThreadLocal<Object[]> last = ThreadLocal.withInitial(() -> new Object[1]);
  private boolean lastTracked = true;

  /**
   * Stops remembering draws for {@link #lastValue()} (one thread-local lookup less per draw).
   * Call before the generator is shared between threads.
   *
   * @return this generator
   */
  public DiscreteGenerator<V> withoutLastValue() {
    lastTracked = false;
    return this;
  }

  public DiscreteGenerator() {
    super();
  }

  /** @param random a fixed random source, or null */
  public DiscreteGenerator(RandomGenerator random) {
    super(random);
  }

  /**
   * Adds a value. Not thread-safe: add every value before drawing.
   *
   * @param weight the relative weight, ignored when 0 or less; must be finite
   * @param value the value
   */
  public void addValue(double weight, V value) {
    if (Double.isNaN(weight) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("weight of " + value + " must be a finite number, was " + weight);
    }
    if (weight <= 0) {
      return;
    }
    values.add(value);
    weights.add(weight);
    double total = weights.stream().mapToDouble(Double::doubleValue).sum();
    cumulative = new double[weights.size()];
    double running = 0;
    for (int i = 0; i < cumulative.length; i++) {
      running += weights.get(i);
      cumulative[i] = running / total;
    }
    cumulative[cumulative.length - 1] = 1.0;
    frozen = values.toArray();
  }

  /** @return the number of values with a positive weight */
  public int size() {
    return frozen.length;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V nextValue() {
    if (frozen.length == 0) {
      throw new IllegalStateException("no value has a positive weight");
    }
    double u = random().nextDouble();
    int i = 0;
    while (u >= cumulative[i] && i < cumulative.length - 1) {
      i++;
    }
    V v = (V) frozen[i];
    if (lastTracked) {
      last.get()[0] = v;
    }
    return v;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V lastValue() {
    return (V) last.get()[0];
  }
}
