package site.ycsb.db.redis;

import io.lettuce.core.api.StatefulConnection;

/**
 * One Lettuce connection of a worker (to one server, or a cluster connection), with auto-flush
 * off: commands sent to it wait in its buffer until the worker's {@code flush()} writes them
 * together. Carries what the commands on it need: the address for messages, the worker's
 * failure mapping and field names.
 */
final class AsyncConnection {
  final StatefulConnection<byte[], byte[]> connection;
  /** host:port, or "the cluster" */
  final String address;
  final AsyncFailures failures;
  final FieldNames names;
  /** Redis Cluster: commands must tell Lettuce their key (for its slot). */
  final boolean cluster;
  /** Whether commands were sent since the last flush; the worker thread only. */
  boolean unflushed;

  AsyncConnection(StatefulConnection<byte[], byte[]> connection, String address, AsyncFailures failures,
                  FieldNames names, boolean cluster) {
    this.connection = connection;
    this.address = address;
    this.failures = failures;
    this.names = names;
    this.cluster = cluster;
    connection.setAutoFlushCommands(false);
  }

  /** Queues the command in the connection's buffer; written by the next {@link #flush()}. */
  void send(RespCommand command) {
    connection.dispatch(command);
  }

  void flush() {
    unflushed = false;
    connection.flushCommands();
  }
}
