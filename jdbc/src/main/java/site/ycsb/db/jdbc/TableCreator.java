package site.ycsb.db.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Locale;
import site.ycsb.DBException;

/**
 * {@code jdbc.createtable}: makes the benchmark table in a database where it is missing. The
 * client calls it once per database and table in a process (a shared resource of the binding
 * context), so workers never run CREATE TABLE concurrently.
 */
public final class TableCreator {
  private TableCreator() {
  }

  /**
   * Creates the table with a key column and {@code fieldCount} value columns unless it exists.
   *
   * @throws DBException with one line naming the table and the database when it cannot be created
   */
  public static void createIfMissing(JdbcEndpoint w, String table, int fieldCount, String prefix,
                              int fieldLength) throws DBException {
    String[] columns = new String[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      columns[i] = (prefix + i).toUpperCase(Locale.ROOT);
    }
    String ddl = w.dialect().createTable(table, columns, fieldLength);
    try {
      if (w.dialect() == SqlDialect.POSTGRESQL || w.dialect() == SqlDialect.MYSQL || !tableExists(w, table)) {
        w.execute(ddl);
      }
    } catch (SQLException e) {
      w.failed(e);
      // another process may have created it meanwhile; only a table that is still missing is an error
      if (!tableExists(w, table)) {
        throw new DBException("jdbc.createtable: cannot create table " + table + " in " + w.maskedUrl() + ": "
            + JdbcFailures.firstLine(e));
      }
    }
  }

  /** @return whether a query on the table works, i.e. the table exists and is readable */
  static boolean tableExists(JdbcEndpoint w, String table) {
    try (PreparedStatement ps = w.prepareOnce("SELECT 1 FROM " + table + " WHERE 1 = 0")) {
      ps.executeQuery().close();
      w.done();
      return true;
    } catch (SQLException e) {
      w.failed(e);
      return false;
    }
  }
}
