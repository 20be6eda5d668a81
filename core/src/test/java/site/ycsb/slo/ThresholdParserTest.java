package site.ycsb.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Operation;

/** How thresholds are written and shown: every form the documentation gives, in its canonical spelling. */
class ThresholdParserTest {
  @Test
  void everyKindOfThreshold() {
    List<Threshold> t = ThresholdParser.parse("read.P99.9 <= 20 ms, Intended-ALL.p99<10ms, UPDATE.avg<2ms,"
        + " SCAN.max<1s, failures<0.1%, throughput>=5000 ops/s, READ.p99<5ms in 95 %");
    assertEquals(List.of("READ.p99.9<=20ms", "Intended-ALL.p99<10ms", "UPDATE.mean<2ms", "SCAN.max<1s",
        "failures<0.1%", "throughput>=5000", "READ.p99<5ms in 95% of intervals"),
        t.stream().map(Threshold::text).toList());
    assertEquals(20_000, t.get(0).limit(), 1e-9, "microseconds");
    assertEquals(99.9, t.get(0).percentile(), 1e-9);
    assertEquals(Operation.READ, t.get(0).operation());
    assertTrue(t.get(1).intended() && t.get(1).operation() == null);
    assertEquals(1_000_000, t.get(3).limit(), 1e-9);
    assertEquals(Threshold.Figure.FAILURES, t.get(4).figure());
    assertEquals(0.1, t.get(4).limit(), 1e-9, "percent");
    assertTrue(t.get(5).comparison().largerIsBetter());
    assertEquals(0.95, t.get(6).intervalShare(), 1e-9);
  }

  @Test
  void mistakesAreNamed() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ThresholdParser.parse("READ.p99<5"))
        .getMessage().contains("needs a unit"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ThresholdParser.parse("VERIFY.p99<5ms"))
        .getMessage().contains("is not an operation"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ThresholdParser.parse("READ.p0<5ms"))
        .getMessage().contains("is not a percentile"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ThresholdParser.parse("throughput>=5000ms"))
        .getMessage().contains("operations per second"));
  }
}
