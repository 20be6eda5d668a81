package site.ycsb.db.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The read, scan and update of records on one {@link JdbcEndpoint}: their statements are built
 * once per table and field set and cached on the endpoint. Plain operations and the reads and
 * writes of a transaction ({@link JdbcTransactions}) both go through here, so they run the same
 * SQL; what ends them (commit after each, or one commit for the transaction) is the caller's.
 */
public final class RecordStatements {
  /** Cache key of "every field" (null field set); no real column is called "*". */
  private static final Set<String> ALL_FIELDS = Set.of("*");

  private final int fetchSize;
  /** Lower-case column name to the workload's field name, so read-back uses the workload's names. */
  private final Map<String, String> fieldNames;

  /**
   * @param fetchSize rows per round trip for reads and scans; 0 = the driver's default
   * @param fieldNames lower-case column name to the workload's field name
   */
  public RecordStatements(int fetchSize, Map<String, String> fieldNames) {
    this.fetchSize = fetchSize;
    this.fieldNames = fieldNames;
  }

  /**
   * {@code SELECT * | fields FROM table WHERE YCSB_KEY = ?}.
   *
   * @return OK with the fields in {@code result}, or NOT_FOUND when there is no such record
   * @throws SQLException as the driver raised it; the caller decides what it means
   */
  public Status read(JdbcEndpoint ep, String table, String key, Set<String> fields,
                     Map<String, ByteIterator> result) throws SQLException {
    JdbcEndpoint.Prepared p = select(ep, JdbcEndpoint.Kind.READ, table, fields);
    p.statement.setString(1, key);
    try (ResultSet rs = p.statement.executeQuery()) {
      if (!rs.next()) {
        return Status.NOT_FOUND;
      }
      copyRow(rs, p, 1, result);
      return Status.OK;
    }
  }

  /**
   * The first {@code count} records from {@code startKey} on in key order.
   *
   * @param result receives one map per record
   * @param keys when not null, receives each record's key (in the order of {@code result})
   * @throws SQLException as the driver raised it
   */
  public void scan(JdbcEndpoint ep, String table, String startKey, int count, Set<String> fields,
                   List<HashMap<String, ByteIterator>> result, Collection<String> keys) throws SQLException {
    JdbcEndpoint.Prepared p = select(ep, JdbcEndpoint.Kind.SCAN, table, fields);
    p.statement.setString(1, startKey);
    p.statement.setInt(2, count);
    try (ResultSet rs = p.statement.executeQuery()) {
      while (rs.next()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        // the explicit column list of a scan starts with the key, so fields begin at column 2
        copyRow(rs, p, 2, row);
        result.add(row);
        if (keys != null) {
          keys.add(rs.getString(JdbcProperties.KEY_COLUMN));
        }
      }
    }
  }

  /**
   * {@code UPDATE table SET f1 = ?, ... WHERE YCSB_KEY = ?} with only the given fields.
   *
   * @return OK, NOT_FOUND when no record has the key, BAD_REQUEST (and no SQL) for no values
   * @throws SQLException as the driver raised it
   */
  public Status update(JdbcEndpoint ep, String table, String key, Map<String, ByteIterator> values)
      throws SQLException {
    if (values.isEmpty()) {
      return Status.BAD_REQUEST;
    }
    JdbcEndpoint.Prepared p = ep.cached(JdbcEndpoint.Kind.UPDATE, table, values.keySet());
    if (p == null) {
      String[] columns = JdbcEndpoint.sortedColumns(values.keySet());
      StringBuilder sql = new StringBuilder("UPDATE ").append(table).append(" SET ");
      for (int i = 0; i < columns.length; i++) {
        sql.append(i == 0 ? "" : ", ").append(columns[i]).append(" = ?");
      }
      sql.append(" WHERE ").append(JdbcProperties.KEY_COLUMN).append(" = ?");
      p = ep.prepare(JdbcEndpoint.Kind.UPDATE, table, values.keySet(), sql.toString(), columns);
    }
    for (int i = 0; i < p.columns.length; i++) {
      p.statement.setString(i + 1, values.get(p.columns[i]).toString());
    }
    p.statement.setString(p.columns.length + 1, key);
    return p.statement.executeUpdate() == 0 ? Status.NOT_FOUND : Status.OK;
  }

  /** Finds or prepares a read (key = ?) or scan (key >= ? ... LIMIT ?) for a field set. */
  private JdbcEndpoint.Prepared select(JdbcEndpoint ep, JdbcEndpoint.Kind kind, String table,
                                       Set<String> fields) throws SQLException {
    Set<String> cacheKey = fields == null ? ALL_FIELDS : fields;
    JdbcEndpoint.Prepared p = ep.cached(kind, table, cacheKey);
    if (p != null) {
      return p;
    }
    String[] columns = fields == null ? null : fields.toArray(new String[0]);
    String list;
    if (columns == null) {
      list = "*";
    } else {
      list = (kind == JdbcEndpoint.Kind.SCAN ? JdbcProperties.KEY_COLUMN + ", " : "") + String.join(", ", columns);
    }
    String sql = kind == JdbcEndpoint.Kind.SCAN ? ep.dialect().scan(list, table)
        : "SELECT " + list + " FROM " + table + " WHERE " + JdbcProperties.KEY_COLUMN + " = ?";
    p = ep.prepare(kind, table, cacheKey, sql, columns);
    if (fetchSize > 0) {
      p.statement.setFetchSize(fetchSize);
    }
    return p;
  }

  private void copyRow(ResultSet rs, JdbcEndpoint.Prepared p, int firstField, Map<String, ByteIterator> out)
      throws SQLException {
    if (p.columns != null) {
      for (int i = 0; i < p.columns.length; i++) {
        String v = rs.getString(firstField + i);
        if (v != null) {
          out.put(p.columns[i], new StringByteIterator(v));
        }
      }
      return;
    }
    if (p.labels == null) {
      JdbcEndpoint.learnLabels(p, rs.getMetaData(), fieldNames);
    }
    for (int i = 0; i < p.labels.length; i++) {
      if (p.labels[i] != null) {
        String v = rs.getString(i + 1);
        if (v != null) {
          out.put(p.labels[i], new StringByteIterator(v));
        }
      }
    }
  }
}
