package site.ycsb.db.voltdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.voltdb.VoltTable;
import org.voltdb.client.Client;
import org.voltdb.client.ProcCallException;
import site.ycsb.DBException;

/**
 * The table a workload runs on and the binding's procedures on it. A record is one row of a
 * table partitioned on its key column, one VARBINARY column per field. Reads, inserts and deletes
 * use the procedures VoltDB makes for every table with a primary key ({@code T.select},
 * {@code T.insert}, {@code T.delete}); updates of one field or of all fields and scans use
 * single-statement procedures this class declares, so that no operation is planned per call.
 */
final class VoltSchema {

  /** Upper-case table name, as VoltDB reports and names it. */
  final String table;
  /** The workload's field names, in column order. */
  final List<String> fields;

  private VoltSchema(String table, List<String> fields) {
    this.table = table;
    this.fields = fields;
  }

  /**
   * @param table the workload's table
   * @param fields the workload's field names
   * @return the schema (names only; see {@link #ensure})
   */
  /** @return the table's name as the server knows it */
  String table() {
    return table;
  }

  static VoltSchema of(String table, List<String> fields) {
    return new VoltSchema(table.toUpperCase(Locale.ROOT), List.copyOf(fields));
  }

  /** @return the procedure updating only field i */
  String setOneProcedure(int i) {
    return table + "_YCSB_SET_" + fields.get(i).toUpperCase(Locale.ROOT);
  }

  /** @return the procedure updating every field */
  String setAllProcedure() {
    return table + "_YCSB_SET_ALL";
  }

  /** @return the procedure reading recordcount rows in key order from a start key */
  String scanProcedure() {
    return table + "_YCSB_SCAN";
  }

  /**
   * Makes sure the table and the procedures exist, creating what is missing when allowed. The
   * client calls it once per table and process (a shared resource of the binding context); a
   * concurrent client process creating them too is fine.
   *
   * @param client a connected client
   * @param create whether missing parts may be created
   * @param fieldLength the longest value a field holds (VARBINARY size of created columns)
   * @throws DBException naming what is missing or why it could not be made
   */
  void ensure(Client client, boolean create, int fieldLength) throws DBException {
    {
      try {
        if (!names(client, "TABLES", "TABLE_NAME").contains(table)) {
          if (!create) {
            throw new DBException("VoltDB: table " + table + " missing; set -p voltdb.createschema=true to create it");
          }
          createTable(client, fieldLength);
        }
        checkColumns(client);
        List<String> missing = missingProcedures(client);
        if (!missing.isEmpty()) {
          if (!create) {
            throw new DBException("VoltDB: procedures " + String.join(", ", missing) + " missing; set -p"
                + " voltdb.createschema=true to create them");
          }
          createProcedures(client, missing);
          missing = missingProcedures(client);
          if (!missing.isEmpty()) {
            throw new DBException("VoltDB: procedures " + String.join(", ", missing) + " still missing after"
                + " creating them");
          }
        }
      } catch (IOException | ProcCallException e) {
        throw new DBException("VoltDB: cannot check or create table " + table + ": " + VoltFailures.describe(e), e);
      }
    }
  }

  private List<String> missingProcedures(Client client) throws IOException, ProcCallException {
    Set<String> procedures = names(client, "PROCEDURES", "PROCEDURE_NAME");
    List<String> missing = new ArrayList<>();
    for (String p : procedureNames()) {
      if (!procedures.contains(p)) {
        missing.add(p);
      }
    }
    return missing;
  }

