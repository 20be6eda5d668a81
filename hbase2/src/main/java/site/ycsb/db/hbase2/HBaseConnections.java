package site.ycsb.db.hbase2;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import site.ycsb.DBException;

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

  /** A check run on a fresh connection before a worker may use it. */
  @FunctionalInterface
  interface Check {
    void run(Connection c) throws DBException;
  }

  /**
   * Acquires the shared connection and runs a check on it, within a time limit. Opening and the
   * first check are the first calls that need the cluster, and the HBase client retries an
   * unreachable ZooKeeper for minutes: they run in a thread of their own, so that a worker's
   * start fails in time. Whichever side claims first decides: the opener hands the connection
   * over, or the worker gives up and the opener lets the late connection go.
   *
   * @param settings the configuration's identity (see {@link #acquire})
   * @param config the configuration
   * @param timeoutMs how long the worker waits
   * @param zookeeper the quorum, for messages
   * @param check what must hold before the connection is used (e.g. the table exists)
   * @return the connection, held once by the caller
   * @throws DBException when the time is up, the connection cannot be opened or the check fails
   */
  static Connection acquireWithin(TreeMap<String, String> settings, Configuration config, int timeoutMs,
                                  String zookeeper, Check check) throws DBException {
    AtomicBoolean claimed = new AtomicBoolean();
    FutureTask<Connection> open = new FutureTask<>(() -> {
      Connection c = acquire(settings, config);
      try {
        check.run(c);
      } catch (DBException | RuntimeException e) {
        release(c);
        throw e;
      }
      if (!claimed.compareAndSet(false, true)) {
        release(c);
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
          + HBaseErrors.describe(cause), cause);
    } catch (InterruptedException e) {
      if (!claimed.compareAndSet(false, true)) {
        // the opener claimed first: its connection is on its way, and nobody will use it
        try {
          release(open.get());
        } catch (InterruptedException | ExecutionException | IOException ignored) {
          // nothing more to let go
        }
      }
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while connecting to HBase");
    }
  }
}
