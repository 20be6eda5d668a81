package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/** Values in order, wrapping around at the end of the range. */
class SequentialGeneratorTest {
  @Test
  void countsUpAndWrapsAround() {
    SequentialGenerator gen = new SequentialGenerator(5, 9);
    long[] expected = {5, 6, 7, 8, 9, 5, 6, 7, 8, 9, 5, 6};
    for (long e : expected) {
      assertEquals(e, gen.nextLong());
      assertEquals(e, gen.lastLong());
    }
    assertEquals(7.0, gen.mean());
  }

  @Test
  void largeAndNegativeBoundsWork() {
    SequentialGenerator gen = new SequentialGenerator(-2, 1);
    long[] expected = {-2, -1, 0, 1, -2, -1};
    for (long e : expected) {
      assertEquals(e, gen.nextLong());
    }
    SequentialGenerator big = new SequentialGenerator(3_000_000_000L, 3_000_000_001L);
    assertEquals(3_000_000_000L, big.nextLong());
    assertEquals(3_000_000_001L, big.nextLong());
    assertEquals(3_000_000_000L, big.nextLong());
    SequentialGenerator single = new SequentialGenerator(4, 4);
    assertEquals(4, single.nextLong());
    assertEquals(4, single.nextLong());
  }

  @Test
  void threadsSharingItSeeEveryValueEquallyOften() throws InterruptedException {
    SequentialGenerator gen = new SequentialGenerator(0, 999);
    AtomicLongArray seen = new AtomicLongArray(1000);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        for (int i = 0; i < 25_000; i++) {
          seen.incrementAndGet((int) gen.nextLong());
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    for (int v = 0; v < 1000; v++) {
      assertEquals(100, seen.get(v), "value " + v);
    }
  }

  @Test
  void emptyRangeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new SequentialGenerator(10, 9));
  }
}
