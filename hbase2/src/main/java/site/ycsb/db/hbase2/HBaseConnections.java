package site.ycsb.db.hbase2;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import site.ycsb.DBException;

/**
 * Opens the HBase {@link Connection} (blocking side) or {@link AsyncConnection} (asynchronous
 * side, {@code -inflight N}) the workers of a phase share (through the binding context, one per
 * distinct client configuration): a connection is thread-safe and heavy (ZooKeeper session,
 * region cache, thread pools), while the {@code Table} or {@code AsyncTable} each worker takes
 * from it is light. The engine closes it when the phase ends.
 */
final class HBaseConnections {
  private HBaseConnections() {
  }

  /** A check run on a fresh connection before a worker may use it. */
  @FunctionalInterface
  interface Check {
    void run(Connection c) throws DBException;
  }

  /** Opens one kind of connection; may wait as long as the HBase client does. */
  @FunctionalInterface
  private interface Opener<C extends Closeable> {
    C open() throws Exception;
  }

  /**
   * Opens the blocking side's connection and checks the schema on it, within a time limit.
   *
   * @param config the configuration
   * @param timeoutMs how long to wait
   * @param zookeeper the quorum, for messages
   * @param check what must hold before the connection is used (e.g. the table exists)
   * @return the connection
   * @throws DBException when the time is up, the connection cannot be opened or the check fails
   */
  static Connection openWithin(Configuration config, int timeoutMs, String zookeeper, Check check)
      throws DBException {
    return openWithin(() -> {
      Connection c = ConnectionFactory.createConnection(config);
      try {
        check.run(c);
      } catch (DBException | RuntimeException e) {
        closeQuietly(c);
        throw e;
      }
      return c;
    }, timeoutMs, zookeeper);
  }

  /**
   * Opens the asynchronous side's connection within a time limit, after checking the schema
   * through a short-lived blocking connection (the check uses the blocking {@code Admin}, and
   * HBase 2 cannot turn one kind of connection into the other).
   *
   * @param config the configuration
   * @param timeoutMs how long the check and the opening may take together
   * @param zookeeper the quorum, for messages
   * @param check what must hold before the connection is used (e.g. the table exists)
   * @return the connection
   * @throws DBException when the time is up, the connection cannot be opened or the check fails
   */
  static AsyncConnection openAsyncWithin(Configuration config, int timeoutMs, String zookeeper, Check check)
      throws DBException {
    return openWithin(() -> {
      try (Connection c = ConnectionFactory.createConnection(config)) {
        check.run(c);
      }
      return ConnectionFactory.createAsyncConnection(config).get();
    }, timeoutMs, zookeeper);
  }

  /**
   * Opens a connection and runs a check on it, within a time limit. Opening and the first check
   * are the first calls that need the cluster, and the HBase client retries an unreachable
   * ZooKeeper for minutes: they run in a thread of their own, so that the start fails in time.
   * Whichever side claims first decides: the opener hands the connection over, or the caller
   * gives up and the opener closes the late connection.
   *
   * @param connect opens the connection and checks it
   * @param timeoutMs how long to wait
   * @param zookeeper the quorum, for messages
   * @return the connection
   * @throws DBException when the time is up, the connection cannot be opened or the check fails
   */
  private static <C extends Closeable> C openWithin(Opener<C> connect, int timeoutMs, String zookeeper)
      throws DBException {
    AtomicBoolean claimed = new AtomicBoolean();
    FutureTask<C> open = new FutureTask<>(() -> {
      C c = connect.open();
      if (!claimed.compareAndSet(false, true)) {
        // the caller gave up: nobody will use this connection
        closeQuietly(c);
      }
      return c;
    });
    Thread opener = new Thread(open, "hbase2-connect");
    opener.setDaemon(true);
    opener.start();
    try {
      try {
        return open.get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (!claimed.compareAndSet(false, true)) {
          // the opener got there first: its connection is on its way
          return open.get();
        }
        throw new DBException("cannot reach HBase within " + timeoutMs + " ms (hbase.inittimeout) through"
            + " ZooKeeper " + zookeeper + ": is the cluster up, and are hbase.zookeeper.quorum and"
            + " hbase.zookeeper.property.clientPort right?");
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof DBException) {
        throw (DBException) cause;
      }
      throw new DBException("cannot connect to HBase through ZooKeeper " + zookeeper + ": "
          + HBaseFailures.describe(cause), cause);
    } catch (InterruptedException e) {
      if (!claimed.compareAndSet(false, true)) {
        // the opener claimed first: its connection is on its way, and nobody will use it
        try {
          closeQuietly(open.get());
        } catch (InterruptedException | ExecutionException ignored) {
          // nothing more to let go
        }
      }
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while connecting to HBase");
    }
  }

  private static void closeQuietly(Closeable c) {
    try {
      c.close();
    } catch (IOException | RuntimeException e) {
      // a connection nobody uses: its close failing changes nothing
    }
  }
}
