package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.testsupport.TestPhase;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.BindingChecks;

/** Each operation against the real server, read back with the tests' own HBase connection. */
@ExtendWith({HBaseTestServer.Extension.class, ServerLogsOnFailure.class})
class HBaseClientTest {
  private static final String TABLE = "client_test";
  private final Clients clients = new Clients();

  @BeforeAll
  static void table() throws DBException {
    try (Clients c = new Clients()) {
      c.open("table", TABLE, "hbase.createtable", "true");
    }
  }

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  private static Result stored(String table, String key) throws IOException {
    try (Table t = HBaseTestServer.get().admin().getTable(TableName.valueOf(table))) {
      return t.get(new Get(Bytes.toBytes(key)));
    }
  }

  private static String storedValue(String table, String key, String field) throws IOException {
    byte[] v = stored(table, key).getValue(Bytes.toBytes("family"), Bytes.toBytes(field));
    return v == null ? null : Bytes.toString(v);
  }

  @Test
  void insertStoresOneColumnPerFieldAndReadReturnsThem() throws Exception {
    HBaseClient2 c = clients.open("table", TABLE);
    assertEquals(Status.OK, c.insert(TABLE, "user1", Records.record("user1", 10)));
    Result r = stored(TABLE, "user1");
    assertEquals(10, r.size(), "ten cells in the row");
    assertEquals("user1/field7", storedValue(TABLE, "user1", "field7"));

    BindingChecks.assertReadsBack(c, TABLE, "user1");
  }

