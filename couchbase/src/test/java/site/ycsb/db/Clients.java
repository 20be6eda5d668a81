package site.ycsb.db;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import site.ycsb.Status;
import site.ycsb.WorkerIo;
import site.ycsb.testsupport.BindingInstances;

/** Couchbase binding instances pointed at one bucket of the module's shared mock, closed by the test. */
final class Clients extends BindingInstances<CouchbaseClient> {
  /** @param bucket the test class's bucket */
  Clients(String bucket) {
    super(CouchbaseClient::new, () -> CouchbaseTestServer.get().properties(bucket));
  }

  /** @return a client with exactly these properties, not yet initialized */
  static CouchbaseClient create(String... pairs) {
    return create(CouchbaseClient::new, pairs);
  }

  /**
   * Waits for an operation of the asynchronous side as the engine's worker does: running the
   * worker's own loop meanwhile when the client's connections live there (the test's thread is
   * then that worker), else just waiting; at most 20 s.
   *
   * @return its status
   */
  static Status done(CouchbaseClient db, CompletionStage<Status> stage) throws Exception {
    CompletableFuture<Status> f = stage.toCompletableFuture();
    WorkerIo io = db.workerIo();
    if (io == null) {
      return f.get(20, TimeUnit.SECONDS);
    }
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!f.isDone() && System.nanoTime() < giveUp) {
      io.run(10_000_000L);
    }
    return f.get(0, TimeUnit.SECONDS);
  }
}
