package site.ycsb.tools.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.tools.stats.Difference;

/** How a threshold of --fail-on judges a change and its interval. */
class GateTest {
  /** A change of a figure with a baseline of 1000 and the interval [low, high], in percent. */
  private static Comparison.Row row(Figure f, double change, double low, double high) {
    Difference d = new Difference(1000, 1000 + change * 10, change * 10, low * 10, high * 10, change, low, high, 0.95,
        0.01, null);
    return new Comparison.Row(f, d, Verdict.of(f, d));
  }

  private static Gate.Outcome judge(String threshold, Comparison.Row row) {
    return Gate.judge(GateThreshold.parse(threshold).get(0), row).outcome();
  }

  @Test
  void aRiseOfALatency() {
    Figure p99 = Figure.parse("READ.p99");
    assertEquals(Gate.Outcome.REGRESSION, judge("READ.p99>+10%", row(p99, 25, 15, 35)));
    assertEquals(Gate.Outcome.REGRESSION, judge("READ.p99>+10%", row(p99, 25, 2, 48)), "beyond and significant");
    assertEquals(Gate.Outcome.INCONCLUSIVE, judge("READ.p99>+10%", row(p99, 25, -5, 55)), "not significant");
    assertEquals(Gate.Outcome.INCONCLUSIVE, judge("READ.p99>+10%", row(p99, 5, -5, 15)), "cannot rule out +10%");
    assertEquals(Gate.Outcome.WITHIN, judge("READ.p99>+10%", row(p99, 5, 1, 9)), "significant but small");
    assertEquals(Gate.Outcome.WITHIN, judge("READ.p99>+10%", row(p99, -30, -40, -20)), "faster");
    assertEquals(Gate.Outcome.REGRESSION, judge("READ.p99>+2ms", row(p99, 250, 200, 300)), "2.5 ms more");
    assertEquals(Gate.Outcome.WITHIN, judge("READ.p99>+2ms", row(p99, 150, 100, 190)), "at most 1.9 ms more");
  }

  @Test
  void aFallOfThroughput() {
    Figure t = Figure.throughput();
    assertEquals(Gate.Outcome.REGRESSION, judge("throughput<-5%", row(t, -12, -15, -9)));
    assertEquals(Gate.Outcome.WITHIN, judge("throughput<-5%", row(t, -1, -3, 1)));
    assertEquals(Gate.Outcome.INCONCLUSIVE, judge("throughput<-5%", row(t, -1, -9, 7)));
    assertEquals(Gate.Outcome.WITHIN, judge("throughput<-5%", row(t, 20, 10, 30)), "faster");
  }

  @Test
  void aFigureThatCannotBeJudgedIsInconclusive() {
    Figure mean = Figure.parse("READ.mean");
    Difference unknown = Difference.unknown(1000, 1500, 0.95, "the baseline has 3 intervals");
    Gate.Judgement j = Gate.judge(GateThreshold.parse("READ.mean>+10%").get(0),
        new Comparison.Row(mean, unknown, Verdict.of(mean, unknown)));
    assertEquals(Gate.Outcome.INCONCLUSIVE, j.outcome());
    assertTrue(j.why().contains("the baseline has 3 intervals"), j.why());
    assertEquals(Gate.Outcome.INCONCLUSIVE, Gate.judge(GateThreshold.parse("UPDATE.p99>+10%").get(0), null).outcome());
  }

  @Test
  void thresholdsAreReadAsWritten() {
    List<GateThreshold> t = GateThreshold.parse("throughput<-5%, READ.p99>10%, Intended-update.P99.9>=+2ms,"
        + " failures>+0.1pp, throughput<-200ops/s");
    assertEquals("throughput<-5%", t.get(0).text());
    assertEquals("READ.p99>+10%", t.get(1).text());
    assertEquals("Intended-UPDATE.p99.9>=+2ms", t.get(2).text());
    assertEquals(2000, t.get(2).limit(), 0.0);
    assertTrue(t.get(2).inclusive() && !t.get(2).relative());
    assertEquals(Figure.Kind.FAILURES, t.get(3).figure().kind());
    assertEquals(-200, t.get(4).limit(), 0.0);
    assertThrows(IllegalArgumentException.class, () -> GateThreshold.parse("READ.p100>+1%"));
    assertThrows(IllegalArgumentException.class, () -> GateThreshold.parse("ALL.p99>+1%"));
  }
}
