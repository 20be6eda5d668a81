package site.ycsb.db.hbase2;

import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.Masking;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.PropertyException;

/**
 * Apache HBase 2.x through HBase's shaded Java client. A record is one row keyed by the record
 * key; each field is one column of the configured column family, its qualifier the field name.
 *
 * <p>All workers share one {@link Connection} (see {@link HBaseConnections}); each takes its own
 * {@link Table}, which is not thread-safe. The client finds the cluster the usual way: an
 * {@code hbase-site.xml} on the class path ({@code bin/ycsb ... -cp /etc/hbase/conf}) and any
 * {@code hbase.*}, {@code zookeeper.*} or {@code hadoop.*} property given to the benchmark, e.g.
 * {@code -p hbase.zookeeper.quorum=zk1,zk2}.
 */
public class HBaseClient2 extends DB {
  /** The binding's own property names, which stay out of the HBase client configuration. */
  private static final Set<String> OWN_NAMES = new HBaseProperties().properties().stream()
      .map(PropertyDef::name).collect(Collectors.toUnmodifiableSet());

  private Connection connection;
  /** Where failures are reported once. */
  private BindingContext context;
  private byte[] family;
  private Durability durability;
  private boolean usePageFilter;
  private boolean clientBuffering;
  private long writeBufferSize;

  /** The table the last operation named; workloads use one table, so this is opened once. */
  private String tableName;
  private Table table;
  private BufferedMutator mutator;
  /** Field names as column qualifiers, encoded once per worker instead of once per operation. */
  private final Map<String, byte[]> qualifiers = new HashMap<>();

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    try {
      connect(getProperties());
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
  }

  private void connect(Properties p) throws DBException {
    String familyName = HBaseProperties.COLUMN_FAMILY.get(p);
    if (familyName == null || familyName.isEmpty()) {
      throw new DBException("property columnfamily must name the column family of table "
          + CoreProperties.TABLE.get(p));
    }
    family = Bytes.toBytes(familyName);
    durability = Durability.valueOf(HBaseProperties.DURABILITY.getChoice(p).toUpperCase(Locale.ROOT));
    usePageFilter = HBaseProperties.USE_PAGE_FILTER.getBoolean(p);
    clientBuffering = HBaseProperties.CLIENT_BUFFERING.getBoolean(p);
    writeBufferSize = HBaseProperties.WRITE_BUFFER_SIZE.getLong(p);

    TreeMap<String, String> settings = clientSettings(p);
    Configuration config = HBaseConfiguration.create();
    settings.forEach(config::set);
    if (HBaseProperties.DEBUG.getBoolean(p)) {
      // once per phase, not per worker
      context.shared("hbase2 described " + settings, () -> {
        printSettings(settings, config);
        return Boolean.TRUE;
      });
    }
    TableName table = TableName.valueOf(CoreProperties.TABLE.get(p));
    int timeoutMs = HBaseProperties.INIT_TIMEOUT.getInt(p);
    boolean createTable = HBaseProperties.CREATE_TABLE.getBoolean(p);
    int regions = HBaseProperties.PRE_SPLITS.getInt(p);
    String zookeeper = config.get("hbase.zookeeper.quorum") + ":" + config.get("hbase.zookeeper.property.clientPort");
    // one connection per client configuration and phase; the others wait for the first worker's
    // attempt and share its connection, or its failure
    connection = context.shared("hbase2 " + settings, () -> HBaseConnections.openWithin(config, timeoutMs,
        zookeeper, c -> HBaseSchema.ensure(c, table, familyName, createTable, regions)));
  }

  /**
   * @return the HBase client settings among the benchmark's properties: every {@code hbase.},
   *     {@code zookeeper.} or {@code hadoop.} name that is not one of this binding's own
   */
  static TreeMap<String, String> clientSettings(Properties p) {
    TreeMap<String, String> settings = new TreeMap<>();
    for (String name : p.stringPropertyNames()) {
      if (!OWN_NAMES.contains(name) && HBaseProperties.CONFIG_PREFIXES.stream().anyMatch(name::startsWith)) {
        settings.put(name, p.getProperty(name));
      }
    }
    return settings;
  }

