package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** lastLong() only ever reaches keys whose insert has been acknowledged. */
class AcknowledgedCounterGeneratorTest {
  private static final long START = 3_000_000_000L;

  @Test
  void limitWaitsForTheOldestPendingValue() {
    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(START);
    assertEquals(START - 1, counter.lastLong());
    long a = counter.nextLong();
    long b = counter.nextLong();
    long c = counter.nextLong();
    assertEquals(START, a);
    assertEquals(START - 1, counter.lastLong(), "handing out a value does not make it readable");
    counter.acknowledge(c);
    assertEquals(START - 1, counter.lastLong(), "c is done but a and b are not");
    counter.acknowledge(a);
    assertEquals(a, counter.lastLong());
    counter.acknowledge(b);
    assertEquals(c, counter.lastLong(), "b closed the gap up to c");
    assertEquals(Long.valueOf(c), counter.lastValue());
  }

  @Test
  void manyThreadsAcknowledgingOutOfOrderEndAtTheLastValue() throws InterruptedException {
    int threads = 8;
    int perThread = 50_000;
    int total = threads * perThread;
    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(START);
    // set just before acknowledge(), so a value the limit has passed must be marked here
    AtomicIntegerArray done = new AtomicIntegerArray(total);
    AtomicBoolean running = new AtomicBoolean(true);
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();

    Thread watcher = new Thread(() -> {
      long checked = START - 1;
      while (running.get()) {
        long limit = counter.lastLong();
        if (limit < checked) {
          violations.add("lastLong went back from " + checked + " to " + limit);
          return;
        }
        for (long v = checked + 1; v <= limit; v++) {
          if (done.get((int) (v - START)) == 0) {
            violations.add("lastLong reached " + limit + " before " + v + " was acknowledged");
            return;
          }
        }
        checked = limit;
      }
    });
    watcher.start();

    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seed = t;
      workers.add(new Thread(() -> {
        SplittableRandom random = new SplittableRandom(seed);
        long[] batch = new long[16];
        for (int i = 0; i < perThread; i += batch.length) {
          for (int j = 0; j < batch.length; j++) {
            batch[j] = counter.nextLong();
          }
          // acknowledge the batch in a shuffled order, as concurrent inserts finish
          for (int j = batch.length - 1; j > 0; j--) {
            int k = random.nextInt(j + 1);
            long swap = batch[j];
            batch[j] = batch[k];
            batch[k] = swap;
          }
          for (long v : batch) {
            done.set((int) (v - START), 1);
            counter.acknowledge(v);
          }
        }
      }));
    }
    workers.forEach(Thread::start);
    for (Thread w : workers) {
      w.join();
    }
    running.set(false);
    watcher.join();

    assertTrue(violations.isEmpty(), String.join("; ", violations));
    assertEquals(START + total - 1, counter.lastLong());
  }

  @Test
  void aGapWiderThanTheWindowIsNotLost() throws InterruptedException {
    // pending acknowledgements are kept in a window of 2^20 values; run past it while the first is pending
    int beyond = (1 << 20) + 1000;
    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(START);
    long first = counter.nextLong();
    AtomicLong handedOut = new AtomicLong();
    Thread acknowledger = new Thread(() -> {
      for (int i = 0; i < beyond; i++) {
        long v = counter.nextLong();
        handedOut.incrementAndGet();
        counter.acknowledge(v);
      }
    });
    acknowledger.start();
    while (handedOut.get() < (1 << 20) && acknowledger.isAlive()) {
      Thread.onSpinWait();
    }
    assertEquals(START - 1, counter.lastLong(), "the first value is still pending");
    counter.acknowledge(first);
    acknowledger.join(60_000);
    assertFalse(acknowledger.isAlive(), "acknowledging past the window never finished");
    assertEquals(first + beyond, counter.lastLong(), "every value up to the last is acknowledged");
  }
}
