package site.ycsb.db.hbase2;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * One HBase {@link Connection} per distinct client configuration in the process, shared by every
 * worker: a connection is thread-safe and heavy (ZooKeeper session, region cache, thread pools),
 * while the {@code Table} each worker takes from it is light. The last worker to let go closes it.
 *
 * <p>Opening a connection can block for minutes on an unreachable ZooKeeper, so it happens under
 * the lock of its own configuration only: a stuck one never holds up another.
 */
final class HBaseConnections {
  private static final Map<String, Shared> SHARED = new HashMap<>();

  private HBaseConnections() {
  }

  /** A connection (once opened) and the number of workers holding or opening it. */
  private static final class Shared {
    Connection connection;
    int holders;
  }

  /**
   * @param settings the settings that make up the configuration (its identity)
   * @param config the configuration built from them
   * @return the shared connection for these settings, opened by the first caller
   * @throws IOException when the connection cannot be opened
   */
  static Connection acquire(TreeMap<String, String> settings, Configuration config) throws IOException {
    String identity = settings.toString();
    Shared s;
    synchronized (SHARED) {
      s = SHARED.computeIfAbsent(identity, k -> new Shared());
      s.holders++;
    }
    synchronized (s) {
      if (s.connection == null) {
        try {
          s.connection = ConnectionFactory.createConnection(config);
        } catch (IOException | RuntimeException e) {
          drop(identity, s);
          throw e;
        }
      }
      return s.connection;
    }
  }

  /**
   * @param connection a connection from {@link #acquire}; closed when its last holder releases it
   * @throws IOException when closing fails
   */
  static void release(Connection connection) throws IOException {
    Connection toClose = null;
    synchronized (SHARED) {
      for (Map.Entry<String, Shared> e : SHARED.entrySet()) {
        Shared s = e.getValue();
        if (s.connection == connection) {
          if (--s.holders == 0) {
            SHARED.remove(e.getKey());
            toClose = connection;
          }
          break;
        }
      }
    }
    if (toClose != null) {
      toClose.close();
    }
  }

  private static void drop(String identity, Shared s) {
    synchronized (SHARED) {
      if (--s.holders == 0) {
        SHARED.remove(identity);
      }
    }
  }
}
