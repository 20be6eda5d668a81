package site.ycsb.db;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.testsupport.BareDriverLoop;

/**
 * The floor of the HBase binding's asynchronous path (see {@link BareDriverLoop}): HBase's shaded
 * client alone, through an {@link AsyncConnection} and the {@link AsyncTable} it hands out,
 * sending what the binding's asynchronous side ({@code -inflight N}) sends for workload A. Run by
 * {@code hbase2/bench/cpu-vs-bare-driver.sh}.
 *
 * <p>The connection's configuration is the binding's with its default properties: HBase's own
 * defaults, the ZooKeeper quorum and client port, and {@code hbase.client.operation.timeout}
 * bounded at 1 s as the binding's asynchronous side bounds it when the user set nothing. The
 * table comes from {@code getTable}, whose answers complete on the client's RPC threads, as the
 * binding's do. Half the operations are a {@link Get} of the row's whole column family (workload
 * A reads all fields), half a {@link Put} of one of the 10 columns {@code field0..field9} with a
 * 100-byte value and durability {@code USE_DEFAULT}, sent at once: the binding buffers writes only
 * with {@code clientbuffering=true}, off by default. Row keys are uniform over the keys the load
 * wrote; a read answered with an empty row counts as failed. The read is taken as far as its
 * {@link Result}: copying the cells out into the engine's fields is the binding's work, not the
 * client's.
 *
 * <p>Arguments: zookeeperHost zookeeperPort table family, then {@link BareDriverLoop#COMMON_USAGE}.
 */
public final class BareHBaseLoop extends BareDriverLoop {
  /** What the binding's asynchronous side bounds an operation at when the user set no timeout. */
  private static final int OPERATION_TIMEOUT_MS = 1000;
  /** The binding's {@code hbase.inittimeout} default. */
  private static final int CONNECT_TIMEOUT_MS = 30_000;

  private final AsyncTable<AdvancedScanResultConsumer> table;
  private final String[] keys = loadedKeys();
  private final byte[] family;
  private final byte[][] qualifiers = new byte[FIELDS][];

  /** Every read's answer: the row must be there. */
  private final BiConsumer<Result, Throwable> readDone = (result, failure) ->
      done(failure, failure == null && (result == null || result.isEmpty()) ? "a read found no row" : null);
  /** Every update's answer. */
  private final BiConsumer<Void, Throwable> updateDone = (ok, failure) -> done(failure, null);

  private BareHBaseLoop(Settings settings, AsyncConnection connection, String table, String family) {
    super(settings);
    this.table = connection.getTable(TableName.valueOf(table));
    this.family = Bytes.toBytes(family);
    for (int i = 0; i < FIELDS; i++) {
      qualifiers[i] = Bytes.toBytes("field" + i);
    }
  }

  public static void main(String[] args) {
    Settings settings = Settings.parse("BareHBaseLoop", "zookeeperHost zookeeperPort table family", args, 4);
    try (AsyncConnection connection = open(args[0], args[1])) {
      new BareHBaseLoop(settings, connection, args[2], args[3]).run();
    } catch (Exception | Error e) {
      // the sending thread and the client's threads would keep the JVM alive, and the script waiting
      e.printStackTrace();
      System.exit(1);
    }
  }

  /** As {@code HBaseClient2} configures the asynchronous side's connection with its default properties. */
  private static AsyncConnection open(String zookeeperHost, String zookeeperPort)
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    Configuration config = HBaseConfiguration.create();
    config.set("hbase.zookeeper.quorum", zookeeperHost);
    config.set("hbase.zookeeper.property.clientPort", zookeeperPort);
    config.setInt("hbase.client.operation.timeout", OPERATION_TIMEOUT_MS);
    return ConnectionFactory.createAsyncConnection(config).get(CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS);
  }

  @Override
  protected void send(ThreadLocalRandom random) {
    String key = keys[random.nextInt(keys.length)];
    // built as HBaseRequests builds them, from the key's string
    if (random.nextBoolean()) {
      Get get = new Get(Bytes.toBytes(key));
      get.addFamily(family);
      table.get(get).whenComplete(readDone);
    } else {
      Put put = new Put(Bytes.toBytes(key));
      put.setDurability(Durability.USE_DEFAULT);
      put.addColumn(family, qualifiers[random.nextInt(FIELDS)], value(random));
      table.put(put).whenComplete(updateDone);
    }
  }
}
