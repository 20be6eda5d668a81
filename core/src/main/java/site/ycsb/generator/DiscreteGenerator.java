package site.ycsb.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Picks one of several names with fixed weights (the operation mix: {@code "READ"},
 * {@code "UPDATE"}...). Weights need not sum to 1; they are normalised.
 */
public class DiscreteGenerator extends Generator<String> {
  private final List<String> names = new ArrayList<>();
  private final List<Double> weights = new ArrayList<>();
  private double[] cumulative = new double[0];
  private String[] frozen = new String[0];
  /** Per thread, so that drawing writes no field shared between workers. */
  private final ThreadLocal<String[]> last = ThreadLocal.withInitial(() -> new String[1]);
  private boolean lastTracked = true;

  public DiscreteGenerator() {
    super();
  }

  /** @param random a fixed random source, or null */
  public DiscreteGenerator(RandomGenerator random) {
    super(random);
  }

  /**
   * Stops remembering draws for {@link #lastValue()} (one thread-local lookup less per draw).
   * Call before the generator is shared between threads.
   *
   * @return this generator
   */
  public DiscreteGenerator withoutLastValue() {
    lastTracked = false;
    return this;
  }

  /**
   * Adds a value. Not thread-safe: add every value before drawing.
   *
   * @param weight the relative weight, ignored when 0 or less; must be finite
   * @param value the value
   */
  public void addValue(double weight, String value) {
    Objects.requireNonNull(value, "value");
    if (Double.isNaN(weight) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("weight of " + value + " must be a finite number, was " + weight);
    }
    if (weight <= 0) {
      return;
    }
    names.add(value);
    weights.add(weight);
    double total = weights.stream().mapToDouble(Double::doubleValue).sum();
    cumulative = new double[weights.size()];
    double running = 0;
    for (int i = 0; i < cumulative.length; i++) {
      running += weights.get(i);
      cumulative[i] = running / total;
    }
    cumulative[cumulative.length - 1] = 1.0;
    frozen = names.toArray(new String[0]);
  }

  /** @return the number of values with a positive weight */
  public int size() {
    return frozen.length;
  }

  @Override
  public String nextValue() {
    if (frozen.length == 0) {
      throw new IllegalStateException("no value has a positive weight");
    }
    double u = random().nextDouble();
    int i = 0;
    while (u >= cumulative[i] && i < cumulative.length - 1) {
      i++;
    }
    String v = frozen[i];
    if (lastTracked) {
      last.get()[0] = v;
    }
    return v;
  }

  /** @return the value most recently drawn on the calling thread, or null before the first draw */
  @Override
  public String lastValue() {
    return last.get()[0];
  }
}
