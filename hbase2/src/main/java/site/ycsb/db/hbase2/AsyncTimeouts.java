package site.ycsb.db.hbase2;

import org.apache.hadoop.conf.Configuration;

/**
 * The asynchronous side's bound on an operation, when the user set none. HBase's client retries an
 * unreachable region server, and waits for a region's location while meta or ZooKeeper cannot be
 * reached, for up to {@code hbase.client.operation.timeout}: 20 minutes by default. An operation
 * waiting there holds its place in flight, so a crashed cluster would hold every place and show
 * as no traffic, its failures counted long after the run. With this bound such operations fail
 * ({@code SERVICE_UNAVAILABLE} when the region could not be located or its server refused the
 * connection, {@code TIMEOUT} for a server that did not answer) and their places go to the next
 * ones, while the client keeps trying the cluster in the background. The blocking side keeps
 * HBase's default, and so do the sessions of {@code -threads N} run in flight, which stand for
 * blocking threads.
 */
final class AsyncTimeouts {
  static final String OPERATION_TIMEOUT = "hbase.client.operation.timeout";
  /**
   * Far above an HBase operation's latency (milliseconds), short enough for an outage to show in
   * the (1 s) intervals it lasts.
   */
  static final int DEFAULT_OPERATION_TIMEOUT_MS = 1000;

  private AsyncTimeouts() {
  }

  /**
   * Bounds operations at {@value #DEFAULT_OPERATION_TIMEOUT_MS} ms unless the user set
   * {@value #OPERATION_TIMEOUT} (as a property of the run or in {@code hbase-site.xml}).
   *
   * @param config the asynchronous connection's configuration
   */
  static void boundOperations(Configuration config) {
    if (isDefault(config, OPERATION_TIMEOUT)) {
      config.setInt(OPERATION_TIMEOUT, DEFAULT_OPERATION_TIMEOUT_MS);
    }
  }

  /** @return whether the value comes from HBase's own defaults only */
  static boolean isDefault(Configuration config, String name) {
    String[] sources = config.getPropertySources(name);
    if (sources == null) {
      return config.get(name) == null;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml")) {
        return false;
      }
    }
    return true;
  }
}
