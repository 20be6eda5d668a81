package site.ycsb.db.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One connection of one binding instance to one database URL, with the prepared statements made
 * on it. A connection that breaks is dropped with its statements and opened again by the next
 * operation, so a database that comes back is used again without restarting the run.
 *
 * <p>The connection starts in the configured auto-commit mode; its first transaction
 * ({@link #beginTransaction()}) turns auto-commit off for good, and from then on every plain
 * operation commits itself ({@link #done()}), as with {@code jdbc.autocommit=false}. Switching back
 * after each transaction would cost MariaDB's driver two more round trips per transaction.
 */
public final class JdbcEndpoint implements AutoCloseable {
  /** What a cached statement does; with the table and field set it identifies the statement. */
  public enum Kind { READ, SCAN, UPDATE, INSERT, MULTI_INSERT, DELETE }

  /** A prepared statement and the columns its parameters or results are in. */
  public static final class Prepared {
    public final PreparedStatement statement;
    /** Field columns in parameter/result order; null for {@code SELECT *}. */
    public final String[] columns;
    /** For {@code SELECT *}: the field name of each result column (null = the key), filled on first use. */
    public String[] labels;

    Prepared(PreparedStatement statement, String[] columns) {
      this.statement = statement;
      this.columns = columns;
    }
  }

  private final String url;
  private final ConnectionFactory factory;
  /** Where failures are reported once; null in tools that only probe. */
  private site.ycsb.BindingContext reporter;
  private final boolean autoCommit;
  /** {@link java.sql.Connection} isolation constant, or {@link JdbcTransactions#SERVER_DEFAULT}. */
  private final int isolation;
  /** Whether the open connection has auto-commit off, so the binding commits and rolls back. */
  private boolean manualCommit;
  private final Map<Kind, Map<String, Map<Set<String>, Prepared>>> cache = new EnumMap<>(Kind.class);
  private Connection connection;
  private SqlDialect dialect;

  /** An endpoint whose connections keep the server's isolation level (read replicas). */
  public JdbcEndpoint(String url, ConnectionFactory factory, boolean autoCommit) {
    this(url, factory, autoCommit, JdbcTransactions.SERVER_DEFAULT);
  }

  /**
   * @param isolation the {@link Connection} isolation constant every connection is set to when
   *     opened ({@code jdbc.isolation}), or {@link JdbcTransactions#SERVER_DEFAULT}
   */
  public JdbcEndpoint(String url, ConnectionFactory factory, boolean autoCommit, int isolation) {
    this.url = url;
    this.factory = factory;
    this.autoCommit = autoCommit;
    this.isolation = isolation;
    for (Kind k : Kind.values()) {
      cache.put(k, new HashMap<>());
    }
  }

  /**
   * Opens the connection at start-up.
   *
   * @param property the property the URL came from, for the message
   * @throws DBException with one line naming the URL (password masked) when it fails
   */
  public void open(String property) throws DBException {
    try {
      connection();
    } catch (SQLException e) {
      throw new DBException(describeFailure(property, e));
    }
  }

  private String describeFailure(String property, SQLException e) {
    String masked = JdbcUrls.mask(url);
    String msg = JdbcFailures.firstLine(e);
    if (msg.startsWith("No suitable driver")) {
      return "no JDBC driver on the class path accepts " + property + "=" + masked
          + "; set db.driver or put the driver's jar into jdbc/target/lib/";
    }
    return "cannot connect to " + masked + " (" + property
        + (factory.user() != null ? ", user " + factory.user() : "") + "): " + msg;
  }

  /** @return the open connection, opened again if it was lost */
  Connection connection() throws SQLException {
    if (connection == null) {
      Connection c = factory.connect(url);
      try {
        if (dialect == null) {
          dialect = SqlDialect.of(c.getMetaData().getDatabaseProductName());
        }
        c.setAutoCommit(autoCommit);
        setIsolation(c);
      } catch (SQLException e) {
        closeQuietly(c);
        throw e;
      }
      connection = c;
      manualCommit = !autoCommit;
    }
    return connection;
  }

  private void setIsolation(Connection c) throws SQLException {
    if (isolation == JdbcTransactions.SERVER_DEFAULT) {
      return;
    }
    try {
      c.setTransactionIsolation(isolation);
    } catch (SQLException e) {
      // without this the message would only say that connecting failed, not which setting did
      throw new SQLException(JdbcProperties.ISOLATION.name() + "=" + JdbcTransactions.isolationName(isolation)
          + " is refused: " + JdbcFailures.firstLine(e), e.getSQLState(), e.getErrorCode(), e);
    }
  }

  /** @return the SQL dialect of the database (known once the first connection was opened) */
  public SqlDialect dialect() {
    return dialect == null ? SqlDialect.OTHER : dialect;
  }

  /** Reports this endpoint's failed operations through the binding context. */
  public void reportTo(site.ycsb.BindingContext context) {
    this.reporter = context;
  }

  /** @return the URL with its password masked */
  public String maskedUrl() {
    return JdbcUrls.mask(url);
  }

  /**
   * @param kind the statement kind
   * @param table the table
   * @param fields the field set (an equal set finds the same statement)
   * @return the cached statement, or null
   */
  public Prepared cached(Kind kind, String table, Set<String> fields) {
    Map<Set<String>, Prepared> byFields = cache.get(kind).get(table);
    return byFields == null ? null : byFields.get(fields);
  }

  /**
   * Prepares a statement and caches it for this kind, table and field set.
   *
   * @param columns the field columns in parameter/result order, or null for {@code SELECT *}
   * @return the new statement
   */
  public Prepared prepare(Kind kind, String table, Set<String> fields, String sql, String[] columns)
      throws SQLException {
    Prepared p = new Prepared(connection().prepareStatement(sql), columns);
    cache.get(kind).computeIfAbsent(table, t -> new HashMap<>()).put(Set.copyOf(fields), p);
    return p;
  }

  /**
   * @param fields field names
   * @return them sorted: insert and update statements list their columns in this fixed order, so
   *     every statement for one field set binds its parameters the same way
   */
  public static String[] sortedColumns(Set<String> fields) {
    String[] columns = fields.toArray(new String[0]);
    Arrays.sort(columns);
    return columns;
  }

  /** @return {@code INSERT INTO table (YCSB_KEY, c1, c2, ...)} */
  public static String insertHead(String table, String[] columns) {
    StringBuilder sql = new StringBuilder("INSERT INTO ").append(table).append(" (").append(JdbcProperties.KEY_COLUMN);
    for (String c : columns) {
      sql.append(", ").append(c);
    }
    return sql.append(')').toString();
  }

  /** Prepares a statement that is not cached (the caller closes it). */
  PreparedStatement prepareOnce(String sql) throws SQLException {
    return connection().prepareStatement(sql);
  }

  /**
   * Fills {@link Prepared#labels} for a {@code SELECT *} statement from its result columns.
   *
   * @param p the statement
   * @param meta its result metadata
   * @param fieldNames lower-case column name to the workload's field name
   */
  public static void learnLabels(Prepared p, ResultSetMetaData meta, Map<String, String> fieldNames)
      throws SQLException {
    String[] labels = new String[meta.getColumnCount()];
    for (int i = 0; i < labels.length; i++) {
      String label = meta.getColumnLabel(i + 1);
      if (!label.equalsIgnoreCase(JdbcProperties.KEY_COLUMN)) {
        labels[i] = fieldNames.getOrDefault(label.toLowerCase(Locale.ROOT), label);
      }
    }
    p.labels = labels;
  }

  /** Ends a successful operation, or a transaction whose work succeeded: commits when auto-commit is off. */
  public void done() throws SQLException {
    if (manualCommit) {
      connection.commit();
    }
  }

  /**
   * Makes the statements that follow, up to {@link #done()} or {@link #rollback()}, one
   * transaction: opens the connection if it was lost and turns its auto-commit off (for good,
   * see the class comment).
   */
  void beginTransaction() throws SQLException {
    Connection c = connection();
    if (!manualCommit) {
      c.setAutoCommit(false);
      manualCommit = true;
    }
  }

  /** Rolls back the open transaction (one {@link #beginTransaction()} began). */
  void rollback() throws SQLException {
    connection.rollback();
  }

  /**
   * Runs one statement outside the cache (DDL) and commits it.
   *
   * @param sql the statement
   */
  void execute(String sql) throws SQLException {
    try (Statement s = connection().createStatement()) {
      s.execute(sql);
    }
    done();
  }

  /**
   * Handles a failed operation: rolls back an open transaction and, when the connection is lost,
   * drops it so the next operation opens a new one.
   *
   * @param e the driver error
   * @return the status to report
   */
  Status failed(SQLException e) {
    return failed(null, e);
  }

  /**
   * Handles a failed operation as {@link #failed(SQLException)} does and reports its cause once.
   *
   * @param operation e.g. {@code read}; null for a check whose failure is expected (does a table exist)
   * @param e the driver error
   * @return the status to report
   */
  public Status failed(String operation, SQLException e) {
    Status status = handle(e);
    if (operation != null && reporter != null) {
      reporter.reportOnce("jdbc " + operation + " " + status.getName() + " " + JdbcFailures.cause(e),
          "jdbc: " + operation + " on " + maskedUrl() + " failed with " + status.getName() + ": "
              + JdbcFailures.firstLine(e) + " (SQLState " + e.getSQLState() + ", code " + e.getErrorCode() + ")"
              + JdbcFailures.hint(e));
    }
    return status;
  }

  /**
   * Handles a failed statement of a transaction: rolls it back (the database may have rolled back
   * only the statement) and drops a lost connection.
   *
   * @param operation e.g. {@code transaction read}, for the report of a failure that is not an abort
   * @param e the driver error
   * @return ABORTED when the database refused the transaction in a way that may succeed if it is
   *     made again ({@link JdbcFailures#abortCause}); otherwise the status
   *     {@link #failed(String, SQLException)} gives, reported once as it does
   */
  Status failedInTransaction(String operation, SQLException e) {
    String abort = JdbcFailures.abortCause(e, dialect());
    if (abort != null) {
      // an abort is an outcome the engine counts and retries, not a failure to report
      handle(e);
      return Status.aborted(abort);
    }
    return failed(operation, e);
  }

  private Status handle(SQLException e) {
    boolean lost = JdbcFailures.isConnectionLost(e);
    if (!lost && connection != null) {
      try {
        lost = connection.isClosed();
        if (!lost && manualCommit) {
          connection.rollback();
        }
      } catch (SQLException again) {
        lost = true;
      }
    }
    if (lost) {
      dropConnection();
      return Status.SERVICE_UNAVAILABLE;
    }
    return JdbcFailures.statusOf(e, dialect());
  }

  private void dropConnection() {
    for (Map<String, Map<Set<String>, Prepared>> byTable : cache.values()) {
      byTable.clear();
    }
    if (connection != null) {
      closeQuietly(connection);
      connection = null;
    }
  }

  @Override
  public void close() {
    dropConnection();
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException | RuntimeException e) {
      // the connection is being discarded; nothing useful can be done with this error
    }
  }
}
