package site.ycsb.db.couchbase;

import com.couchbase.client.core.cnc.Event;
import com.couchbase.client.core.cnc.events.endpoint.EndpointConnectedEvent;
import com.couchbase.client.core.cnc.events.endpoint.UnexpectedEndpointDisconnectedEvent;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import site.ycsb.BindingContext;

/**
 * Tells the user, once, that the SDK lost its connection to a node's service and, once, that it
 * connected again: the operations' own failures say what each one met, this says what happened
 * to the node. Reads the SDK's event bus (its own thread).
 */
final class CouchbaseServerWatch implements Consumer<Event> {
  private final BindingContext context;
  /** Endpoints lost by surprise, with when, until one of the same address connects again. */
  private final Map<String, Long> lostSince = new ConcurrentHashMap<>();

  CouchbaseServerWatch(BindingContext context) {
    this.context = context;
  }

  @Override
  public void accept(Event event) {
    boolean lost = event instanceof UnexpectedEndpointDisconnectedEvent;
    if (!lost && !(event instanceof EndpointConnectedEvent) || event.context() == null) {
      return;
    }
    // the disconnect event carries a plain context; both export the endpoint's address and service,
    // and a bucket's own key-value connection its bucket: the SDK keeps one more to the same
    // address for the cluster's configuration, which may be back while the bucket's is not
    Map<String, Object> endpoint = event.context().exportAsMap();
    Object bucket = endpoint.get("bucket");
    String type = String.valueOf(endpoint.get("type")).toLowerCase(Locale.ROOT);
    String of = bucket != null ? ", bucket " + bucket : "kv".equals(type) ? ", cluster configuration" : "";
    String where = endpoint.get("remote") + " (" + type + of + ")";
    if (lost) {
      lostSince.putIfAbsent(where, System.nanoTime());
      context.reportOnce("couchbase lost " + where, "couchbase: lost the connection to " + where
          + ": operations that need it fail with SERVICE_UNAVAILABLE until it is back; the SDK reconnects in the"
          + " background");
    } else {
      Long since = lostSince.remove(where);
      if (since != null) {
        context.reportOnce("couchbase back " + where, "couchbase: the connection to " + where + " is back after "
            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since) + " ms");
      }
    }
  }
}
