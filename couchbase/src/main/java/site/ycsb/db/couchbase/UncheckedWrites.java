package site.ycsb.db.couchbase;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.BindingContext;
import site.ycsb.Status;

/**
 * The writes of one worker sent with {@code couchbase.checkOperationStatus=false}: each returns OK
 * as soon as it is sent, as the older studies' clients did when they did not wait for the
 * server's answer. Their outcomes still arrive: failures are counted here and reported once, and
 * the worker's cleanup waits for the last answers, so the phase ends with its data written.
 */
final class UncheckedWrites {
  private static final CompletableFuture<Status> SENT = CompletableFuture.completedFuture(Status.OK);

  private final AtomicLong pending = new AtomicLong();
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();

  /**
   * @param outcome the write's real outcome, completed later
   * @return a stage already completed with OK
   */
  CompletableFuture<Status> track(CompletableFuture<Status> outcome) {
    pending.incrementAndGet();
    sent.incrementAndGet();
    outcome.whenComplete((status, error) -> {
      if (error != null || !status.isOk()) {
        failed.incrementAndGet();
      }
      pending.decrementAndGet();
    });
    return SENT;
  }

  /**
   * Waits until every write has its answer, at most {@code limit}, and reports how many failed.
   *
   * @param limit how long to wait
   * @param context where the count is reported
   * @param cluster whose connections bring the answers (paused on, so that a worker's own loop runs)
   */
  void awaitAnswers(Duration limit, BindingContext context, CouchbaseCluster cluster) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (pending.get() > 0 && System.nanoTime() < deadline) {
      try {
        cluster.pause(TimeUnit.MILLISECONDS.toNanos(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    long unanswered = pending.get();
    if (failed.get() > 0 || unanswered > 0) {
      context.reportOnce("couchbase unchecked writes " + context.workerIndex(), "couchbase: worker "
          + context.workerIndex() + " sent " + sent.get() + " writes without waiting"
          + " (couchbase.checkOperationStatus=false): " + failed.get() + " failed and " + unanswered
          + " had no answer yet; the results count all of them as OK");
    }
  }
}
