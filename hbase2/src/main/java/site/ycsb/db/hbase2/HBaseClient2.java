package site.ycsb.db.hbase2;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.AsyncDB;
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
 * {@link Table}, which is not thread-safe. With {@code -inflight N} ({@link AsyncDB}) they share
 * one {@link AsyncConnection} instead and each takes an {@link AsyncTable}; answers are decoded on
 * the client's RPC threads. Both sides build their requests and decode answers in
 * {@link HBaseRequests}. The client finds the cluster the usual way: an
 * {@code hbase-site.xml} on the class path ({@code bin/ycsb ... -cp /etc/hbase/conf}) and any
 * {@code hbase.*}, {@code zookeeper.*} or {@code hadoop.*} property given to the benchmark, e.g.
 * {@code -p hbase.zookeeper.quorum=zk1,zk2}.
 */
public class HBaseClient2 extends DB implements AsyncDB {
  /** The binding's own property names, which stay out of the HBase client configuration. */
  private static final Set<String> OWN_NAMES = new HBaseProperties().properties().stream()
      .map(PropertyDef::name).collect(Collectors.toUnmodifiableSet());

  /** The blocking side's connection, or null on the asynchronous side. */
  private Connection connection;
  /** The asynchronous side's connection ({@code -inflight N}), or null on the blocking side. */
  private AsyncConnection asyncConnection;
  /** Where failures are reported once. */
  private BindingContext context;
  private HBaseRequests requests;
  private boolean clientBuffering;
  private long writeBufferSize;

