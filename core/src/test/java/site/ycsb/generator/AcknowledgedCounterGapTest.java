package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** An insert stuck in a driver call (its key never acknowledged) must not hold every later insert for ever. */
class AcknowledgedCounterGapTest {
  @Test
  @Timeout(20)
  void acknowledgementsFarAheadOfAStuckOneGoOnAfterAShortWait() {
    AcknowledgedCounterGenerator keys = new AcknowledgedCounterGenerator(0);
    long stuck = keys.nextLong();
    long last = stuck;
    for (int i = 0; i < (1 << 20) + 10; i++) {
      last = keys.nextLong();
      keys.acknowledge(last);
    }
    assertTrue(keys.lastLong() > stuck, "the limit moved past the stuck key: " + keys.lastLong());
    // the stuck insert finishing late changes nothing
    keys.acknowledge(stuck);
    assertTrue(keys.lastLong() >= last - (1 << 20), "limit " + keys.lastLong());
  }
}