  private static void printSettings(Map<String, String> settings, Configuration config) {
    StringBuilder b = new StringBuilder("hbase2: connecting with ZooKeeper quorum ")
        .append(config.get("hbase.zookeeper.quorum")).append(':')
        .append(config.get("hbase.zookeeper.property.clientPort"));
    settings.forEach((k, v) -> b.append("\n  ").append(k).append('=').append(Masking.maskIfSecret(k, v)));
    System.err.println(b);
  }

  @Override
  public void cleanup() throws DBException {
    IOException failure = null;
    try {
      if (mutator != null) {
        // buffered writes not yet sent go out now
        mutator.close();
      }
    } catch (IOException e) {
      failure = e;
    }
    try {
      if (table != null) {
        table.close();
      }
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    mutator = null;
    table = null;
    tableName = null;
    // the shared connection itself is closed by the engine when the phase ends
    connection = null;
    if (failure != null) {
      throw new DBException("HBase: buffered writes could not be sent at cleanup: " + HBaseErrors.describe(failure),
          failure);
    }
  }

  /** Opens the worker's table (and write buffer) for the named table when it is not the current one. */
  private void use(String name) throws IOException {
    if (name.equals(tableName)) {
      return;
    }
    if (mutator != null) {
      mutator.close();
      mutator = null;
    }
    if (table != null) {
      table.close();
    }
    TableName tn = TableName.valueOf(name);
    table = connection.getTable(tn);
    if (clientBuffering) {
      mutator = connection.getBufferedMutator(new BufferedMutatorParams(tn).writeBufferSize(writeBufferSize));
    }
    tableName = name;
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      use(tableName);
      Get get = new Get(Bytes.toBytes(key));
      if (fields == null) {
        get.addFamily(family);
      } else {
        for (String f : fields) {
          get.addColumn(family, qualifier(f));
        }
      }
      Result r = table.get(get);
      if (r.isEmpty()) {
        return Status.NOT_FOUND;
      }
      copyCells(r, result);
      return Status.OK;
    } catch (IOException e) {
      return HBaseErrors.status(context, "read", e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    Scan scan = new Scan().withStartRow(Bytes.toBytes(startkey)).setLimit(recordcount)
        .setCaching(Math.max(1, recordcount));
    if (fields == null) {
      scan.addFamily(family);
    } else {
      for (String f : fields) {
        scan.addColumn(family, qualifier(f));
      }
    }
    if (usePageFilter) {
      scan.setFilter(new PageFilter(recordcount));
    }
    try {
      use(tableName);
      try (ResultScanner scanner = table.getScanner(scan)) {
        for (Result r = scanner.next(); r != null && result.size() < recordcount; r = scanner.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          copyCells(r, row);
          result.add(row);
        }
      }
      return Status.OK;
    } catch (IOException e) {
      return HBaseErrors.status(context, "scan", e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    return write("update", tableName, put(key, values));
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return write("insert", tableName, put(key, values));
  }

  @Override
  public Status delete(String tableName, String key) {
    Delete delete = new Delete(Bytes.toBytes(key));
    delete.setDurability(durability);
    return write("delete", tableName, delete);
  }

  private Put put(String key, Map<String, ByteIterator> values) {
    Put put = new Put(Bytes.toBytes(key));
    put.setDurability(durability);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      put.addColumn(family, qualifier(e.getKey()), e.getValue().toArray());
    }
    return put;
  }

  /** Sends a put or delete, or with client buffering hands it to the write buffer. */
  private Status write(String operation, String name, Mutation m) {
    try {
      use(name);
      if (mutator != null) {
        // may block while a full buffer is sent; errors of earlier buffered writes surface here
        mutator.mutate(m);
        return Status.BATCHED_OK;
      }
      if (m instanceof Put) {
        table.put((Put) m);
      } else {
        table.delete((Delete) m);
      }
      return Status.OK;
    } catch (IOException e) {
      return HBaseErrors.status(context, operation, e);
    }
  }

  private byte[] qualifier(String field) {
    return qualifiers.computeIfAbsent(field, Bytes::toBytes);
  }

  private static void copyCells(Result r, Map<String, ByteIterator> into) {
    for (Cell c : r.rawCells()) {
      into.put(Bytes.toString(CellUtil.cloneQualifier(c)), new ByteArrayByteIterator(CellUtil.cloneValue(c)));
    }
  }
}
