package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import site.ycsb.DBException;

/**
 * The keyspace and table a benchmark needs: checked at start so that a missing table is one clear
 * message instead of a run of failed operations, and created on request
 * ({@code cassandra.createschema=true}) so that no cqlsh is needed. Both happen once per process
 * for the same table and fields, not once per worker thread.
 */
public final class CassandraSchema {

  private final CqlIdentifier keyspace;
  private final CqlIdentifier table;
  private final List<String> fields;

  /**
   * @param keyspace the keyspace
   * @param table the table
   * @param fields the field (column) names every record has
   */
  public CassandraSchema(CqlIdentifier keyspace, CqlIdentifier table, List<String> fields) {
    this.keyspace = keyspace;
    this.table = table;
    this.fields = fields;
  }

  /** @return keyspace.table as CQL, quoted where needed */
  public String qualifiedTable() {
    return keyspace.asCql(true) + "." + table.asCql(true);
  }

  /**
   * Creates what is missing: the keyspace, then the table with a text primary key {@code y_id}
   * and one column per field.
   *
   * @param session a connected session
   * @param replication the replication map as CQL, e.g. {@code {'class': 'SimpleStrategy', 'replication_factor': 1}}
   * @param columnType {@code text} or {@code blob}
   */
  public void create(CqlSession session, String replication, String columnType) throws DBException {
    {
      StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(qualifiedTable())
          .append(" (").append(CassandraProperties.KEY_COLUMN).append(" text PRIMARY KEY");
      for (String f : fields) {
        ddl.append(", ").append(column(f)).append(' ').append(columnType);
      }
      ddl.append(')');
      try {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace.asCql(true) + " WITH replication = "
            + replication);
        session.execute(ddl.toString());
      } catch (RuntimeException e) {
        throw new DBException("cassandra.createschema=true could not create " + qualifiedTable() + ": "
            + CassandraFailures.firstLine(e));
      }
    }
  }

  /**
   * Checks that the keyspace and table exist and that the table has the key and every field column.
   *
   * @param session a connected session
   * @throws DBException naming what is missing and how to get it
   */
  public void check(CqlSession session) throws DBException {
    {
      Set<String> columns = new HashSet<>();
      try {
        if (session.execute(SimpleStatement.newInstance(
            "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
            keyspace.asInternal())).one() == null) {
          throw new DBException("keyspace " + keyspace.asCql(true) + " (cassandra.keyspace) does not exist;"
              + " create it or set cassandra.createschema=true");
        }
        for (Row r : session.execute(SimpleStatement.newInstance(
            "SELECT column_name FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
            keyspace.asInternal(), table.asInternal()))) {
          columns.add(r.getString(0));
        }
      } catch (RuntimeException e) {
        throw new DBException("cannot read the schema of " + qualifiedTable() + ": " + CassandraFailures.firstLine(e));
      }
      if (columns.isEmpty()) {
        throw new DBException("table " + qualifiedTable() + " (property table) does not exist;"
            + " create it or set cassandra.createschema=true");
      }
      List<String> missing = new ArrayList<>();
      if (!columns.contains(CassandraProperties.KEY_COLUMN)) {
        missing.add(CassandraProperties.KEY_COLUMN);
      }
      for (String f : fields) {
        if (!columns.contains(f)) {
          missing.add(f);
        }
      }
      if (!missing.isEmpty()) {
        throw new DBException("table " + qualifiedTable() + " has no column(s) " + missing + " (from fieldcount and"
            + " fieldnameprefix); it needs " + CassandraProperties.KEY_COLUMN + " as primary key and one column"
            + " per field");
      }
    }
  }

  /** @return a field name as a CQL column name: kept exactly as the workload spells it */
  static String column(String field) {
    return CqlIdentifier.fromInternal(field).asCql(true);
  }
}
