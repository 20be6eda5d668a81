package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Picking among values (such as operations) by weight. */
class DiscreteGeneratorTest {
  private static final int DRAWS = 4_000_000;

  private static Map<String, Long> tally(DiscreteGenerator gen) {
    Map<String, Long> seen = new LinkedHashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      seen.merge(gen.nextValue(), 1L, Long::sum);
    }
    return seen;
  }

  @Test
  void weightsAreRespected() {
    DiscreteGenerator gen = new DiscreteGenerator(new SplittableRandom(81));
    gen.addValue(0.5, "READ");
    gen.addValue(0.3, "UPDATE");
    gen.addValue(0.15, "INSERT");
    gen.addValue(0.05, "SCAN");
    assertEquals(4, gen.size());
    Map<String, Long> seen = tally(gen);
    Frequencies.assertRelative(0.5 * DRAWS, seen.get("READ"), 0.01, "READ");
    Frequencies.assertRelative(0.3 * DRAWS, seen.get("UPDATE"), 0.01, "UPDATE");
    Frequencies.assertRelative(0.15 * DRAWS, seen.get("INSERT"), 0.01, "INSERT");
    Frequencies.assertRelative(0.05 * DRAWS, seen.get("SCAN"), 0.01, "SCAN");
  }

  @Test
  void weightsNeedNotSumToOneAndZeroIsNeverPicked() {
    DiscreteGenerator gen = new DiscreteGenerator(new SplittableRandom(82));
    gen.addValue(2, "A");
    gen.addValue(0, "NEVER");
    gen.addValue(6, "B");
    assertEquals(2, gen.size());
    Map<String, Long> seen = tally(gen);
    assertEquals(java.util.Set.of("A", "B"), seen.keySet());
    Frequencies.assertRelative(0.25 * DRAWS, seen.get("A"), 0.01, "A");
    Frequencies.assertRelative(0.75 * DRAWS, seen.get("B"), 0.01, "B");
  }

  @Test
  void singleValueAndLastValue() {
    DiscreteGenerator gen = new DiscreteGenerator(new SplittableRandom(83));
    assertNull(gen.lastValue());
    gen.addValue(1, "ONLY");
    assertEquals("ONLY", gen.nextValue());
    assertEquals("ONLY", gen.lastValue());
    assertEquals("ONLY", gen.nextString());
  }

  @Test
  void badWeightsAndNoValuesAreRefused() {
    DiscreteGenerator gen = new DiscreteGenerator();
    gen.addValue(0, "ZERO");
    assertThrows(IllegalStateException.class, gen::nextValue);
    assertThrows(IllegalArgumentException.class, () -> gen.addValue(Double.NaN, "NAN"));
    assertThrows(IllegalArgumentException.class, () -> gen.addValue(Double.POSITIVE_INFINITY, "INF"));
  }
}
