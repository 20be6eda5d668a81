package site.ycsb.db.jdbc;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the JDBC binding: every value {@link site.ycsb.db.JdbcDBClient} reads is
 * declared here once, with its default and a one-line meaning. The {@code db.*} names are upstream
 * YCSB's.
 */
public final class JdbcProperties implements PropertyCatalog {

  public static final PropertyDef DRIVER = PropertyDef.string("db.driver", null,
      "JDBC driver class; unset = the driver that accepts db.url (every JDBC 4 driver registers itself)");

  public static final PropertyDef URL = PropertyDef.string("db.url", null,
      "JDBC URL of the database; several URLs separated by commas shard the keys over them by hash");

  public static final PropertyDef USER = PropertyDef.string("db.user", null,
      "user name for every connection; unset = none (or the one in the URL)");

  public static final PropertyDef PASSWORD = PropertyDef.secret("db.passwd",
      "password for every connection; unset = none (or the one in the URL)");

  public static final PropertyDef BATCH_SIZE = PropertyDef.integer("db.batchsize", 0, -1, 1_000_000,
      "inserts buffered per database and sent together once this many are pending (rest at cleanup);"
          + " 0 or -1 = every insert is sent at once");

  public static final PropertyDef FETCH_SIZE = PropertyDef.integer("jdbc.fetchsize", 0, 0, Integer.MAX_VALUE,
      "rows fetched per round trip by scans (Statement.setFetchSize); 0 = the driver's default");

  public static final PropertyDef AUTOCOMMIT = PropertyDef.bool("jdbc.autocommit", true,
      "JDBC auto-commit; false = the binding commits after every operation (after every batch when batching)");

  public static final PropertyDef BATCH_UPDATE_API = PropertyDef.bool("jdbc.batchupdateapi", false,
      "with db.batchsize > 0: send a batch with addBatch/executeBatch instead of one multi-row INSERT");

  public static final PropertyDef CREATE_TABLE = PropertyDef.bool("jdbc.createtable", false,
      "create the table (YCSB_KEY primary key + one column per field) in every db.url database where it is missing");

  public static final PropertyDef READ_URLS = PropertyDef.string("jdbc.readurls", null,
      "replica URLs that reads and scans go to (comma-separated); one db.url: each worker picks one round-robin;"
          + " several db.url shards: exactly one replica per shard, same order");

  public static final PropertyDef ISOLATION = PropertyDef.choice("jdbc.isolation", "default",
      "isolation level of the db.url connections, set when each is opened (Connection.setTransactionIsolation);"
          + " default = the server's",
      "default", "read_committed", "repeatable_read", "serializable");

  /** Name of the primary key column, as in upstream YCSB's JDBC schema. */
  public static final String KEY_COLUMN = "YCSB_KEY";

  @Override
  public String module() {
    return "jdbc";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.JdbcDBClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(DRIVER, URL, USER, PASSWORD, BATCH_SIZE, FETCH_SIZE, AUTOCOMMIT, BATCH_UPDATE_API,
        CREATE_TABLE, READ_URLS, ISOLATION);
  }
}
