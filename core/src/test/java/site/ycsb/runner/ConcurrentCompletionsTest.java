package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.RunMeasurements;
import site.ycsb.measurements.WorkerRecorder;

/**
 * The asynchronous path's recording: operations completed by many threads at once (as a driver's
 * I/O threads complete them) are handed to the one worker that records them, while a sampler
 * swaps intervals out. Nothing is lost or counted twice; minimum, maximum and sum are exact.
 */
class ConcurrentCompletionsTest {
  /** A completed operation with a latency known in advance. */
  static final class Done extends Completions.Link<Done> {
    final long latency;
    final boolean failed;

    Done(long latency, boolean failed) {
      this.latency = latency;
      this.failed = failed;
    }
  }

  @Test
  void completionsFromEightThreadsAreRecordedExactlyByOneWorker() throws Exception {
    int threads = 8;
    int perThread = 100_000;
    long total = (long) threads * perThread;
    Completions<Done> completions = new Completions<>(site.ycsb.clock.Clock.SYSTEM);
    RunMeasurements m = new RunMeasurements();
    WorkerRecorder recorder = m.newRecorder();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> completers = completers(completions, threads, perThread, go);
    AtomicBoolean sampling = new AtomicBoolean(true);
    Thread sampler = new Thread(() -> {
      while (sampling.get()) {
        m.sample();
      }
    });
    long[] recorded = new long[1];
    Thread worker = new Thread(() -> {
      Operation[] ops = {Operation.READ};
      Status[] statuses = new Status[1];
      long[] latencies = new long[1];
      long[] intended = {-1};
      int[] retries = new int[1];
      while (recorded[0] < total) {
        Done d = completions.takeAll();
        if (d == null) {
          completions.await(1_000_000L);
          continue;
        }
        while (d != null) {
          statuses[0] = d.failed ? Status.ERROR : Status.OK;
          latencies[0] = d.latency;
          recorder.recordAll(ops, statuses, latencies, intended, retries, 1, true, d.failed);
          recorded[0]++;
          d = d.nextCompleted;
        }
      }
    });
    worker.start();
    sampler.start();
    completers.forEach(Thread::start);
    go.countDown();
    for (Thread c : completers) {
      c.join();
    }
    worker.join(60_000);
    sampling.set(false);
    sampler.join();
    m.sample();

    assertEquals(total, recorded[0]);
    assertRecordedExactly(m.total(), threads, total);
  }

  /**
   * @return threads that, once {@code go} opens, each push {@code perThread} completions: latencies
   *     1000 .. 1000 + total - 1 ns, each exactly once over all threads, every tenth a failure
   */
  private static List<Thread> completers(Completions<Done> completions, int threads, int perThread,
                                         CountDownLatch go) {
    List<Thread> completers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      completers.add(new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < perThread; i++) {
          completions.push(new Done(1000L + (long) i * threads + id, i % 10 == 0));
        }
      }));
    }
    return completers;
  }

  private static void assertRecordedExactly(IntervalStats all, int threads, long total) {
    assertEquals(total, all.operations());
    assertEquals(total / 10, all.failedOperations());
    LatencyStats ok = all.get(Operation.READ, Outcome.OK);
    LatencyStats failed = all.get(Operation.READ, Outcome.FAILED);
    assertEquals(total, ok.count() + failed.count());
    assertEquals(total / 10, failed.count());
    // the smallest latency is thread 0's first operation (a failure); the largest the last thread's last
    assertEquals(1000, failed.minNanos());
    // every thread's first operation is a failure: the smallest success is thread 0's second
    assertEquals(1000L + threads, ok.minNanos());
    assertEquals(1000L + total - 1, ok.maxNanos());
    // sum of 1000 .. 1000 + total - 1
    java.math.BigInteger expectedSum = java.math.BigInteger.valueOf(total)
        .multiply(java.math.BigInteger.valueOf(2000L + total - 1)).shiftRight(1);
    assertEquals(expectedSum, ok.sumNanos().add(failed.sumNanos()));
  }

  @Test
  @org.junit.jupiter.api.Timeout(120)
  void whileTheWorkerLendsItsTurnOneThreadAtATimeRecordsAndNothingIsLost() throws Exception {
    // eight threads complete operations while the worker sleeps with its turn lent: the thread that
    // pushes takes the turn and records in the worker's place, into the worker's own recorder,
    // which has one writer only if the turn is never held twice at once
    int threads = 8;
    int perThread = 50_000;
    long total = (long) threads * perThread;
    Completions<Done> completions = new Completions<>(site.ycsb.clock.Clock.SYSTEM);
    RunMeasurements m = new RunMeasurements();
    WorkerRecorder recorder = m.newRecorder();
    long[] recorded = new long[1];
    java.util.concurrent.atomic.AtomicInteger holders = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicLong overlaps = new java.util.concurrent.atomic.AtomicLong();
    java.util.concurrent.atomic.AtomicLong standIns = new java.util.concurrent.atomic.AtomicLong();
    Runnable takeAndRecord = () -> {
      if (holders.incrementAndGet() != 1) {
        overlaps.incrementAndGet();
      }
      for (Done d = completions.takeAll(); d != null; d = d.nextCompleted) {
        recorder.recordAll(new Operation[] {Operation.READ}, new Status[] {d.failed ? Status.ERROR : Status.OK},
            new long[] {d.latency}, new long[] {-1}, new int[1], 1, true, d.failed);
        recorded[0]++;
      }
      holders.decrementAndGet();
    };
    CountDownLatch lent = new CountDownLatch(1);
    Thread worker = new Thread(() -> {
      completions.lendTurnTo(() -> {
        takeAndRecord.run();
        // now and then the worker is needed (the end of a part, a retry to wait for): the turn is recalled
        return standIns.incrementAndGet() % 1000 != 0;
      });
      lent.countDown();
      while (recorded[0] < total) {
        completions.lend(1_000_000L, 1);
        takeAndRecord.run();
      }
    });
    worker.start();
    lent.await();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> completers = completers(completions, threads, perThread, go);
    completers.forEach(Thread::start);
    go.countDown();
    for (Thread c : completers) {
      c.join();
    }
    worker.join(60_000);
    assertEquals(false, worker.isAlive(), "the worker never got its turn back for the last completions");
    m.sample();

    assertEquals(0, overlaps.get(), "two threads held the worker's turn at once");
    org.junit.jupiter.api.Assertions.assertTrue(standIns.get() > 0, "no completing thread stood in");
    assertEquals(total, recorded[0]);
    assertRecordedExactly(m.total(), threads, total);
  }
}