  @Test
  void readOfAMissingKeyIsNotFound() throws Exception {
    HBaseClient2 c = clients.open("table", TABLE);
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.NOT_FOUND, c.read(TABLE, "no-such-user", null, out));
    assertTrue(out.isEmpty());
  }

  @Test
  void updateChangesOnlyTheGivenFields() throws Exception {
    HBaseClient2 c = clients.open("table", TABLE);
    c.insert(TABLE, "user2", Records.record("user2", 10));
    Map<String, ByteIterator> change = new HashMap<>();
    change.put("field3", new site.ycsb.StringByteIterator("changed"));
    assertEquals(Status.OK, c.update(TABLE, "user2", change));
    assertEquals("changed", storedValue(TABLE, "user2", "field3"));
    assertEquals("user2/field4", storedValue(TABLE, "user2", "field4"));
    assertEquals(10, stored(TABLE, "user2").size());
  }

  @Test
  void deleteRemovesTheRow() throws Exception {
    HBaseClient2 c = clients.open("table", TABLE, "durability", "SKIP_WAL");
    c.insert(TABLE, "user3", Records.record("user3", 2));
    assertFalse(stored(TABLE, "user3").isEmpty());
    assertEquals(Status.OK, c.delete(TABLE, "user3"));
    assertTrue(stored(TABLE, "user3").isEmpty());
    assertEquals(Status.NOT_FOUND, c.read(TABLE, "user3", null, new HashMap<>()));
  }

  @Test
  void scanReturnsRecordcountRowsInKeyOrderFromTheStartKey() throws Exception {
    String table = "scan_test";
    BindingChecks.assertScansInKeyOrder(clients.open("table", table, "hbase.createtable", "true"), table);
  }

  @Test
  void scanWithoutPageFilterStillStopsAtRecordcount() throws Exception {
    String table = "scan_test_nofilter";
    HBaseClient2 c = clients.open("table", table, "hbase.createtable", "true", "hbase.usepagefilter", "false");
    for (int i = 0; i < 20; i++) {
      c.insert(table, "r" + (100 + i), Records.record("r", 1));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, c.scan(table, "r105", 4, null, rows));
    assertEquals(4, rows.size());
  }

  @Test
  void clientBufferingReturnsBatchedOkAndCleanupSendsTheBuffer() throws Exception {
    String table = "buffer_test";
    HBaseClient2 c = Clients.create(Clients.serverProperties("table", table, "hbase.createtable", "true",
        "clientbuffering", "true"));
    TestPhase phase = new TestPhase();
    phase.init(c);
    for (int i = 0; i < 50; i++) {
      assertEquals(Status.BATCHED_OK, c.insert(table, "b" + i, Records.record("b" + i, 2)));
    }
    assertTrue(stored(table, "b0").isEmpty(), "a 12 MB buffer holds 50 small rows until cleanup");
    c.cleanup();
    phase.close();
    for (int i = 0; i < 50; i++) {
      assertEquals("b" + i + "/field1", storedValue(table, "b" + i, "field1"), "row b" + i + " after cleanup");
    }
  }

  @Test
  void aSmallWriteBufferIsSentWhileTheRunGoesOn() throws Exception {
    String table = "small_buffer_test";
    HBaseClient2 c = clients.open("table", table, "hbase.createtable", "true", "clientbuffering", "true",
        "writebuffersize", "1024");
    for (int i = 0; i < 50; i++) {
      assertEquals(Status.BATCHED_OK, c.insert(table, "s" + i, Records.record("s" + i, 10)));
    }
    assertEquals("s0/field9", storedValue(table, "s0", "field9"), "a full 1 KB buffer was sent before cleanup");
  }

  @Test
  void presplitTableHasTheAskedRegions() throws Exception {
    String table = "presplit_test";
    clients.open("table", table, "hbase.createtable", "true", "hbase.presplits", "8");
    try (Admin admin = HBaseTestServer.get().admin().getAdmin()) {
      List<RegionInfo> regions = admin.getRegions(TableName.valueOf(table));
      assertEquals(8, regions.size());
    }
    assertEquals(7, HBaseSchema.splitKeys(8).length);
    assertArrayEquals(Bytes.toBytes("user2124"), HBaseSchema.splitKeys(8)[0]);
  }

  @Test
  void missingTableFailsInitWithOneLineNamingItAndTheFix() {
    DBException e = assertThrows(DBException.class, () -> clients.open("table", "no_such_table"));
    assertTrue(e.getMessage().contains("no_such_table") && e.getMessage().contains("hbase.createtable"),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void missingColumnFamilyFailsInitNamingTheFamiliesThereAre() {
    DBException e = assertThrows(DBException.class, () -> clients.open("table", TABLE, "columnfamily", "cf9"));
    assertTrue(e.getMessage().contains("cf9") && e.getMessage().contains("[family]"), e.getMessage());
  }

  @Test
  void anUnreachableClusterFailsInitAfterHbaseInittimeout() {
    String port = Integer.toString(site.ycsb.testsupport.FreePort.find());
    long t0 = System.nanoTime();
    TestPhase phase = new TestPhase();
    DBException e = assertThrows(DBException.class, () -> phase.init(Clients.create("hbase.zookeeper.quorum",
        "127.0.0.1", "hbase.zookeeper.property.clientPort", port, "hbase.inittimeout", "2000")));
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(tookMs >= 1900 && tookMs < 30_000, "gave up after " + tookMs + " ms");
    assertTrue(e.getMessage().contains("hbase.inittimeout") && e.getMessage().contains("127.0.0.1:" + port),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void invalidDurabilityNamesThePropertyAndTheChoices() {
    DBException e = assertThrows(DBException.class, () -> clients.open("table", TABLE, "durability", "NEVER"));
    assertTrue(e.getMessage().contains("durability") && e.getMessage().contains("SKIP_WAL"), e.getMessage());
  }

  @Test
  void onlyHBaseZooKeeperAndHadoopSettingsReachTheClientConfiguration() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("hbase.zookeeper.quorum", "zk1");
    p.setProperty("zookeeper.session.timeout", "5000");
    p.setProperty("hadoop.security.authentication", "simple");
    p.setProperty("hbase.usepagefilter", "false");
    p.setProperty("recordcount", "10");
    assertEquals(Map.of("hbase.zookeeper.quorum", "zk1", "zookeeper.session.timeout", "5000",
        "hadoop.security.authentication", "simple"), HBaseClient2.clientSettings(p));
  }
}
