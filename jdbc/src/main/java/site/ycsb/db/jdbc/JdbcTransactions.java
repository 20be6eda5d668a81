package site.ycsb.db.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;

/**
 * The binding's transactions ({@link site.ycsb.TransactionalDB}): a work's reads and updates made
 * on the worker's {@code db.url} connection with auto-commit off, then one commit when the work
 * returned OK, else a rollback. Reads are plain {@code SELECT}s, never {@code SELECT ... FOR UPDATE}:
 * what a read-then-write transfer may see and lose is decided by {@code jdbc.isolation} alone, which
 * is what the closed-economy workload measures.
 *
 * <p>No retries here: a transaction the database aborted (see {@link JdbcFailures#isAbort}) is
 * rolled back and returned as ABORTED for the engine to make again. Once a read or update failed,
 * the transaction is over: later calls of the work return the same status without reaching the
 * database, and so does the transaction, whatever the work returns.
 *
 * <p>With several {@code db.url} shards a transaction would span databases without being atomic
 * across them, so every transaction is refused (NOT_IMPLEMENTED, reported once).
 */
public final class JdbcTransactions {
  /** Isolation "constant" for {@code jdbc.isolation=default}: the connection keeps the server's level. */
  public static final int SERVER_DEFAULT = -1;

  /** The one database transactions run on; null when {@code db.url} lists several shards. */
  private final JdbcEndpoint endpoint;
  private final int shards;
  private final RecordStatements statements;
  private final BindingContext context;

  /**
   * @param writers the worker's {@code db.url} endpoints, one per shard
   * @param statements the statements reads and updates share with plain operations
   * @param context where a refused transaction is reported
   */
  public JdbcTransactions(JdbcEndpoint[] writers, RecordStatements statements, BindingContext context) {
    this.endpoint = writers.length == 1 ? writers[0] : null;
    this.shards = writers.length;
    this.statements = statements;
    this.context = context;
  }

  /**
   * Reads {@code jdbc.isolation}.
   *
   * @param p the binding's properties
   * @return the {@link Connection} isolation constant, or {@link #SERVER_DEFAULT}
   * @throws site.ycsb.props.PropertyException naming the property, the value and the accepted ones
   */
  public static int isolationLevel(Properties p) {
    switch (JdbcProperties.ISOLATION.getChoice(p)) {
      case "read_committed":
        return Connection.TRANSACTION_READ_COMMITTED;
      case "repeatable_read":
        return Connection.TRANSACTION_REPEATABLE_READ;
      case "serializable":
        return Connection.TRANSACTION_SERIALIZABLE;
      default:
        return SERVER_DEFAULT;
    }
  }

  /** @return the {@code jdbc.isolation} value of an isolation constant, for messages */
  static String isolationName(int level) {
    switch (level) {
      case Connection.TRANSACTION_READ_COMMITTED:
        return "read_committed";
      case Connection.TRANSACTION_REPEATABLE_READ:
        return "repeatable_read";
      case Connection.TRANSACTION_SERIALIZABLE:
        return "serializable";
      default:
        return "default";
    }
  }

  /**
   * Makes one attempt of a transaction ({@link site.ycsb.TransactionalDB#transaction}).
   *
   * @param table the table of the work's keys
   * @param work the reads and updates
   * @return OK when committed; ABORTED when the database aborted it (rolled back); the work's own
   *     status when it returned another one (rolled back); NOT_IMPLEMENTED with several shards;
   *     ERROR, TIMEOUT or SERVICE_UNAVAILABLE for other failures, as plain operations report them
   */
  public Status run(String table, TransactionWork work) {
    if (endpoint == null) {
      context.reportOnce("jdbc transaction sharded",
          "jdbc: transactions need one database, but db.url lists " + shards + " shards (a transaction across"
              + " them would not be atomic): every transaction returns NOT_IMPLEMENTED; give db.url a single URL");
      return Status.NOT_IMPLEMENTED;
    }
    try {
      endpoint.beginTransaction();
    } catch (SQLException e) {
      return endpoint.failedInTransaction("transaction start", e);
    }
    Calls calls = new Calls(table);
    Status worked;
    try {
      worked = work.run(calls);
    } catch (RuntimeException | Error e) {
      // the engine decides what a failing work means; the connection must not stay in its transaction
      if (calls.failure == null) {
        rollback();
      }
      throw e;
    }
    if (calls.failure != null) {
      return calls.failure;
    }
    if (!worked.isOk()) {
      rollback();
      return worked;
    }
    try {
      endpoint.done();
      return Status.OK;
    } catch (SQLException e) {
      // a serialization failure at commit (PostgreSQL) is an abort; any other failed commit has an
      // unknown outcome, which failedInTransaction reports as a status the engine does not retry
      return endpoint.failedInTransaction("transaction commit", e);
    }
  }

  /** Rolls back a transaction whose work did not succeed; a rollback that fails drops the connection. */
  private void rollback() {
    try {
      endpoint.rollback();
    } catch (SQLException e) {
      endpoint.failed("transaction rollback", e);
    }
  }

  /** One attempt's reads and updates; remembers the first failure, which ends the transaction. */
  private final class Calls implements TransactionCalls {
    private final String table;
    /** The status of the failed statement (already rolled back), or null. */
    private Status failure;

    Calls(String table) {
      this.table = table;
    }

    @Override
    public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
      if (failure != null) {
        return failure;
      }
      try {
        return statements.read(endpoint, table, key, fields, result);
      } catch (SQLException e) {
        failure = endpoint.failedInTransaction("transaction read", e);
        return failure;
      }
    }

    @Override
    public Status update(String key, Map<String, ByteIterator> values) {
      if (failure != null) {
        return failure;
      }
      try {
        return statements.update(endpoint, table, key, values);
      } catch (SQLException e) {
        failure = endpoint.failedInTransaction("transaction update", e);
        return failure;
      }
    }
  }
}
