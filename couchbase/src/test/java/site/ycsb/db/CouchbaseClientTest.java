package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.couchbase.client.java.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.BindingChecks;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The operations called directly on the blocking side, in both record formats, with what the
 * mock stored read back by the tests' own SDK client.
 */
@ExtendWith({CouchbaseTestServer.Extension.class, ServerLogsOnFailure.class})
class CouchbaseClientTest {
  private static final String BUCKET = "formats";
  private static final String TABLE = "usertable";
  private static StoredDocuments stored;
  private final Clients clients = new Clients(BUCKET);

  @BeforeAll
  static void connect() {
    stored = new StoredDocuments(CouchbaseTestServer.get(), BUCKET);
  }

  @AfterAll
  static void disconnect() {
    stored.close();
  }

  @AfterEach
  void closeClients() throws Exception {
    clients.close();
  }

  @ParameterizedTest(name = "couchbase.json={0}")
  @ValueSource(booleans = {true, false})
  void readsBackWholeRecordsAndSomeFields(boolean json) throws Exception {
    CouchbaseClient db = clients.open("couchbase.json", "" + json);
    String key = "readback-" + json;
    assertEquals(Status.OK, db.insert(TABLE, key, Records.record(key, 10)));
    BindingChecks.assertReadsBack(db, TABLE, key);
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "never-written-" + json, null, new HashMap<>()));
  }

  @Test
  void aJsonRecordIsOneStringMemberPerField() throws Exception {
    CouchbaseClient db = clients.open();
    assertEquals(Status.OK, db.insert(TABLE, "json1", Records.record("json1", 10)));
    JsonObject doc = stored.json("json1");
    assertEquals(10, doc.size(), doc.toString());
    for (int i = 0; i < 10; i++) {
      assertEquals("json1/field" + i, doc.getString("field" + i));
    }
  }

  @Test
  void aRawRecordIsLengthPrefixedBytes() throws Exception {
    CouchbaseClient db = clients.open("couchbase.json", "false");
    Map<String, ByteIterator> one = new HashMap<>();
    one.put("f", new StringByteIterator("xyz"));
    assertEquals(Status.OK, db.insert(TABLE, "raw1", one));
    assertArrayEquals(new byte[] {0, 1, 'f', 0, 0, 0, 3, 'x', 'y', 'z'}, stored.bytes("raw1"));
  }

  @ParameterizedTest(name = "couchbase.json={0}")
  @ValueSource(booleans = {true, false})
  void anUpdateChangesOnlyTheGivenFields(boolean json) throws Exception {
    CouchbaseClient db = clients.open("couchbase.json", "" + json);
    String key = "update-" + json;
    assertEquals(Status.OK, db.insert(TABLE, key, Records.record(key, 10)));
    Map<String, ByteIterator> change = new HashMap<>();
    change.put("field3", new StringByteIterator("changed3"));
    change.put("field7", new StringByteIterator("changed7"));
    assertEquals(Status.OK, db.update(TABLE, key, change));
    Map<String, ByteIterator> after = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, key, null, after));
    Map<String, String> expected = new HashMap<>(Records.strings(Records.record(key, 10)));
    expected.put("field3", "changed3");
    expected.put("field7", "changed7");
    assertEquals(expected, Records.strings(after));
    // every field at once (writeallfields=true) replaces them all
    assertEquals(Status.OK, db.update(TABLE, key, Records.record("all", 10)));
    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, key, null, all));
    assertEquals(Records.strings(Records.record("all", 10)), Records.strings(all));

    assertEquals(Status.NOT_FOUND, db.update(TABLE, "missing-" + json, change));
    assertFalse(stored.exists("missing-" + json), "an update creates no record");
  }

  @Test
  void anUpdateOfMoreFieldsThanOneSubDocumentRequestTakesIsSentInParts() throws Exception {
    CouchbaseClient db = clients.open("fieldcount", "40");
    assertEquals(Status.OK, db.insert(TABLE, "wide", Records.record("wide", 40)));
    Map<String, ByteIterator> change = new HashMap<>();
    for (int i = 0; i < 39; i++) {
      change.put("field" + i, new StringByteIterator("new" + i));
    }
    assertEquals(Status.OK, db.update(TABLE, "wide", change));
    JsonObject doc = stored.json("wide");
    assertEquals("new0", doc.getString("field0"));
    assertEquals("new38", doc.getString("field38"));
    assertEquals("wide/field39", doc.getString("field39"));
    // a read of more fields than one lookup takes reads the whole document
    Map<String, ByteIterator> some = new HashMap<>();
    Set<String> twenty = new java.util.HashSet<>();
    for (int i = 0; i < 20; i++) {
      twenty.add("field" + i);
    }
    assertEquals(Status.OK, db.read(TABLE, "wide", twenty, some));
    assertEquals(twenty, some.keySet());
  }

  @Test
  void insertOfAnExistingKeyFailsUnlessUpsert() throws Exception {
    CouchbaseClient db = clients.open();
    assertEquals(Status.OK, db.insert(TABLE, "dup", Records.record("first", 3)));
    assertEquals(Status.ERROR, db.insert(TABLE, "dup", Records.record("second", 3)));
    assertEquals("first/field0", stored.json("dup").getString("field0"));
    CouchbaseClient upsert = clients.open("couchbase.upsert", "true");
    assertEquals(Status.OK, upsert.insert(TABLE, "dup", Records.record("second", 3)));
    assertEquals("second/field0", stored.json("dup").getString("field0"));
  }

  @Test
  void deleteRemovesTheRecord() throws Exception {
    CouchbaseClient db = clients.open();
    assertEquals(Status.OK, db.insert(TABLE, "gone", Records.record("gone", 3)));
    assertEquals(Status.OK, db.delete(TABLE, "gone"));
    assertNull(stored.json("gone"));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "gone"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "gone", null, new HashMap<>()));
  }

  @Test
  void scansAreNotImplementedWithoutAQueryService() throws Exception {
    CouchbaseClient db = clients.open();
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.NOT_IMPLEMENTED, db.scan(TABLE, "user", 10, null, rows));
    assertTrue(rows.isEmpty());
  }

  @Test
  void aReadWaitsOutAFreezeShorterThanTheTimeout() throws Exception {
    CouchbaseClient db = clients.open("couchbase.opTimeout", "10000");
    BindingChecks.assertReadWaitsOutAFreeze(db, TABLE, CouchbaseTestServer.get().process());
  }

  @Test
  void instancesShareOneConnection() throws Exception {
    clients.open();
    clients.open();
    assertEquals(1, clients.sharedResources());
  }
}
