package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeStateListener;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;

/**
 * Tells the user, once, that the driver lost a node and, once, that the node is back: the
 * requests' own failures say what each one met, this says what happened to the node. The driver
 * calls it from its admin thread when a node's state changes.
 */
final class CassandraServerWatch implements NodeStateListener {
  private final BindingContext context;
  /** Nodes that went down, with when, until they are up again. */
  private final Map<String, Long> downSince = new ConcurrentHashMap<>();

  CassandraServerWatch(BindingContext context) {
    this.context = context;
  }

  @Override
  public void onDown(Node node) {
    String where = address(node);
    downSince.putIfAbsent(where, System.nanoTime());
    context.reportOnce("cassandra lost " + where, "cassandra: lost the connection to " + where
        + " (node down): requests for it fail at once with SERVICE_UNAVAILABLE until it is back; the driver"
        + " reconnects in the background");
  }

  @Override
  public void onUp(Node node) {
    String where = address(node);
    Long since = downSince.remove(where);
    if (since != null) {
      context.reportOnce("cassandra back " + where, "cassandra: " + where + " is back after "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since) + " ms");
    }
  }

  @Override
  public void onAdd(Node node) {
  }

  @Override
  public void onRemove(Node node) {
  }

  @Override
  public void close() {
  }

  private static String address(Node node) {
    SocketAddress a = node.getEndPoint().resolve();
    return a instanceof InetSocketAddress
        ? ((InetSocketAddress) a).getHostString() + ":" + ((InetSocketAddress) a).getPort() : String.valueOf(a);
  }
}