  /** The table the last operation named; workloads use one table, so this is opened once. */
  private String tableName;
  private Table table;
  private BufferedMutator mutator;
  private AsyncTable<AdvancedScanResultConsumer> asyncTable;
  private HBaseAsyncWriteBuffer asyncBuffer;
  /** Write buffers of tables used before the current one: sent, their acknowledgements awaited at cleanup. */
  private final List<HBaseAsyncWriteBuffer> earlierBuffers = new ArrayList<>();

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
    requests = new HBaseRequests(Bytes.toBytes(familyName),
        Durability.valueOf(HBaseProperties.DURABILITY.getChoice(p).toUpperCase(Locale.ROOT)),
        HBaseProperties.USE_PAGE_FILTER.getBoolean(p));
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
    HBaseConnections.Check schema = c -> HBaseSchema.ensure(c, table, familyName, createTable, regions);
    // one connection per client configuration and phase; the others wait for the first worker's
    // attempt and share its connection, or its failure
    if (context.inflight() > 0) {
      boolean sessions = context.sessions();
      if (!sessions) {
        // sessions stand for blocking threads, which wait as long as HBase's client does
        AsyncTimeouts.boundOperations(config);
      }
      asyncConnection = context.shared((sessions ? "hbase2 sessions " : "hbase2 async ") + settings,
          () -> HBaseConnections.openAsyncWithin(config, timeoutMs, zookeeper, schema));
    } else {
      connection = context.shared("hbase2 " + settings,
          () -> HBaseConnections.openWithin(config, timeoutMs, zookeeper, schema));
    }
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
    Exception failure = null;
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
    if (asyncBuffer != null) {
      earlierBuffers.add(asyncBuffer);
    }
    for (HBaseAsyncWriteBuffer b : earlierBuffers) {
      try {
        // the asynchronous side's buffered writes go out now, and are waited for
        b.close();
      } catch (DBException e) {
        failure = failure == null ? e : failure;
      }
    }
    earlierBuffers.clear();
    mutator = null;
    table = null;
    asyncBuffer = null;
    asyncTable = null;
    tableName = null;
    // the shared connections themselves are closed by the engine when the phase ends
    connection = null;
    asyncConnection = null;
    if (failure instanceof DBException) {
      throw (DBException) failure;
    }
    if (failure != null) {
      throw new DBException("HBase: buffered writes could not be sent at cleanup: " + HBaseFailures.describe(failure),
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
      return HBaseRequests.read(table.get(requests.get(key, fields)), result);
    } catch (IOException e) {
      return HBaseFailures.status(context, "read", e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      use(tableName);
      try (ResultScanner scanner = table.getScanner(requests.scan(startkey, recordcount, fields))) {
        for (Result r = scanner.next(); r != null && result.size() < recordcount; r = scanner.next()) {
          HBaseRequests.addRow(r, result);
        }
      }
      return Status.OK;
    } catch (IOException e) {
      return HBaseFailures.status(context, "scan", e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    return write("update", tableName, requests.put(key, values));
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return write("insert", tableName, requests.put(key, values));
  }

  @Override
  public Status delete(String tableName, String key) {
    return write("delete", tableName, requests.delete(key));
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
      return HBaseFailures.status(context, operation, e);
    }
  }

  /** @return {@code hbase.client.operation.timeout} of the asynchronous side's connection, in ms (for tests) */
  int asyncOperationTimeoutMillis() {
    return asyncConnection.getConfiguration().getInt(AsyncTimeouts.OPERATION_TIMEOUT, -1);
  }

  /**
   * Both sides send the same gets, puts, deletes and scans, with the same durability, over one
   * connection all workers share, so {@code -threads N} runs as N operations in flight; the
   * sessions then keep HBase's own operation timeout, as blocking threads do (the asynchronous
   * side's one-second bound is for {@code -inflight} only). Not with {@code clientbuffering=true}:
   * there each thread fills a write buffer of its own, which one worker's sessions would share.
   */
  @Override
  public boolean servesSessions() {
    return !HBaseProperties.CLIENT_BUFFERING.getBoolean(getProperties());
  }

  /**
   * The client's asynchronous calls return at once on any thread, its RPC threads included (a
   * request made there is written there), and its answers complete on those threads: at
   * saturation they send the next operations in the worker's place, as a callback of the client's
   * own would, rather than handing each batch of answers to the worker thread.
   */
  @Override
  public boolean callableFromCompletions() {
    return true;
  }

  // The asynchronous side: build the request on the calling thread (the worker's, or a completing
  // thread standing in for it), send it, return.

  /** Takes the worker's asynchronous table (and write buffer) for the named table when it is not the current one. */
  private void useAsync(String name) {
    if (name.equals(tableName)) {
      return;
    }
    TableName tn = TableName.valueOf(name);
    asyncTable = asyncConnection.getTable(tn);
    if (asyncBuffer != null) {
      // a previous table's buffer is sent now; cleanup waits for its acknowledgements
      asyncBuffer.send();
      earlierBuffers.add(asyncBuffer);
    }
    if (clientBuffering) {
      asyncBuffer = new HBaseAsyncWriteBuffer(context, asyncConnection, tn, writeBufferSize);
    }
    tableName = name;
  }

  @Override
  public CompletionStage<Status> readAsync(String tableName, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return HBaseAsyncCall.read(context, result).send(() -> {
      useAsync(tableName);
      return asyncTable.get(requests.get(key, fields));
    });
  }

  @Override
  public CompletionStage<Status> scanAsync(String tableName, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return HBaseAsyncCall.scan(context, result).send(() -> {
      useAsync(tableName);
      // the scan's limit bounds the rows gathered; they arrive in key order
      return asyncTable.scanAll(requests.scan(startkey, recordcount, fields));
    });
  }

  @Override
  public CompletionStage<Status> updateAsync(String tableName, String key, Map<String, ByteIterator> values) {
    return writeAsync("update", tableName, requests.put(key, values));
  }

  @Override
  public CompletionStage<Status> insertAsync(String tableName, String key, Map<String, ByteIterator> values) {
    return writeAsync("insert", tableName, requests.put(key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String tableName, String key) {
    return writeAsync("delete", tableName, requests.delete(key));
  }

  /** Sends a put or delete, or with client buffering hands it to the worker's write buffer. */
  private CompletionStage<Status> writeAsync(String operation, String name, Mutation m) {
    try {
      useAsync(name);
      if (asyncBuffer != null) {
        return asyncBuffer.write(operation, m);
      }
    } catch (RuntimeException e) {
      return HBaseAsyncCall.write(context, operation).fail(e);
    }
    return HBaseAsyncCall.write(context, operation)
        .send(() -> m instanceof Put ? asyncTable.put((Put) m) : asyncTable.delete((Delete) m));
  }
}
