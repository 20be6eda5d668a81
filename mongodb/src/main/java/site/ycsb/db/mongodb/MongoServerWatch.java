package site.ycsb.db.mongodb;

import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;

/**
 * Tells the user, once, that the driver lost a server it was using and, once, that it reached it
 * again: the operations' own failures say what each one met, this says what happened to the
 * server. Called by the driver's monitor threads whenever its view of the servers changes.
 */
final class MongoServerWatch implements ClusterListener {
  private final BindingContext context;
  private final MongoConfig config;
  /** Servers that were reachable and are not, with when they were lost. */
  private final Map<String, Long> lostSince = new ConcurrentHashMap<>();

  MongoServerWatch(BindingContext context, MongoConfig config) {
    this.context = context;
    this.config = config;
  }

  @Override
  public void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
    for (ServerDescription now : event.getNewDescription().getServerDescriptions()) {
      String where = now.getAddress().toString();
      ServerDescription before = find(event, where);
      if (before != null && before.isOk() && !now.isOk()) {
        lostSince.putIfAbsent(where, System.nanoTime());
        Throwable cause = now.getException();
        context.reportOnce("mongodb lost " + where, "mongodb: lost the connection to " + where
            + (cause == null ? "" : " (" + cause.getClass().getSimpleName() + ": " + config.mask(cause.getMessage()) + ")")
            + ": operations that need it fail with SERVICE_UNAVAILABLE until it is reachable again");
      } else if (now.isOk()) {
        Long since = lostSince.remove(where);
        if (since != null) {
          context.reportOnce("mongodb back " + where, "mongodb: " + where + " is reachable again after "
              + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since) + " ms");
        }
      }
    }
  }

  private static ServerDescription find(ClusterDescriptionChangedEvent event, String where) {
    for (ServerDescription d : event.getPreviousDescription().getServerDescriptions()) {
      if (d.getAddress().toString().equals(where)) {
        return d;
      }
    }
    return null;
  }
}
