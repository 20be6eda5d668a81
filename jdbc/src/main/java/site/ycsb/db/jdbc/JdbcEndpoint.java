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
  private final Map<Kind, Map<String, Map<Set<String>, Prepared>>> cache = new EnumMap<>(Kind.class);
  private Connection connection;
  private SqlDialect dialect;

  public JdbcEndpoint(String url, ConnectionFactory factory, boolean autoCommit) {
    this.url = url;
    this.factory = factory;
    this.autoCommit = autoCommit;
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
      } catch (SQLException e) {
        closeQuietly(c);
        throw e;
      }
      connection = c;
    }
    return connection;
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

  /** Ends a successful operation: commits when auto-commit is off. */
  public void done() throws SQLException {
    if (!autoCommit) {
      connection.commit();
    }
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

  private Status handle(SQLException e) {
    boolean lost = JdbcFailures.isConnectionLost(e);
    if (!lost && connection != null) {
      try {
        lost = connection.isClosed();
        if (!lost && !autoCommit) {
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
