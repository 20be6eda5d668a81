package site.ycsb.db.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisChannelWriter;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.protocol.CommandExpiryWriter;
import io.lettuce.core.protocol.DefaultEndpoint;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One Lettuce connection of a worker (to one server, or a cluster connection), with auto-flush
 * off: commands sent to it wait in its buffer until the worker's {@code flush()} writes them
 * together. Carries what the commands on it need: the address for messages, the worker's
 * failure mapping and field names.
 */
final class AsyncConnection implements AsyncRedis.Lane {
  private static final VarHandle OUTSTANDING;

  static {
    try {
      OUTSTANDING = MethodHandles.lookup().findVarHandle(AsyncConnection.class, "outstanding", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final StatefulConnection<byte[], byte[]> connection;
  /** host:port, or "the cluster" */
  final String address;
  final RedisFailures failures;
  final FieldNames names;
  /** Redis Cluster: commands must tell Lettuce their key (for its slot). */
  final boolean cluster;
  /** Whether commands were sent since the last flush; the worker thread only. */
  boolean unflushed;
  /**
   * Whether the commands sent between two flushes go to Lettuce as one {@link Batch}: on the
   * worker's own event loop, where every send and every flush is on the worker's thread and the
   * replies are read by {@link DirectReplies}.
   */
  private final boolean batches;
  /** The commands sent since the last flush, with {@link #batches}. */
  private RespCommand[] pending;
  private int pendingCount;
  /**
   * Commands sent on it and not yet answered (or failed). Sent on the worker's thread (a scan's
   * reads on the I/O thread), answered on the I/O thread, failed on any: changed atomically.
   */
  @SuppressWarnings("unused")
  private volatile int outstanding;

  AsyncConnection(StatefulConnection<byte[], byte[]> connection, String address, RedisFailures failures,
                  FieldNames names, boolean cluster, boolean batches) {
    this.connection = connection;
    this.address = address;
    this.failures = failures;
    this.names = names;
    this.cluster = cluster;
    this.batches = batches && !cluster;
    this.pending = this.batches ? new RespCommand[16] : null;
    connection.setAutoFlushCommands(false);
  }

  /** Queues the command in the connection's buffer; written by the next {@link #flush()}. */
  void send(RespCommand command) {
    command.sentOn = this;
    OUTSTANDING.getAndAdd(this, 1);
    if (batches) {
      if (pendingCount == pending.length) {
        pending = Arrays.copyOf(pending, 2 * pendingCount);
      }
      pending[pendingCount++] = command;
    } else {
      connection.dispatch(command);
    }
  }

  /** A command sent on it completed: answered, or failed without an answer. */
  void answered() {
    OUTSTANDING.getAndAdd(this, -1);
  }

  @Override
  public int outstanding() {
    return outstanding;
  }

  void flush() {
    unflushed = false;
    write();
  }

  /** Writes what was sent, without the worker's bookkeeping: from a reply's handling (a scan's reads). */
  void write() {
    if (pendingCount == 1) {
      connection.dispatch(pending[0]);
    } else if (pendingCount > 1) {
      connection.dispatch(new Batch(Arrays.copyOf(pending, pendingCount)));
    }
    if (pendingCount > 0) {
      Arrays.fill(pending, 0, pendingCount, null);
      pendingCount = 0;
    }
    connection.flushCommands();
  }

  /**
   * Closes the connection's socket without closing the connection: Lettuce reconnects it as after
   * a lost connection (to the primary Sentinel names now), and the commands on it fail with
   * SERVICE_UNAVAILABLE ({@link LostConnections}).
   */
  void reconnect() {
    RedisChannelWriter writer = ((RedisChannelHandler<?, ?>) connection).getChannelWriter();
    while (writer instanceof CommandExpiryWriter) {
      writer = ((CommandExpiryWriter) writer).getDelegate(); // redis.timeout's wrapper around the endpoint
    }
    if (writer instanceof DefaultEndpoint) {
      ((DefaultEndpoint) writer).disconnect();
    }
  }
}
