package site.ycsb.db.voltdb;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the VoltDB binding, each declared once with its default and meaning. Names
 * are upstream YCSB's VoltDB binding's ({@code voltdb.servers}, {@code voltdb.user},
 * {@code voltdb.password}, {@code voltdb.ratelimit}).
 */
public final class VoltProperties implements PropertyCatalog {

  public static final PropertyDef SERVERS = PropertyDef.string("voltdb.servers", "localhost",
      "VoltDB servers to connect to, host or host:port, comma separated");

  public static final PropertyDef PORT = PropertyDef.integer("voltdb.port", 21212, 1, 65535,
      "client port of servers given without one");

  public static final PropertyDef USER = PropertyDef.string("voltdb.user", "",
      "user name when the database has security enabled; empty = none");

  public static final PropertyDef PASSWORD = PropertyDef.secret("voltdb.password", "password of voltdb.user");

  public static final PropertyDef RATE_LIMIT = PropertyDef.integer("voltdb.ratelimit", 0, 0, Integer.MAX_VALUE,
      "transactions per second the VoltDB client library lets through (a limit of the driver's own);"
          + " 0 = none: use the benchmark's target for a throttle whose latency is measured");

  public static final PropertyDef CALL_TIMEOUT = PropertyDef.integer("voltdb.calltimeout", 120_000, 1,
      Integer.MAX_VALUE, "ms the client waits for a procedure's answer before TIMEOUT; high so it does not"
          + " cap latency");

  public static final PropertyDef CREATE_SCHEMA = PropertyDef.bool("voltdb.createschema", true,
      "create the table (partitioned on its key) and the binding's procedures when missing");

  /** The table's key column. */
  static final String KEY_COLUMN = "ycsb_key";

  @Override
  public String module() {
    return "voltdb";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.voltdb.VoltClient4";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(SERVERS, PORT, USER, PASSWORD, RATE_LIMIT, CALL_TIMEOUT, CREATE_SCHEMA);
  }
}
