package site.ycsb.db.hbase2;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the HBase binding, each declared once with its default and meaning. Names
 * are upstream YCSB's HBase bindings' ({@code columnfamily}, {@code clientbuffering},
 * {@code writebuffersize}, {@code durability}, {@code hbase.usepagefilter}, {@code debug}), so
 * existing command lines keep working. Any other property under {@code hbase.},
 * {@code zookeeper.} or {@code hadoop.} is copied into the HBase client's configuration.
 */
public final class HBaseProperties implements PropertyCatalog {

  /** Durability names of HBase's {@code Durability} enum, as upstream's property takes them. */
  static final String[] DURABILITIES = {"USE_DEFAULT", "SKIP_WAL", "ASYNC_WAL", "SYNC_WAL", "FSYNC_WAL"};

  public static final PropertyDef COLUMN_FAMILY = PropertyDef.string("columnfamily", "family",
      "column family that holds the fields; each field is one column (qualifier = field name)");

  public static final PropertyDef CLIENT_BUFFERING = PropertyDef.bool("clientbuffering", false,
      "inserts, updates and deletes go through a client-side write buffer and return BATCHED_OK;"
          + " false = each one is sent and acknowledged before it returns");

  public static final PropertyDef WRITE_BUFFER_SIZE = PropertyDef.longValue("writebuffersize", 12L * 1024 * 1024,
      1, Long.MAX_VALUE, "bytes the client-side write buffer holds before it is sent (clientbuffering=true)");

  public static final PropertyDef DURABILITY = PropertyDef.choice("durability", "USE_DEFAULT",
      "write-ahead-log use of puts and deletes; SKIP_WAL loses acknowledged writes on a crash", DURABILITIES);

  public static final PropertyDef USE_PAGE_FILTER = PropertyDef.bool("hbase.usepagefilter", true,
      "scans also carry a PageFilter so each region server stops after the scan's record count");

  public static final PropertyDef CREATE_TABLE = PropertyDef.bool("hbase.createtable", false,
      "create the table with its column family when it is missing (an existing table is never changed)");

  public static final PropertyDef PRE_SPLITS = PropertyDef.integer("hbase.presplits", 1, 1, 10_000,
      "regions of a table made by hbase.createtable, split evenly over the key space user1000..user9999");

  public static final PropertyDef INIT_TIMEOUT = PropertyDef.integer("hbase.inittimeout", 30_000, 1,
      Integer.MAX_VALUE, "ms a worker's start may take to reach the cluster and check the table; the HBase"
          + " client itself retries an unreachable ZooKeeper for minutes");

  public static final PropertyDef DEBUG = PropertyDef.bool("debug", false,
      "print the HBase client configuration the binding connects with, once");

  /** Prefixes of HBase, ZooKeeper and Hadoop client settings handed to the HBase configuration. */
  static final List<String> CONFIG_PREFIXES = List.of("hbase.", "zookeeper.", "hadoop.");

  @Override
  public String module() {
    return "hbase2";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.hbase2.HBaseClient2";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(COLUMN_FAMILY, CLIENT_BUFFERING, WRITE_BUFFER_SIZE, DURABILITY, USE_PAGE_FILTER,
        CREATE_TABLE, PRE_SPLITS, INIT_TIMEOUT, DEBUG);
  }

  @Override
  public List<String> openPrefixes() {
    return CONFIG_PREFIXES;
  }
}
