package site.ycsb.db.voltdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.voltdb.VoltTable;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.BindingChecks;

/** Each operation against the real server, read back with the tests' own VoltDB client. */
@ExtendWith({VoltTestServer.Extension.class, ServerLogsOnFailure.class})
class VoltClientTest {
  private static final String TABLE = "client_test";
  private final Clients clients = new Clients();

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  private static VoltTable query(String sql, Object... params) throws Exception {
    Object[] call = new Object[params.length + 1];
    call[0] = sql;
    System.arraycopy(params, 0, call, 1, params.length);
    return VoltTestServer.get().admin().callProcedure("@AdHoc", call).getResults()[0];
  }

  private static String stored(String table, String key, String field) throws Exception {
    VoltTable t = query("SELECT " + field + " FROM " + table + " WHERE ycsb_key = ?;", key);
    if (!t.advanceRow()) {
      return null;
    }
    byte[] v = t.getVarbinary(0);
    return t.wasNull() ? null : new String(v, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Map<String, ByteIterator> values(String... pairs) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], new StringByteIterator(pairs[i + 1]));
    }
    return m;
  }

  @Test
  void insertStoresOneColumnPerFieldAndReadReturnsThem() throws Exception {
    VoltClient4 c = clients.open("table", TABLE);
    assertEquals(Status.OK, c.insert(TABLE, "user1", Records.record("user1", 10)));
    assertEquals("user1/field7", stored(TABLE, "user1", "field7"));

    BindingChecks.assertReadsBack(c, TABLE, "user1");
  }

  @Test
  void readOfAMissingKeyIsNotFoundAndAnInsertOfAnExistingKeyFails() throws Exception {
    VoltClient4 c = clients.open("table", TABLE);
    assertEquals(Status.NOT_FOUND, c.read(TABLE, "no-such-user", null, new HashMap<>()));
    assertEquals(Status.OK, c.insert(TABLE, "dup", Records.record("first", 2)));
    assertEquals(Status.ERROR, c.insert(TABLE, "dup", Records.record("second", 2)), "a primary key violation");
    assertEquals("first/field1", stored(TABLE, "dup", "field1"));
  }

  @Test
  void updatesOfOneSomeOrAllFieldsChangeExactlyThose() throws Exception {
    VoltClient4 c = clients.open("table", TABLE);
    c.insert(TABLE, "user2", Records.record("user2", 10));
    assertEquals(Status.OK, c.update(TABLE, "user2", values("field3", "one")));
    assertEquals("one", stored(TABLE, "user2", "field3"));
    assertEquals("user2/field4", stored(TABLE, "user2", "field4"));

    assertEquals(Status.OK, c.update(TABLE, "user2", values("field4", "four", "field5", "five")));
    assertEquals("four", stored(TABLE, "user2", "field4"));
    assertEquals("five", stored(TABLE, "user2", "field5"));
    assertEquals("one", stored(TABLE, "user2", "field3"));

    assertEquals(Status.OK, c.update(TABLE, "user2", Records.record("again", 10)));
    assertEquals("again/field3", stored(TABLE, "user2", "field3"));
    assertEquals("again/field9", stored(TABLE, "user2", "field9"));

    assertEquals(Status.NOT_FOUND, c.update(TABLE, "nobody", values("field1", "x")), "no row to update");
  }

  @Test
  void deleteRemovesTheRow() throws Exception {
    VoltClient4 c = clients.open("table", TABLE);
    c.insert(TABLE, "user3", Records.record("user3", 2));
    assertEquals(Status.OK, c.delete(TABLE, "user3"));
    assertEquals(null, stored(TABLE, "user3", "field0"));
    assertEquals(Status.NOT_FOUND, c.delete(TABLE, "user3"));
  }

  @Test
  void scanReturnsRecordcountRowsInKeyOrderFromTheStartKeyAcrossPartitions() throws Exception {
    String table = "scan_test";
    BindingChecks.assertScansInKeyOrder(clients.open("table", table), table);
  }

  @Test
  void theBindingMakesAPartitionedTableAndItsProcedures() throws Exception {
    clients.open("table", "schema_test", "fieldcount", "3", "fieldlength", "50");
    VoltTable columns = VoltTestServer.get().admin().callProcedure("@SystemCatalog", "COLUMNS").getResults()[0];
    Map<String, String> types = new HashMap<>();
    while (columns.advanceRow()) {
      if (columns.getString("TABLE_NAME").equalsIgnoreCase("schema_test")) {
        types.put(columns.getString("COLUMN_NAME"), columns.getString("TYPE_NAME") + "("
            + columns.getLong("COLUMN_SIZE") + ")");
      }
    }
    assertEquals(Map.of("YCSB_KEY", "VARCHAR(255)", "FIELD0", "VARBINARY(50)", "FIELD1", "VARBINARY(50)",
        "FIELD2", "VARBINARY(50)"), types);
    VoltTable procs = VoltTestServer.get().admin().callProcedure("@SystemCatalog", "PROCEDURES").getResults()[0];
    List<String> names = new ArrayList<>();
    while (procs.advanceRow()) {
      String n = procs.getString("PROCEDURE_NAME");
      if (n.startsWith("SCHEMA_TEST_YCSB_")) {
        names.add(n);
      }
    }
    names.sort(null);
    assertEquals(List.of("SCHEMA_TEST_YCSB_SCAN", "SCHEMA_TEST_YCSB_SET_ALL", "SCHEMA_TEST_YCSB_SET_FIELD0",
        "SCHEMA_TEST_YCSB_SET_FIELD1", "SCHEMA_TEST_YCSB_SET_FIELD2"), names);
  }

  @Test
  void aTableMadeForAnotherFieldcountFailsInitNamingTheColumnsItNeeds() throws Exception {
    clients.open("table", "three_fields", "fieldcount", "3");
    DBException e = assertThrows(DBException.class, () -> clients.open("table", "three_fields", "fieldcount", "5"));
    assertTrue(e.getMessage().contains("THREE_FIELDS has 4 columns")
        && e.getMessage().contains("[YCSB_KEY, FIELD0, FIELD1, FIELD2, FIELD3, FIELD4]"), e.getMessage());
  }

  @Test
  void withoutCreateschemaAMissingTableFailsInitWithOneLineNamingIt() {
    DBException e = assertThrows(DBException.class,
        () -> clients.open("table", "never_made", "voltdb.createschema", "false"));
    assertTrue(e.getMessage().contains("table NEVER_MADE missing") && e.getMessage().contains("voltdb.createschema"),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void anUnreachableServerOrABadServerListIsNamed() {
    int port = FreePort.find();
    DBException e = assertThrows(DBException.class,
        () -> Clients.create("voltdb.servers", "127.0.0.1:" + port).init(clients.context()));
    assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    e = assertThrows(DBException.class,
        () -> Clients.create("voltdb.servers", "127.0.0.1:notaport").init(clients.context()));
    assertTrue(e.getMessage().contains("voltdb.servers=127.0.0.1:notaport is invalid"), e.getMessage());
  }
}
