package site.ycsb.db;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.DelegatingAsyncDB;
import site.ycsb.RecordOperations;
import site.ycsb.Status;
import site.ycsb.WorkerIo;
import site.ycsb.db.couchbase.CouchbaseCluster;
import site.ycsb.db.couchbase.CouchbaseConfig;
import site.ycsb.db.couchbase.CouchbaseOperations;
import site.ycsb.props.PropertyException;

/**
 * Couchbase binding on the Java SDK 3: a record is one document of {@code couchbase.collection}
 * whose id is the YCSB key, JSON with one member per field (or raw bytes with
 * {@code couchbase.json=false}). Reads are key-value gets (sub-document lookups for some fields),
 * updates are sub-document mutations, scans go through the query service when the cluster has
 * one and a primary index, and writes wait for the durability asked for (observe-based
 * {@code couchbase.persistTo}/{@code replicateTo}, or {@code couchbase.durability}).
 *
 * <p>Both sides of the binding send the same requests ({@link CouchbaseOperations}, on the SDK's
 * asynchronous collection): the blocking side waits for each, the asynchronous side
 * ({@code -inflight N}, {@link AsyncDB}, {@link DelegatingAsyncDB}) returns it. The blocking
 * threads of a process share one SDK cluster object ({@link CouchbaseCluster}); a worker of the
 * asynchronous side opens its own, whose key-value connections live on an event loop the worker
 * runs itself ({@link #workerIo()}). Operations never throw: a timeout
 * is TIMEOUT, a missing document NOT_FOUND, anything else a status of its own, each cause printed once.
 */
public class CouchbaseClient extends DB implements DelegatingAsyncDB {
  private CouchbaseOperations operations;
  /** An asynchronous worker's own cluster object; null for the blocking threads' shared one. */
  private CouchbaseCluster own;

  @Override
  public void init(BindingContext ctx) throws DBException {
    CouchbaseConfig config;
    try {
      config = new CouchbaseConfig(getProperties());
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
    CouchbaseCluster cluster;
    if (ctx.inflight() > 0) {
      // an asynchronous worker's own, its key-value connections on the worker's own loop
      own = CouchbaseCluster.open(config, ctx, true);
      cluster = own;
    } else {
      cluster = ctx.shared("couchbase " + config.clusterKey(), () -> CouchbaseCluster.open(config, ctx));
    }
    operations = new CouchbaseOperations(cluster, config, ctx);
  }

  @Override
  public void cleanup() throws DBException {
    // a shared cluster object is closed by the engine when the phase ends, a worker's own here
    try {
      if (operations != null) {
        operations.finish();
      }
    } finally {
      operations = null;
      if (own != null) {
        own.close();
        own = null;
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return operations.await(operations.read(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return operations.await(operations.scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return operations.await(operations.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return operations.await(operations.insert(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    return operations.await(operations.delete(table, key));
  }

  /**
   * The blocking side waits for the very requests the asynchronous side sends, so {@code -threads N}
   * runs as N operations in flight to the same effect.
   */
  @Override
  public boolean servesSessions() {
    return true;
  }

  @Override
  public RecordOperations<CompletionStage<Status>> asyncOperations() {
    return operations;
  }

  /** An asynchronous worker runs its key-value connections' event loop itself. */
  @Override
  public WorkerIo workerIo() {
    return own == null ? null : own.workerIo();
  }
}
