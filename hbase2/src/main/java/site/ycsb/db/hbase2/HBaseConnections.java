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
 */
final class HBaseConnections {
  private static final Map<String, Shared> SHARED = new HashMap<>();

  private HBaseConnections() {
  }

  /** A connection and the number of workers holding it. */
  private static final class Shared {
    final Connection connection;
    int holders;

    Shared(Connection connection) {
      this.connection = connection;
    }
  }

  /**
   * @param settings the settings that make up the configuration (its identity)
   * @param config the configuration built from them
   * @return the shared connection for these settings, opened by the first caller
   * @throws IOException when the connection cannot be opened
   */
  static synchronized Connection acquire(TreeMap<String, String> settings, Configuration config) throws IOException {
    String identity = settings.toString();
    Shared s = SHARED.get(identity);
    if (s == null) {
      s = new Shared(ConnectionFactory.createConnection(config));
      SHARED.put(identity, s);
    }
    s.holders++;
    return s.connection;
  }

  /**
   * @param connection a connection from {@link #acquire}; closed when its last holder releases it
   * @throws IOException when closing fails
   */
  static synchronized void release(Connection connection) throws IOException {
    for (Map.Entry<String, Shared> e : SHARED.entrySet()) {
      Shared s = e.getValue();
      if (s.connection == connection) {
        if (--s.holders == 0) {
          SHARED.remove(e.getKey());
          s.connection.close();
        }
        return;
      }
    }
  }
}
