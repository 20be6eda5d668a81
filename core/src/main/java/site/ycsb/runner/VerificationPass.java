package site.ycsb.runner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.durability.AcknowledgedWrites;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.durability.VerificationOutcome;

/**
 * After the measured window, reads every key this client had a write of acknowledged, once, and
 * counts the writes that are gone: the key is missing, or holds an older write of this client
 * than the acknowledged one (or another client's write made before it, less the clock
 * tolerance). Keys whose last acknowledged write was a delete are not read. The reads are spread
 * over fresh binding instances on threads of their own, blocking calls, outside every figure of
 * the phase.
 */
public final class VerificationPass {
  private VerificationPass() {
  }

  /**
   * @param tracker what this client wrote
   * @param bindings makes a binding instance with its properties set, one per thread
   * @param threads how many threads read
   * @param errors where failures are reported once
   * @return what was found
   * @throws InterruptedException when interrupted while waiting for the reading threads
   */
  public static VerificationOutcome run(DurabilityTracker tracker, Supplier<DB> bindings, int threads, ErrorLog errors)
      throws InterruptedException {
    long start = System.nanoTime();
    long[][] written = written(tracker.acknowledged());
    long[] keys = written[0];
    long[] entries = written[1];
    int n = (int) Math.max(1, Math.min(threads, keys.length));
    LongAdder verified = new LongAdder();
    LongAdder lost = new LongAdder();
    LongAdder unverified = new LongAdder();
    SharedResources shared = new SharedResources(errors);
    List<Thread> readers = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      int first = t;
      Thread reader = new Thread(() -> {
        DB db;
        try {
          db = bindings.get();
          db.init(new WorkerContext(first, n, errors, shared));
        } catch (DBException | RuntimeException e) {
          errors.report("durability verification", e);
          for (int i = first; i < keys.length; i += n) {
            unverified.increment();
          }
          return;
        }
        HashMap<String, ByteIterator> result = new HashMap<>();
        for (int i = first; i < keys.length; i += n) {
          result.clear();
          Status s;
          try {
            s = db.read(tracker.table(), tracker.keyName(keys[i]), null, result);
          } catch (RuntimeException e) {
            errors.report("durability verification", e);
            s = Status.ERROR;
          }
          if (s == null || !(s.isOk() || s == Status.NOT_FOUND)) {
            unverified.increment();
          } else if (tracker.present(entries[i], s, result)) {
            verified.increment();
          } else {
            lost.increment();
          }
        }
        try {
          db.cleanup();
        } catch (DBException | RuntimeException e) {
          errors.report("durability verification cleanup", e);
        }
      }, "ycsb-verify-" + t);
      reader.setDaemon(true);
      readers.add(reader);
      reader.start();
    }
    for (Thread reader : readers) {
      reader.join();
    }
    shared.closeWithin(TimeUnit.SECONDS.toNanos(10));
    return new VerificationOutcome(keys.length, verified.sum(), lost.sum(), unverified.sum(), System.nanoTime() - start);
  }

  /** @return the key numbers with an acknowledged write that is not a delete, and their entries */
  private static long[][] written(AcknowledgedWrites acknowledged) {
    long[] count = new long[1];
    acknowledged.forEach((keynum, entry) -> {
      if (!AcknowledgedWrites.isDelete(entry)) {
        count[0]++;
      }
    });
    long[] keys = new long[(int) count[0]];
    long[] entries = new long[keys.length];
    int[] at = new int[1];
    acknowledged.forEach((keynum, entry) -> {
      // writes acknowledged after the count (none: the workers are done) would not fit
      if (!AcknowledgedWrites.isDelete(entry) && at[0] < keys.length) {
        keys[at[0]] = keynum;
        entries[at[0]] = entry;
        at[0]++;
      }
    });
    return new long[][] {keys, entries};
  }
}
