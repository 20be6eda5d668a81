package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.core.service.ServiceType;
import com.couchbase.client.java.AsyncCollection;
import com.couchbase.client.java.Bucket;
import com.couchbase.client.java.Cluster;
import com.couchbase.client.java.ClusterOptions;
import com.couchbase.client.java.diagnostics.WaitUntilReadyOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.WorkerIo;

/**
 * One SDK cluster object, which keeps one connection per node and service and multiplexes all
 * requests over them, the bucket's collection, and whether scans can work. Blocking threads share
 * one per process (through the binding context; the engine closes it when the phase ends); an
 * asynchronous worker has one of its own whose key-value connections live on the worker's own
 * event loop ({@link WorkerLoop}), and closes it at its cleanup.
 */
public final class CouchbaseCluster implements AutoCloseable {
  private static final String CHECK_KEY = "ycsb-connection-check";

  private final Cluster cluster;
  private final AsyncCollection collection;
  private final QueryScans scans;
  /** The worker's loop its key-value connections live on; null on the SDK's own loops. */
  private final WorkerLoop loop;
  /** The longest the start or the end waits on the worker's loop for one answer. */
  private final long waitLimitNanos;

  private CouchbaseCluster(Cluster cluster, AsyncCollection collection, QueryScans scans, WorkerLoop loop,
                           long waitLimitNanos) {
    this.cluster = cluster;
    this.collection = collection;
    this.scans = scans;
    this.loop = loop;
    this.waitLimitNanos = waitLimitNanos;
  }

  /**
   * Connects on the SDK's own event loops: the connection the blocking threads of a process share.
   *
   * @see #open(CouchbaseConfig, BindingContext, boolean)
   */
  public static CouchbaseCluster open(CouchbaseConfig config, BindingContext context) throws DBException {
    return open(config, context, false);
  }

  /**
   * Connects, waits until the bucket's key-value service is ready, reads one key to check the
   * collection, and asks the query service whether it can scan.
   *
   * @param config the binding's settings
   * @param context where a lost node (and its return) is told once
   * @param onWorkerLoop whether the key-value connections live on an event loop the calling
   *     thread, a worker, runs itself ({@link #workerIo()})
   * @return the open connection
   * @throws DBException with one line naming hosts, bucket and cause when any of it fails
   */
  public static CouchbaseCluster open(CouchbaseConfig config, BindingContext context, boolean onWorkerLoop)
      throws DBException {
    WorkerLoop loop = onWorkerLoop ? new WorkerLoop() : null;
    // the SDK times each step out itself; this only guards against an answer that never comes
    long waitLimitNanos = 2 * config.connectTimeout.toNanos() + config.opTimeout.toNanos() + 10_000_000_000L;
    Cluster cluster;
    try {
      cluster = Cluster.connect(config.connectionString, ClusterOptions.clusterOptions(config.user, config.password)
          .environment(env -> env
              .ioEnvironment(io -> {
                if (loop != null) {
                  io.kvEventLoopGroup(loop);
                }
              })
              .timeoutConfig(t -> t.kvTimeout(config.opTimeout).kvDurableTimeout(config.opTimeout)
                  .connectTimeout(config.connectTimeout))
              // a request for a node that cannot be reached fails at once, on both paths
              .retryStrategy(LostNodesFailFast.INSTANCE)
              // no background traffic of the SDK's own in a benchmark: no telemetry, and no
              // transaction clean-up, which would poll and write documents of its own in the bucket
              .disableAppTelemetry(true)
              .transactionsConfig(tx -> tx.cleanupConfig(c -> c.cleanupLostAttempts(false)
                  .cleanupClientAttempts(false)))));
    } catch (RuntimeException e) {
      if (loop != null) {
        loop.close();
      }
      throw CouchbaseFailures.cannotOpen(config, e);
    }
    cluster.environment().eventBus().subscribe(new CouchbaseServerWatch(context));
    try {
      Bucket bucket = cluster.bucket(config.bucket);
      join(loop, bucket.async().waitUntilReady(config.connectTimeout, WaitUntilReadyOptions.waitUntilReadyOptions()
          .serviceTypes(ServiceType.KV)), waitLimitNanos);
      AsyncCollection collection = bucket.scope(config.scope).collection(config.collection).async();
      checkCollection(collection, config, loop, waitLimitNanos);
      QueryScans scans = QueryScans.probe(cluster.async(), config, f -> join(loop, f, waitLimitNanos));
      return new CouchbaseCluster(cluster, collection, scans, loop, waitLimitNanos);
    } catch (DBException e) {
      disconnect(cluster, loop, waitLimitNanos);
      throw e;
    } catch (RuntimeException e) {
      disconnect(cluster, loop, waitLimitNanos);
      throw CouchbaseFailures.cannotOpen(config, e);
    }
  }

  /**
   * A missing scope or collection would otherwise show only as a timeout of every operation
   * (the SDK waits for it to appear): one read of a key that is not there finds out at once.
   */
  private static void checkCollection(AsyncCollection collection, CouchbaseConfig config, WorkerLoop loop,
                                      long waitLimitNanos) throws DBException {
    try {
      join(loop, collection.get(CHECK_KEY), waitLimitNanos);
    } catch (RuntimeException e) {
      if (!(CouchbaseFailures.unwrap(e) instanceof DocumentNotFoundException)) {
        throw CouchbaseFailures.cannotUse(config, e);
      }
    }
  }

  /** Waits for the future: on the worker's loop, running it, or else blocking. */
  private static <T> T join(WorkerLoop loop, CompletableFuture<T> future, long waitLimitNanos) {
    return loop == null ? future.join() : loop.join(future, waitLimitNanos);
  }

  /** Closes the SDK's connections, then the worker's loop (the SDK closes its key-value channels on it). */
  private static void disconnect(Cluster cluster, WorkerLoop loop, long waitLimitNanos) {
    if (loop == null) {
      cluster.disconnect();
      return;
    }
    try {
      loop.join(cluster.async().disconnect(), waitLimitNanos);
    } finally {
      loop.close();
    }
  }

  /**
   * Waits for what a request answers, as the start and the end need it (not for operations):
   * on the worker's loop, running it, when the connections live there.
   *
   * @return the future's value
   */
  <T> T join(CompletableFuture<T> future) {
    return join(loop, future, waitLimitNanos);
  }

  /**
   * Pauses the calling thread, the worker's when its connections live on its loop: then the loop
   * runs meanwhile, so their answers still arrive.
   *
   * @param nanos how long
   * @throws InterruptedException when interrupted while sleeping
   */
  void pause(long nanos) throws InterruptedException {
    if (loop == null) {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } else {
      loop.pause(nanos);
    }
  }

  /** @return the worker's loop its key-value connections live on, or null on the SDK's own loops */
  public WorkerIo workerIo() {
    return loop;
  }

  /** @return the collection records go to */
  AsyncCollection collection() {
    return collection;
  }

  /** @return the scans, available or not */
  QueryScans scans() {
    return scans;
  }

  @Override
  public void close() {
    disconnect(cluster, loop, waitLimitNanos);
  }
}
