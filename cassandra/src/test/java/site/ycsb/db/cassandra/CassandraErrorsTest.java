package site.ycsb.db.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.DefaultWriteType;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * The driver failures that a one-node test server cannot produce on demand (timeouts, lost
 * connections, replica failures) map to the statuses the README promises.
 */
class CassandraErrorsTest {
  private static final DefaultConsistencyLevel QUORUM = DefaultConsistencyLevel.QUORUM;

  @Test
  void coordinatorAnswers() {
    assertEquals(CassandraFailures.UNAVAILABLE,
        CassandraFailures.statusOf(new UnavailableException(null, QUORUM, 2, 1)));
    assertEquals(Status.TIMEOUT, CassandraFailures.statusOf(new ReadTimeoutException(null, QUORUM, 1, 2, false)));
    assertEquals(Status.TIMEOUT, CassandraFailures.statusOf(
        new WriteTimeoutException(null, QUORUM, 1, 2, DefaultWriteType.SIMPLE)));
    assertEquals(Status.ERROR,
        CassandraFailures.statusOf(new ReadFailureException(null, QUORUM, 1, 2, 1, false, Map.of())));
    assertEquals(Status.BAD_REQUEST, CassandraFailures.statusOf(new InvalidQueryException(null, "no such column")));
  }

  @Test
  void clientSideFailures() {
    assertEquals(Status.TIMEOUT, CassandraFailures.statusOf(new DriverTimeoutException("Query timed out after PT60S")));
    assertEquals(Status.SERVICE_UNAVAILABLE,
        CassandraFailures.statusOf(new ClosedConnectionException("Lost connection")));
    assertEquals(Status.SERVICE_UNAVAILABLE, CassandraFailures.statusOf(NoNodeAvailableException.fromErrors(Map.of())));
    assertEquals(Status.ERROR, CassandraFailures.statusOf(new IllegalStateException("Session is closed")));
  }

  @Test
  void everyNodeFailedReportsWhatTheNodeSaid() {
    Node node = node();
    Map<Node, Throwable> errors = new HashMap<>();
    errors.put(node, new UnavailableException(node, QUORUM, 2, 1));
    assertEquals(CassandraFailures.UNAVAILABLE, CassandraFailures.statusOf(AllNodesFailedException.fromErrors(errors)));
    errors.put(node, new ClosedConnectionException("Lost connection to remote peer"));
    assertEquals(Status.SERVICE_UNAVAILABLE, CassandraFailures.statusOf(AllNodesFailedException.fromErrors(errors)));
  }

  /** A stand-in node: the exceptions only use it as a map key and in messages. */
  private static Node node() {
    return (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class},
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "toString":
              return "node1";
            case "hashCode":
              return System.identityHashCode(proxy);
            case "equals":
              return proxy == args[0];
            default:
              return null;
          }
        });
  }
}
