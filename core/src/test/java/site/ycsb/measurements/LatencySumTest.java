package site.ycsb.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/** Sums of latencies that no longer fit a long of nanoseconds stay exact, and so do their means. */
class LatencySumTest {
  private static final long FIFTEEN_MINUTES = 900_000_000_000L;

  @Test
  void tenMillionLatenciesOfFifteenMinutesHaveTheirTrueMean() {
    LatencyStats s = new LatencyStats();
    int n = 10_400_000;
    for (int i = 0; i < n; i++) {
      s.record(FIFTEEN_MINUTES, Status.OK, 0);
    }
    BigInteger expected = BigInteger.valueOf(FIFTEEN_MINUTES).multiply(BigInteger.valueOf(n));
    assertEquals(1, expected.compareTo(BigInteger.valueOf(Long.MAX_VALUE)), "the sum exceeds a long");
    assertEquals(expected, s.sumNanos());
    assertEquals(FIFTEEN_MINUTES, s.meanNanos(), 1.0);
  }

  @Test
  void addingSumsCarriesAcrossTheLowWord() {
    LatencyStats a = new LatencyStats();
    LatencyStats b = new LatencyStats();
    a.record(Long.MAX_VALUE / 2, Status.OK, 0);
    a.record(Long.MAX_VALUE / 2, Status.OK, 0);
    b.record(Long.MAX_VALUE / 2, Status.OK, 0);
    b.record(Long.MAX_VALUE / 2, Status.OK, 0);
    LatencyStats total = new LatencyStats();
    total.add(a);
    total.add(b);
    total.add(a);
    BigInteger half = BigInteger.valueOf(Long.MAX_VALUE / 2);
    assertEquals(half.multiply(BigInteger.valueOf(6)), total.sumNanos());
    assertEquals((double) (Long.MAX_VALUE / 2), total.meanNanos(), 1e6);
  }
}
