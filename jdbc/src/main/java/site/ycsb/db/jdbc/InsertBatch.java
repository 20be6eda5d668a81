package site.ycsb.db.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Inserts buffered for one database ({@code db.batchsize > 0}). Rows are kept until the batch is
 * full and then sent in one round trip: one multi-row {@code INSERT ... VALUES (...), (...)} by
 * default, or the JDBC batch API ({@code jdbc.batchupdateapi=true}). What is left is sent at cleanup.
 */
public final class InsertBatch {
  /** Bind parameters per statement kept below the limits of PostgreSQL and MariaDB (65535). */
  private static final int MAX_PARAMETERS = 30_000;

  private final JdbcEndpoint endpoint;
  private final int size;
  private final boolean batchApi;
  private final List<String[]> rows;
  private String table;
  private Set<String> fieldSet;
  private String[] columns;

  public InsertBatch(JdbcEndpoint endpoint, int size, boolean batchApi) {
    this.endpoint = endpoint;
    this.size = size;
    this.batchApi = batchApi;
    this.rows = new ArrayList<>(size);
  }

  /** @return rows waiting to be sent */
  public int pending() {
    return rows.size();
  }

  /** @return the database this batch goes to, password masked */
  public String target() {
    return endpoint.maskedUrl();
  }

  /**
   * Buffers one row, sending the batch when it is full.
   *
   * @return BATCHED_OK when only buffered, OK when this row completed a batch that was stored,
   *     an error status when sending failed (the batch's rows are then dropped)
   */
  public Status add(String table, String key, Map<String, ByteIterator> values) {
    Status earlier = Status.OK;
    if (!rows.isEmpty() && (!table.equals(this.table) || !values.keySet().equals(fieldSet))) {
      // a row of another shape cannot share the statement: send what is pending first
      earlier = flush();
    }
    if (rows.isEmpty()) {
      this.table = table;
      this.fieldSet = Set.copyOf(values.keySet());
      this.columns = JdbcEndpoint.sortedColumns(values.keySet());
    }
    String[] row = new String[columns.length + 1];
    row[0] = key;
    for (int i = 0; i < columns.length; i++) {
      row[i + 1] = values.get(columns[i]).toString();
    }
    rows.add(row);
    if (rows.size() < size) {
      return earlier.isOk() ? Status.BATCHED_OK : earlier;
    }
    Status sent = flush();
    return earlier.isOk() ? sent : earlier;
  }

  /**
   * Sends every pending row.
   *
   * @return OK, or the status of the failure (the rows are dropped either way)
   */
  public Status flush() {
    if (rows.isEmpty()) {
      return Status.OK;
    }
    try {
      if (batchApi) {
        sendWithBatchApi();
      } else {
        sendAsMultiRowInserts();
      }
      endpoint.done();
      return Status.OK;
    } catch (SQLException e) {
      return endpoint.failed("insert", e);
    } finally {
      rows.clear();
    }
  }

  private void sendWithBatchApi() throws SQLException {
    JdbcEndpoint.Prepared p = endpoint.cached(JdbcEndpoint.Kind.INSERT, table, fieldSet);
    if (p == null) {
      p = endpoint.prepare(JdbcEndpoint.Kind.INSERT, table, fieldSet, insertSql(1), columns);
    }
    PreparedStatement ps = p.statement;
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        ps.setString(i + 1, row[i]);
      }
      ps.addBatch();
    }
    int[] counts = ps.executeBatch();
    for (int c : counts) {
      if (c != 1 && c != Statement.SUCCESS_NO_INFO) {
        throw new SQLException("a batched insert into " + table + " stored " + c + " rows instead of 1");
      }
    }
  }

  private void sendAsMultiRowInserts() throws SQLException {
    int perStatement = Math.max(1, Math.min(size, MAX_PARAMETERS / (columns.length + 1)));
    int from = 0;
    while (from < rows.size()) {
      int n = Math.min(perStatement, rows.size() - from);
      if (n == perStatement) {
        // full statements are the common case: keep them prepared
        JdbcEndpoint.Prepared p = endpoint.cached(JdbcEndpoint.Kind.MULTI_INSERT, table, fieldSet);
        if (p == null) {
          p = endpoint.prepare(JdbcEndpoint.Kind.MULTI_INSERT, table, fieldSet, insertSql(n), columns);
        }
        sendRows(p.statement, from, n);
      } else {
        try (PreparedStatement once = endpoint.prepareOnce(insertSql(n))) {
          sendRows(once, from, n);
        }
      }
      from += n;
    }
  }

  private void sendRows(PreparedStatement ps, int from, int n) throws SQLException {
    int param = 1;
    for (int r = from; r < from + n; r++) {
      for (String v : rows.get(r)) {
        ps.setString(param++, v);
      }
    }
    int stored = ps.executeUpdate();
    if (stored != n) {
      throw new SQLException("a multi-row insert into " + table + " stored " + stored + " of " + n + " rows");
    }
  }

  private String insertSql(int rowCount) {
    StringBuilder sql = new StringBuilder(JdbcEndpoint.insertHead(table, columns)).append(" VALUES ");
    for (int r = 0; r < rowCount; r++) {
      sql.append(r == 0 ? "(?" : ", (?");
      for (int i = 0; i < columns.length; i++) {
        sql.append(", ?");
      }
      sql.append(')');
    }
    return sql.toString();
  }
}
