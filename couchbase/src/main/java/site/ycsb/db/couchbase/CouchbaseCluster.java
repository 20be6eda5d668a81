package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.core.service.ServiceType;
import com.couchbase.client.java.AsyncCollection;
import com.couchbase.client.java.Bucket;
import com.couchbase.client.java.Cluster;
import com.couchbase.client.java.ClusterOptions;
import com.couchbase.client.java.diagnostics.WaitUntilReadyOptions;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * The connection every binding instance of a process shares (through the binding context): one
 * SDK cluster object, which keeps one connection per node and service and multiplexes all
 * requests over them, the bucket's collection, and whether scans can work. The engine closes it
 * when the phase ends.
 */
public final class CouchbaseCluster implements AutoCloseable {
  private static final String CHECK_KEY = "ycsb-connection-check";

  private final Cluster cluster;
  private final AsyncCollection collection;
  private final QueryScans scans;

  private CouchbaseCluster(Cluster cluster, AsyncCollection collection, QueryScans scans) {
    this.cluster = cluster;
    this.collection = collection;
    this.scans = scans;
  }

  /**
   * Connects, waits until the bucket's key-value service is ready, reads one key to check the
   * collection, and asks the query service whether it can scan.
   *
   * @param config the binding's settings
   * @param context where a lost node (and its return) is told once
   * @return the open connection
   * @throws DBException with one line naming hosts, bucket and cause when any of it fails
   */
  public static CouchbaseCluster open(CouchbaseConfig config, BindingContext context) throws DBException {
    Cluster cluster;
    try {
      cluster = Cluster.connect(config.connectionString, ClusterOptions.clusterOptions(config.user, config.password)
          .environment(env -> env
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
      throw CouchbaseFailures.cannotOpen(config, e);
    }
    cluster.environment().eventBus().subscribe(new CouchbaseServerWatch(context));
    try {
      Bucket bucket = cluster.bucket(config.bucket);
      bucket.waitUntilReady(config.connectTimeout, WaitUntilReadyOptions.waitUntilReadyOptions()
          .serviceTypes(ServiceType.KV));
      AsyncCollection collection = bucket.scope(config.scope).collection(config.collection).async();
      checkCollection(collection, config);
      return new CouchbaseCluster(cluster, collection, QueryScans.probe(cluster.async(), config));
    } catch (DBException e) {
      cluster.disconnect();
      throw e;
    } catch (RuntimeException e) {
      cluster.disconnect();
      throw CouchbaseFailures.cannotOpen(config, e);
    }
  }

  /**
   * A missing scope or collection would otherwise show only as a timeout of every operation
   * (the SDK waits for it to appear): one read of a key that is not there finds out at once.
   */
  private static void checkCollection(AsyncCollection collection, CouchbaseConfig config) throws DBException {
    try {
      collection.get(CHECK_KEY).join();
    } catch (RuntimeException e) {
      if (!(CouchbaseFailures.unwrap(e) instanceof DocumentNotFoundException)) {
        throw CouchbaseFailures.cannotUse(config, e);
      }
    }
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
    cluster.disconnect();
  }
}