  /**
   * The generated insert takes every column in table order, so the table must have exactly the
   * key and the workload's fields, in that order (a table made for another fieldcount fails here,
   * not on every insert).
   */
  private void checkColumns(Client client) throws IOException, ProcCallException, DBException {
    VoltTable t = client.callProcedure("@SystemCatalog", "COLUMNS").getResults()[0];
    String[] found = new String[fields.size() + 1];
    int count = 0;
    while (t.advanceRow()) {
      if (t.getString("TABLE_NAME").equalsIgnoreCase(table)) {
        int position = (int) t.getLong("ORDINAL_POSITION");
        if (position >= 1 && position <= found.length) {
          found[position - 1] = t.getString("COLUMN_NAME").toUpperCase(Locale.ROOT);
        }
        count++;
      }
    }
    List<String> expected = new ArrayList<>();
    expected.add(VoltProperties.KEY_COLUMN.toUpperCase(Locale.ROOT));
    for (String f : fields) {
      expected.add(f.toUpperCase(Locale.ROOT));
    }
    if (count != expected.size() || !expected.equals(List.of(found))) {
      throw new DBException("VoltDB table " + table + " has " + count + " columns, expected exactly " + expected
          + " (the key, then fieldcount fields named fieldnameprefix + number)");
    }
  }

  private List<String> procedureNames() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      names.add(setOneProcedure(i));
    }
    names.add(setAllProcedure());
    names.add(scanProcedure());
    return names;
  }

  private static Set<String> names(Client client, String selector, String column)
      throws IOException, ProcCallException {
    VoltTable t = client.callProcedure("@SystemCatalog", selector).getResults()[0];
    Set<String> out = new HashSet<>();
    while (t.advanceRow()) {
      out.add(t.getString(column).toUpperCase(Locale.ROOT));
    }
    return out;
  }

  private void createTable(Client client, int fieldLength) throws IOException, ProcCallException {
    StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(table).append(" (")
        .append(VoltProperties.KEY_COLUMN).append(" VARCHAR(255 BYTES) NOT NULL");
    for (String f : fields) {
      ddl.append(", ").append(f).append(" VARBINARY(").append(fieldLength).append(')');
    }
    ddl.append(", PRIMARY KEY (").append(VoltProperties.KEY_COLUMN).append("));\n")
        .append("PARTITION TABLE ").append(table).append(" ON COLUMN ").append(VoltProperties.KEY_COLUMN)
        .append(';');
    ddlIgnoringExisting(client, ddl.toString());
  }

  private void createProcedures(Client client, List<String> missing) throws IOException, ProcCallException {
    String key = VoltProperties.KEY_COLUMN;
    for (int i = 0; i < fields.size(); i++) {
      if (missing.contains(setOneProcedure(i))) {
        ddlIgnoringExisting(client, "CREATE PROCEDURE " + setOneProcedure(i) + " PARTITION ON TABLE " + table
            + " COLUMN " + key + " PARAMETER 1 AS UPDATE " + table + " SET " + fields.get(i) + " = ? WHERE "
            + key + " = ?;");
      }
    }
    if (missing.contains(setAllProcedure())) {
      StringBuilder set = new StringBuilder();
      for (String f : fields) {
        set.append(set.length() == 0 ? "" : ", ").append(f).append(" = ?");
      }
      ddlIgnoringExisting(client, "CREATE PROCEDURE " + setAllProcedure() + " PARTITION ON TABLE " + table
          + " COLUMN " + key + " PARAMETER " + fields.size() + " AS UPDATE " + table + " SET " + set + " WHERE "
          + key + " = ?;");
    }
    if (missing.contains(scanProcedure())) {
      // a multi-partition read: every partition contributes, the ordered primary key index merges
      ddlIgnoringExisting(client, "CREATE PROCEDURE " + scanProcedure() + " AS SELECT * FROM " + table
          + " WHERE " + key + " >= ? ORDER BY " + key + " LIMIT ?;");
    }
  }

  /** Runs DDL; another client creating the same object first is not an error. */
  private static void ddlIgnoringExisting(Client client, String ddl) throws IOException, ProcCallException {
    try {
      client.callProcedure("@AdHoc", ddl);
    } catch (ProcCallException e) {
      String status = e.getClientResponse().getStatusString();
      if (status == null || !status.toLowerCase(Locale.ROOT).contains("already exists")) {
        throw e;
      }
    }
  }
}
