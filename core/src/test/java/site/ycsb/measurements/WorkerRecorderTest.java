package site.ycsb.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * Many writers recording while a reader swaps intervals out concurrently: nothing is lost or
 * counted twice, and minimum and maximum are exact (seed 000 found races in exactly these).
 */
class WorkerRecorderTest {
  @Test
  void countsMinMaxAndSumsAreExactUnderConcurrentSampling() throws Exception {
    int threads = 8;
    int perThread = 200_000;
    RunMeasurements m = new RunMeasurements();
    List<Thread> writers = new ArrayList<>();
    CountDownLatch go = new CountDownLatch(1);
    for (int t = 0; t < threads; t++) {
      WorkerRecorder r = m.newRecorder();
      int id = t;
      writers.add(new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        Operation[] ops = new Operation[1];
        Status[] statuses = new Status[1];
        long[] latencies = new long[1];
        long[] intended = new long[1];
        int[] retries = new int[1];
        for (int i = 0; i < perThread; i++) {
          // latencies 1000..(1000 + perThread*threads) ns, each exactly once over all threads
          long latency = 1000L + (long) i * threads + id;
          Status s = i % 10 == 0 ? Status.ERROR : Status.OK;
          ops[0] = i % 2 == 0 ? Operation.READ : Operation.UPDATE;
          statuses[0] = s;
          latencies[0] = latency;
          intended[0] = latency + 5;
          r.recordAll(ops, statuses, latencies, intended, retries, 1, true, !s.isOk());
        }
      }));
    }
    writers.forEach(Thread::start);
    AtomicBoolean done = new AtomicBoolean();
    Thread reader = new Thread(() -> {
      while (!done.get()) {
        m.sample();
      }
    });
    reader.start();
    go.countDown();
    for (Thread w : writers) {
      w.join();
    }
    done.set(true);
    reader.join();
    m.sample();
    IntervalStats total = m.total();

    long n = (long) threads * perThread;
    assertEquals(n, total.operations());
    assertEquals(n / 10, total.failedOperations());
    LatencyStats okReads = total.get(Operation.READ, Outcome.OK);
    LatencyStats failedReads = total.get(Operation.READ, Outcome.FAILED);
    LatencyStats okUpdates = total.get(Operation.UPDATE, Outcome.OK);
    assertEquals(n, okReads.count() + failedReads.count() + okUpdates.count()
        + total.get(Operation.UPDATE, Outcome.FAILED).count());
    assertEquals(n / 10, failedReads.count(), "every 10th op is a failed read (i % 10 == 0 is even)");
    assertEquals(okReads.count(), okReads.statusCounts().get("OK"));
    assertEquals(failedReads.count(), failedReads.statusCounts().get("ERROR"));
    // failed reads are i = 0, 10, 20...: the smallest latency of all is thread 0's first, a failure
    assertEquals(1000, failedReads.minNanos());
    assertEquals(1000L + (long) (perThread - 1) * threads + threads - 1, okUpdates.maxNanos(),
        "the largest latency (last update of the last thread) is exact");
    long expectedSum = 0;
    for (long v = 1000; v < 1000 + n; v++) {
      expectedSum += v;
    }
    long sum = 0;
    for (Operation op : new Operation[] {Operation.READ, Operation.UPDATE}) {
      sum += total.get(op, Outcome.OK).sumNanos().longValueExact()
          + total.get(op, Outcome.FAILED).sumNanos().longValueExact();
    }
    assertEquals(expectedSum, sum, "every latency recorded exactly once");
    assertEquals(n, total.get(Operation.READ, Outcome.INTENDED).count()
        + total.get(Operation.UPDATE, Outcome.INTENDED).count());
    assertEquals(okReads.count(), okReads.histogram().getTotalCount());
  }
}
