package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.Records;

/** The five operations called directly, with prepared statements on and off, read back with CQL. */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraClientTest {
  private static final String KS = "client_test";
  private static final String TABLE = "usertable";
  private static final int FIELDS = 4;

  private final Clients clients = new Clients();

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS, "cassandra.createschema", "true");
    }
  }

  @AfterEach
  void closeClients() throws DBException {
    // no TRUNCATE between tests (slow on Cassandra): each test uses keys of its own
    clients.close();
  }

  private static CqlSession admin() {
    return CassandraTestServer.get().admin();
  }

  private CassandraCQLClient client(boolean prepared, String... more) throws DBException {
    String[] base = {"cassandra.keyspace", KS, "fieldcount", "" + FIELDS, "cassandra.useprepared", "" + prepared};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return clients.open(all);
  }

  @ParameterizedTest(name = "useprepared={0}")
  @ValueSource(booleans = {true, false})
  void insertReadUpdateDelete(boolean prepared) throws DBException {
    CassandraCQLClient db = client(prepared);
    String user1 = "crud" + prepared + "1";
    String user2 = "crud" + prepared + "2";
    assertEquals(Status.OK, db.insert(TABLE, user1, Records.record(user1, FIELDS)));
    assertEquals(Status.OK, db.insert(TABLE, user2, Records.record(user2, FIELDS)));

    // what the server stored, read with plain CQL
    Row row = admin().execute("SELECT * FROM " + KS + "." + TABLE + " WHERE y_id = '" + user1 + "'").one();
    assertEquals(user1 + "/field3", row.getString("field3"));

    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, user1, null, all));
    assertEquals(Records.strings(Records.record(user1, FIELDS)), Records.strings(all), "every field, not the key");

    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, user2, Set.of("field1", "field2"), some));
    assertEquals(Map.of("field1", user2 + "/field1", "field2", user2 + "/field2"), Records.strings(some));

    Map<String, ByteIterator> change = new HashMap<>();
    change.put("field2", new StringByteIterator("changed"));
    assertEquals(Status.OK, db.update(TABLE, user1, change));
    Map<String, ByteIterator> after = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, user1, null, after));
    Map<String, String> expected = Records.strings(Records.record(user1, FIELDS));
    expected.put("field2", "changed");
    assertEquals(expected, Records.strings(after), "only field2 changed");

    assertEquals(Status.OK, db.delete(TABLE, user1));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, user1, null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "never-inserted", Set.of("field0"), new HashMap<>()));
    assertEquals(null, admin().execute("SELECT y_id FROM " + KS + "." + TABLE + " WHERE y_id = '" + user1 + "'").one());
    assertEquals(Status.OK, db.read(TABLE, user2, null, new HashMap<>()), "the other record is still there");
  }

  @ParameterizedTest(name = "useprepared={0}")
  @ValueSource(booleans = {true, false})
  void scanReadsRowsInTokenOrderFromTheStartKey(boolean prepared) throws DBException {
    CassandraCQLClient db = client(prepared);
    for (int i = 0; i < 20; i++) {
      assertEquals(Status.OK, db.insert(TABLE, "user" + i, Records.record("user" + i, FIELDS)));
    }
    // the expected rows and their order, straight from the server (other tests' rows may be among them)
    List<Map<String, String>> expected = new ArrayList<>();
    for (Row r : admin().execute("SELECT * FROM " + KS + "." + TABLE
        + " WHERE token(y_id) >= token('user7') LIMIT 5")) {
      Map<String, String> m = new HashMap<>();
      for (int f = 0; f < FIELDS; f++) {
        m.put("field" + f, r.getString("field" + f));
      }
      expected.add(m);
    }
    assertEquals(5, expected.size());
    assertEquals(Records.strings(Records.record("user7", FIELDS)), expected.get(0), "the start key comes first");

    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user7", 5, null, rows));
    assertEquals(5, rows.size());
    for (int i = 0; i < 5; i++) {
      assertEquals(expected.get(i), Records.strings(rows.get(i)));
    }

    Vector<HashMap<String, ByteIterator>> narrow = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user7", 3, new LinkedHashSet<>(List.of("field0")), narrow));
    assertEquals(3, narrow.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(Map.of("field0", expected.get(i).get("field0")), Records.strings(narrow.get(i)));
    }
  }

  @ParameterizedTest(name = "useprepared={0}")
  @ValueSource(booleans = {true, false})
  void insertIfNotExistsKeepsTheFirstRecord(boolean prepared) throws DBException {
    CassandraCQLClient db = client(prepared, "cassandra.insertifnotexists", "true");
    String key = "lwt" + prepared;
    assertEquals(Status.OK, db.insert(TABLE, key, Records.record("first", FIELDS)));
    assertEquals(Status.UNEXPECTED_STATE, db.insert(TABLE, key, Records.record("second", FIELDS)),
        "the key exists: the lightweight transaction is not applied");
    Map<String, ByteIterator> stored = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, key, null, stored));
    assertEquals(Records.strings(Records.record("first", FIELDS)), Records.strings(stored));

    // without IF NOT EXISTS an insert overwrites, as in upstream YCSB
    CassandraCQLClient plain = client(prepared);
    assertEquals(Status.OK, plain.insert(TABLE, key, Records.record("third", FIELDS)));
    Map<String, ByteIterator> overwritten = new HashMap<>();
    assertEquals(Status.OK, plain.read(TABLE, key, null, overwritten));
    assertEquals(Records.strings(Records.record("third", FIELDS)), Records.strings(overwritten));
  }

  @Test
  void tracingRecordsRequestsOnTheServer() throws Exception {
    CassandraCQLClient db = client(true, "cassandra.tracing", "true");
    long before = traceSessions();
    assertEquals(Status.OK, db.insert(TABLE, "traced", Records.record("traced", FIELDS)));
    assertEquals(Status.OK, db.read(TABLE, "traced", null, new HashMap<>()));
    // the server writes traces in the background
    long after = before;
    for (int i = 0; i < 100 && after < before + 2; i++) {
      Thread.sleep(100);
      after = traceSessions();
    }
    assertTrue(after >= before + 2, "trace sessions before " + before + ", after " + after);
  }

  private static long traceSessions() {
    return admin().execute("SELECT count(*) FROM system_traces.sessions").one().getLong(0);
  }

  @Test
  void blobColumnsKeepEveryByte() throws DBException {
    CassandraCQLClient db = clients.open("cassandra.keyspace", KS, "table", "blobtable", "fieldcount", "2",
        "cassandra.createschema", "true", "cassandra.columntype", "blob");
    assertEquals("blob", admin().execute("SELECT type FROM system_schema.columns WHERE keyspace_name = '" + KS
        + "' AND table_name = 'blobtable' AND column_name = 'field1'").one().getString(0));
    byte[] every = new byte[256];
    for (int i = 0; i < every.length; i++) {
      every[i] = (byte) i;
    }
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("field0", new ByteArrayByteIterator(every.clone()));
    values.put("field1", new ByteArrayByteIterator(new byte[0]));
    assertEquals(Status.OK, db.insert("blobtable", "b", values));
    Map<String, ByteIterator> read = new HashMap<>();
    assertEquals(Status.OK, db.read("blobtable", "b", null, read));
    assertArrayEquals(every, read.get("field0").toArray());
    assertArrayEquals(new byte[0], read.get("field1").toArray());
  }

  @Test
  void instancesShareOneSessionUnlessSessionPerThread() throws Exception {
    int baseline = settledConnections(-1);
    List<CassandraCQLClient> shared = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      shared.add(client(true));
    }
    int sharedConnections = connections() - baseline;
    for (CassandraCQLClient c : shared) {
      assertEquals(Status.OK, c.insert(TABLE, "s", Records.record("s", FIELDS)));
    }
    // closing one instance leaves the shared session to the others
    shared.get(0).cleanup();
    assertEquals(Status.OK, shared.get(1).read(TABLE, "s", null, new HashMap<>()));
    clients.close();
    settledConnections(baseline);

    for (int i = 0; i < 4; i++) {
      client(true, "cassandra.sessionperthread", "true");
    }
    int perThreadConnections = connections() - baseline;
    assertTrue(sharedConnections > 0, "a session has connections: " + sharedConnections);
    assertEquals(4 * sharedConnections, perThreadConnections,
        "4 instances: one shared session vs 4 sessions of their own");
  }

  /** @return client connections the server has open now */
  private static int connections() {
    return (int) admin().execute("SELECT count(*) FROM system_views.clients").one().getLong(0);
  }

  /** Waits until closed connections are gone (expected &lt; 0: until the count is stable). */
  private static int settledConnections(int expected) throws InterruptedException {
    int last = -2;
    for (int i = 0; i < 100; i++) {
      int now = connections();
      if (expected >= 0 ? now == expected : now == last) {
        return now;
      }
      last = now;
      Thread.sleep(200);
    }
    throw new AssertionError("connections did not settle at " + expected + ": " + last);
  }
}
