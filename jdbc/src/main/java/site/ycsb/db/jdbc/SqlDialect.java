package site.ycsb.db.jdbc;

import java.util.Locale;

/**
 * The few places where SQL differs between the databases the binding knows: column types for
 * {@code jdbc.createtable} and how a scan limits its rows. Everything else is plain SQL.
 */
public enum SqlDialect {
  /** PostgreSQL: TEXT values; the key in the "C" collation so ORDER BY is byte order. */
  POSTGRESQL("VARCHAR(255) COLLATE \"C\"", "TEXT", true),
  /** MariaDB and MySQL: TEXT values; a binary collation on the key for byte order and exact matches. */
  MYSQL("VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "TEXT", true),
  /** Databases that limit rows with the SQL:2008 FETCH clause (Oracle 12+, SQL Server, Db2, Derby). */
  STANDARD("VARCHAR(255)", null, false),
  /** Anything else: LIMIT (H2, SQLite, HSQLDB, CockroachDB, ... accept it). */
  OTHER("VARCHAR(255)", null, false);

  private final String keyType;
  private final String valueType;
  private final boolean createIfNotExists;

  SqlDialect(String keyType, String valueType, boolean createIfNotExists) {
    this.keyType = keyType;
    this.valueType = valueType;
    this.createIfNotExists = createIfNotExists;
  }

  /**
   * @param productName {@link java.sql.DatabaseMetaData#getDatabaseProductName()}
   * @return the dialect for it
   */
  static SqlDialect of(String productName) {
    String p = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
    if (p.contains("postgres")) {
      return POSTGRESQL;
    }
    if (p.contains("mariadb") || p.contains("mysql")) {
      return MYSQL;
    }
    if (p.contains("oracle") || p.contains("sql server") || p.contains("db2") || p.contains("derby")) {
      return STANDARD;
    }
    return OTHER;
  }

  /**
   * @param table the table name
   * @param fieldColumns the value columns, in order
   * @param fieldLength the configured field length, sizing VARCHAR values where TEXT is not known
   * @return the CREATE TABLE statement
   */
  String createTable(String table, String[] fieldColumns, int fieldLength) {
    StringBuilder sql = new StringBuilder("CREATE TABLE ");
    if (createIfNotExists) {
      sql.append("IF NOT EXISTS ");
    }
    sql.append(table).append(" (").append(JdbcProperties.KEY_COLUMN).append(' ').append(keyType)
        .append(" PRIMARY KEY");
    String type = valueType != null ? valueType : "VARCHAR(" + Math.max(fieldLength, 255) + ")";
    for (String column : fieldColumns) {
      sql.append(", ").append(column).append(' ').append(type);
    }
    return sql.append(')').toString();
  }

  /**
   * @param columns what to select, e.g. {@code *} or {@code YCSB_KEY, FIELD1}
   * @param table the table name
   * @return a scan: the first {@code ?} is the start key, the second the row limit
   */
  public String scan(String columns, String table) {
    String head = "SELECT " + columns + " FROM " + table + " WHERE " + JdbcProperties.KEY_COLUMN
        + " >= ? ORDER BY " + JdbcProperties.KEY_COLUMN;
    return this == STANDARD ? head + " OFFSET 0 ROWS FETCH NEXT ? ROWS ONLY" : head + " LIMIT ?";
  }
}
