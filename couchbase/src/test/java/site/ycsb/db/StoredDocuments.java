package site.ycsb.db;

import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.core.service.ServiceType;
import com.couchbase.client.java.Cluster;
import com.couchbase.client.java.ClusterOptions;
import com.couchbase.client.java.Collection;
import com.couchbase.client.java.diagnostics.WaitUntilReadyOptions;
import com.couchbase.client.java.json.JsonObject;
import java.time.Duration;

/**
 * The tests' own SDK client on a bucket of a mock, to read back what the binding stored, with
 * nothing of the binding in between.
 */
final class StoredDocuments implements AutoCloseable {
  private final Cluster cluster;
  private final Collection collection;

  StoredDocuments(CouchbaseTestServer server, String bucket) {
    cluster = Cluster.connect(server.hosts(bucket), ClusterOptions.clusterOptions(bucket, CouchbaseTestServer.PASSWORD)
        .environment(env -> env.disableAppTelemetry(true)
            .transactionsConfig(tx -> tx.cleanupConfig(c -> c.cleanupLostAttempts(false).cleanupClientAttempts(false)))));
    cluster.bucket(bucket).waitUntilReady(Duration.ofSeconds(20), WaitUntilReadyOptions.waitUntilReadyOptions()
        .serviceTypes(ServiceType.KV));
    collection = cluster.bucket(bucket).defaultCollection();
  }

  /** @return the document as JSON, or null when there is none */
  JsonObject json(String key) {
    try {
      return collection.get(key).contentAsObject();
    } catch (DocumentNotFoundException e) {
      return null;
    }
  }

  /** @return the document's bytes as stored, or null when there is none */
  byte[] bytes(String key) {
    try {
      return collection.get(key, com.couchbase.client.java.kv.GetOptions.getOptions()
          .transcoder(com.couchbase.client.java.codec.RawBinaryTranscoder.INSTANCE)).contentAsBytes();
    } catch (DocumentNotFoundException e) {
      return null;
    }
  }

  /** @return whether a document of this key exists (the mock has no GET_META, so exists() is not used) */
  boolean exists(String key) {
    return bytes(key) != null;
  }

  /** @return the underlying collection */
  Collection collection() {
    return collection;
  }

  @Override
  public void close() {
    cluster.disconnect();
  }
}
