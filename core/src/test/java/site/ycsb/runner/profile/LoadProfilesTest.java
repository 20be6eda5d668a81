package site.ycsb.runner.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.props.PropertyException;

/** The profiles a workload file can write: the rate they offer, and where they place operation n. */
class LoadProfilesTest {
  @Test
  void stagesRampLinearlyFromZeroAndHoldTheLastTarget() {
    LoadProfile p = LoadProfiles.parse("stages:10s:1000,5s:1000,0s:3000");
    assertEquals(500, p.rateAt(5), 1e-9);
    assertEquals(5000, p.operationsBy(10), 1e-6, "half of 1000/s over the 10 s ramp");
    assertEquals(10_000, p.operationsBy(15), 1e-6);
    assertEquals(3000, p.rateAt(20), 1e-9, "0s jumps, and the last target holds");
    assertEquals(10_000 + 3000 * 5, p.operationsBy(20), 1e-6);
    assertEquals(3000, p.peakRate(), 1e-9);
  }

  @Test
  void stepsHoldEachRate() {
    LoadProfile p = LoadProfiles.parse("steps:2s:100,1s:400");
    assertEquals(100, p.rateAt(1.9), 1e-9);
    assertEquals(400, p.rateAt(2.5), 1e-9);
    assertEquals(400, p.rateAt(60), 1e-9);
    assertEquals(200 + 400, p.operationsBy(3), 1e-6);
  }

  @Test
  void sineOffersItsFormula() {
    LoadProfile p = LoadProfiles.parse("sine:mean=1000,amplitude=500,period=4s");
    assertEquals(1500, p.rateAt(1), 1e-6);
    assertEquals(500, p.rateAt(3), 1e-6);
    double expected = 1000 * 1.5 + 500 * 4 / (2 * Math.PI) * (1 - Math.cos(2 * Math.PI * 1.5 / 4));
    assertEquals(expected, p.operationsBy(1.5), 1e-6);
  }

  @Test
  void spikesComeEveryPeriodFromTheFirstOn() {
    LoadProfile p = LoadProfiles.parse("spike:base=100,multiple=5,duration=1s,every=4s");
    assertEquals(100, p.rateAt(0.5), 1e-9);
    assertEquals(500, p.rateAt(4.5), 1e-9);
    assertEquals(100, p.rateAt(5.5), 1e-9);
    assertEquals(500, p.rateAt(8.2), 1e-9);
    assertEquals(400 + 500 + 300, p.operationsBy(8), 1e-6);
  }

  @ParameterizedTest
  @ValueSource(strings = {"constant:250", "stages:3s:900,2s:900,1s:0", "steps:1s:10,2s:700",
      "sine:mean=800,amplitude=800,period=3s", "spike:base=50,multiple=10,duration=0.5s,every=2s"})
  void operationNIsPlacedWhereTheProfileHasOfferedN(String text) {
    LoadProfile p = LoadProfiles.parse(text);
    double total = p.operationsBy(6);
    for (double n = 0; n < total; n += total / 997) {
      double t = p.instantOf(n);
      assertEquals(n, p.operationsBy(t), 1e-6 * Math.max(1, n), text + " at n=" + n + " t=" + t);
    }
  }

  @Test
  void aProfileThatEndsAtZeroOffersNoMore() {
    LoadProfile p = LoadProfiles.parse("stages:1s:100,1s:0");
    assertEquals(100, p.operationsBy(5), 1e-9);
    assertEquals(Double.POSITIVE_INFINITY, p.instantOf(100.5));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ramp:10s:100", "stages:", "stages:10s", "stages:ten:100", "stages:10s:-5",
      "steps:0s:100", "sine:mean=100,amplitude=200,period=1s", "sine:mean=100,period=1s",
      "spike:base=10,multiple=2,duration=5s,every=5s", "constant:fast"})
  void aBadExpressionNamesThePropertyAndTheExpectedForm(String text) {
    PropertyException e = assertThrows(PropertyException.class, () -> LoadProfiles.parse(text));
    assertTrue(e.getMessage().startsWith("property target.profile=" + text + " is invalid: expected "), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }
}
