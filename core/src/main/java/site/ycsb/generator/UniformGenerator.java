package site.ycsb.generator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Picks one of a fixed set of strings, each equally likely. */
public class UniformGenerator extends Generator<String> {
  private final List<String> values;
  private final UniformLongGenerator index;
  private volatile String last;

  /**
   * @param values the strings to pick from (copied); at least one
   * @throws IllegalArgumentException when there is none
   */
  public UniformGenerator(Collection<String> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a uniform choice needs at least one value");
    }
    this.values = new ArrayList<>(values);
    this.index = new UniformLongGenerator(0, this.values.size() - 1);
    this.index.withoutLastValue();
  }

  @Override
  public String nextValue() {
    String v = values.get((int) index.nextLong());
    last = v;
    return v;
  }

  /** @return the value picked last; before the first pick, picks one (upstream's contract: never null) */
  @Override
  public String lastValue() {
    String v = last;
    return v != null ? v : nextValue();
  }
}
