package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.CouchbaseException;
import com.couchbase.client.core.error.context.ErrorContext;
import com.couchbase.client.java.AsyncCluster;
import com.couchbase.client.java.json.JsonArray;
import com.couchbase.client.java.query.QueryOptions;
import com.couchbase.client.java.query.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Scans through the query service: the keys from a start key on, in key order, come from
 * {@code SELECT RAW meta().id ... WHERE meta().id >= $1 ORDER BY meta().id LIMIT $2} (a prepared
 * statement, answered from the primary index), and the records themselves are then read with
 * key-value gets, so both record formats scan alike.
 *
 * <p>Whether scans can work is found out once, when the bucket is opened, by running the
 * statement with {@code LIMIT 0}: a cluster without a query service, a keyspace without a
 * primary index, or a stand-in that answers no real query make every scan NOT_IMPLEMENTED, for
 * the reason the probe got.
 */
final class QueryScans {
  private final AsyncCluster cluster;
  private final String statement;
  private final String unavailable;

  private QueryScans(AsyncCluster cluster, String statement, String unavailable) {
    this.cluster = cluster;
    this.statement = statement;
    this.unavailable = unavailable;
  }

  /**
   * @param cluster the connected cluster
   * @param config the binding's settings
   * @param join how the caller waits for the probe's answer
   * @return the scans of this keyspace, available or not
   */
  static QueryScans probe(AsyncCluster cluster, CouchbaseConfig config,
                          Function<CompletableFuture<QueryResult>, QueryResult> join) {
    String keyspace = config.defaultCollection() ? quote(config.bucket)
        : quote(config.bucket) + "." + quote(config.scope) + "." + quote(config.collection);
    String statement = "SELECT RAW meta().id FROM " + keyspace + " WHERE meta().id >= $1 ORDER BY meta().id LIMIT $2";
    try {
      join.apply(cluster.query(statement, QueryOptions.queryOptions().parameters(JsonArray.from("", 0))
          .timeout(config.connectTimeout)));
      return new QueryScans(cluster, statement, null);
    } catch (RuntimeException e) {
      Throwable cause = CouchbaseFailures.unwrap(e);
      return new QueryScans(cluster, statement, "the query service could not run `" + statement + "`: "
          + CouchbaseFailures.describe(cause, config) + queryErrors(cause)
          + " (scans need Couchbase Server's query service and a primary index: CREATE PRIMARY INDEX ON "
          + keyspace + ")");
    }
  }

  private static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** @return the codes and messages the query service answered with, e.g. " [12003 keyspace not found]" */
  private static String queryErrors(Throwable e) {
    if (!(e instanceof CouchbaseException)) {
      return "";
    }
    ErrorContext ctx = ((CouchbaseException) e).context();
    Object errors = ctx == null ? null : ctx.exportAsMap().get("errors");
    if (!(errors instanceof List)) {
      return "";
    }
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) errors) {
      if (o instanceof Map) {
        Map<?, ?> m = (Map<?, ?>) o;
        out.add(m.get("code") + " " + m.get("message"));
      }
    }
    return out.isEmpty() ? "" : " " + out;
  }

  /** @return why scans cannot work, or null when they can */
  String unavailable() {
    return unavailable;
  }

  /**
   * @param startkey the first key
   * @param count how many keys at most
   * @return the keys from startkey on, in key order
   */
  CompletableFuture<List<String>> keys(String startkey, int count) {
    return cluster.query(statement, QueryOptions.queryOptions().adhoc(false)
        .parameters(JsonArray.from(startkey, count))).thenApply(QueryScans::strings);
  }

  private static List<String> strings(QueryResult result) {
    return result.rowsAs(String.class);
  }
}
