package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A counter shared by insert threads hands out every key exactly once. */
class CounterGeneratorTest {
  @Test
  void countsFromTheStart() {
    CounterGenerator counter = new CounterGenerator(10);
    assertEquals(9, counter.lastLong());
    assertEquals(10, counter.nextLong());
    assertEquals(11L, counter.nextValue());
    assertEquals(11, counter.lastLong());
    assertEquals("11", counter.lastString());
  }

  @Test
  void valuesAreUniqueAcrossThreads() throws InterruptedException {
    int threads = 8;
    int perThread = 100_000;
    long start = 3_000_000_000L;
    CounterGenerator counter = new CounterGenerator(start);
    long[][] taken = new long[threads][perThread];
    CountDownLatch go = new CountDownLatch(1);
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      long[] mine = taken[t];
      workers[t] = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        for (int i = 0; i < perThread; i++) {
          mine[i] = counter.nextLong();
        }
      });
      workers[t].start();
    }
    go.countDown();
    for (Thread w : workers) {
      w.join();
    }
    long[] all = Arrays.stream(taken).flatMapToLong(Arrays::stream).sorted().toArray();
    for (int i = 0; i < all.length; i++) {
      if (all[i] != start + i) {
        throw new AssertionError("expected " + (start + i) + " at position " + i + ", found " + all[i]);
      }
    }
    assertEquals(start + (long) threads * perThread - 1, counter.lastLong());
  }
}
