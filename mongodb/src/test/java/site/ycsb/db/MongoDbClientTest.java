package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.testsupport.Records.record;
import static site.ycsb.testsupport.Records.strings;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.mongodb.MongoConfig;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** The binding's operations called directly, as a worker thread calls them, against one server. */
@ExtendWith({MongoTarget.Extension.class, ServerLogsOnFailure.class})
class MongoDbClientTest {
  private static final String TABLE = "usertable";
  private static MongoTarget target;

  private final TestPhase phase = new TestPhase();
  private final List<MongoDbClient> opened = new ArrayList<>();
  private String database;

  @BeforeAll
  static void findServer() {
    target = MongoTarget.shared();
  }


  @BeforeEach
  void freshDatabase() {
    database = target.newDatabase();
  }

  @AfterEach
  void cleanupClients() throws DBException {
    for (MongoDbClient c : opened) {
      c.cleanup();
    }
    opened.clear();
    phase.close();
    assertEquals(0, phase.sharedResources(), "the end of the phase closes the shared client");
  }

  private MongoDbClient open(String... more) throws DBException {
    MongoDbClient c = new MongoDbClient();
    c.setProperties(target.properties(database, more));
    phase.init(c);
    opened.add(c);
    return c;
  }

  @Test
  void insertThenReadAllAndSomeFields() throws Exception {
    MongoDbClient db = open();
    assertEquals(Status.OK, db.insert(TABLE, "user1", record("user1", 4)));

    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, all));
    assertEquals(strings(record("user1", 4)), strings(all), "every field, and no _id");

    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field2"), some));
    assertEquals(Map.of("field2", "user1/field2"), strings(some));

    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, new HashMap<>()));
  }

  @Test
  void documentsAreIdPlusBinaryFields() throws Exception {
    MongoDbClient db = open();
    assertEquals(Status.OK, db.insert(TABLE, "user7", record("user7", 2)));
    Document stored = target.check(database).getCollection(TABLE).find(new Document("_id", "user7")).first();
    assertEquals(Set.of("_id", "field0", "field1"), stored.keySet());
    assertEquals("user7", stored.get("_id"));
    assertTrue(stored.get("field1") instanceof Binary, "stored as " + stored.get("field1").getClass());
    assertArrayEquals("user7/field1".getBytes(UTF_8), ((Binary) stored.get("field1")).getData());
  }

  @Test
  void stringValuesWrittenByOthersAreReadAsUtf8() throws Exception {
    target.check(database).getCollection(TABLE).insertOne(new Document("_id", "ext").append("field0", "grüße"));
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, open().read(TABLE, "ext", null, r));
    assertEquals("grüße", new String(r.get("field0").toArray(), UTF_8));
  }

  @Test
  void updateSetsOnlyTheGivenFields() throws Exception {
    MongoDbClient db = open();
    db.insert(TABLE, "user1", record("user1", 3));
    assertEquals(Status.OK, db.update(TABLE, "user1", Map.of("field1", new StringByteIterator("new"))));
    Map<String, ByteIterator> r = new HashMap<>();
    db.read(TABLE, "user1", null, r);
    assertEquals(Map.of("field0", "user1/field0", "field1", "new", "field2", "user1/field2"), strings(r));
  }

  @Test
  void updateOfAMissingRecordIsNotFoundUnlessUpsert() throws Exception {
    MongoDbClient plain = open();
    assertEquals(Status.NOT_FOUND, plain.update(TABLE, "ghost", Map.of("field0", new StringByteIterator("x"))));
    assertEquals(Status.NOT_FOUND, plain.read(TABLE, "ghost", null, new HashMap<>()));

    MongoDbClient upserting = open("mongodb.upsert", "true");
    assertEquals(Status.OK, upserting.update(TABLE, "ghost", Map.of("field0", new StringByteIterator("x"))));
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, plain.read(TABLE, "ghost", null, r));
    assertEquals(Map.of("field0", "x"), strings(r));
  }

  @Test
  void secondInsertOfAKeyFailsUnlessUpsert() throws Exception {
    MongoDbClient plain = open();
    assertEquals(Status.OK, plain.insert(TABLE, "dup", record("first", 1)));
    assertEquals(Status.ERROR, plain.insert(TABLE, "dup", record("second", 1)), "duplicate _id");

    MongoDbClient upserting = open("mongodb.upsert", "true");
    assertEquals(Status.OK, upserting.insert(TABLE, "dup", record("third", 1)));
    Map<String, ByteIterator> r = new HashMap<>();
    plain.read(TABLE, "dup", null, r);
    assertEquals(Map.of("field0", "third/field0"), strings(r), "the upsert replaced the document");
  }

  @Test
  void deleteRemovesTheRecord() throws Exception {
    MongoDbClient db = open();
    db.insert(TABLE, "user1", record("user1", 1));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user1", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "user1"));
  }

  @Test
  void scanReturnsKeysFromTheStartInOrderUpToTheLimit() throws Exception {
    MongoDbClient db = open();
    // inserted out of order: the scan must sort
    for (int i : new int[] {5, 1, 9, 3, 7, 2, 8, 4, 6, 0}) {
      assertEquals(Status.OK, db.insert(TABLE, "user" + i, record("user" + i, 2)));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user3", 4, null, rows));
    List<String> firstFields = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : rows) {
      assertEquals(2, row.size(), "all fields without _id: " + row.keySet());
      firstFields.add(row.get("field0").toString());
    }
    assertEquals(List.of("user3/field0", "user4/field0", "user5/field0", "user6/field0"), firstFields);

    Vector<HashMap<String, ByteIterator>> projected = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user8", 10, new LinkedHashSet<>(List.of("field1")), projected));
    assertEquals(2, projected.size(), "only user8 and user9 are at or after user8");
    assertEquals(Map.of("field1", "user8/field1"), strings(projected.get(0)));

    assertEquals(Status.NOT_FOUND, db.scan(TABLE, "zzz", 5, null, new Vector<>()));
  }

  @Test
  void tablesAreCollections() throws Exception {
    MongoDbClient db = open();
    db.insert("t1", "k", record("a", 1));
    db.insert("t2", "k", record("b", 1));
    Map<String, ByteIterator> r = new HashMap<>();
    db.read("t2", "k", null, r);
    assertEquals("b/field0", r.get("field0").toString());
    assertEquals(1, target.check(database).getCollection("t1").countDocuments());
  }

  @Test
  void workersShareOneClientUntilThePhaseEnds() throws Exception {
    MongoDbClient a = open();
    MongoDbClient b = open();
    assertEquals(1, phase.sharedResources(), "one driver client for both workers");
    a.cleanup();
    opened.remove(a);
    assertEquals(Status.OK, b.insert(TABLE, "still", record("still", 1)), "b still uses it");
    b.cleanup();
    opened.remove(b);
    phase.close();
    assertEquals(0, phase.sharedResources());
    // a worker still holding the client after the phase ended finds it closed
    assertEquals(Status.ERROR, b.insert(TABLE, "after", record("after", 1)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "unacknowledged, UNACKNOWLEDGED", "acknowledged, ACKNOWLEDGED", "w1, W1", "w2, W2", "w3, W3",
      "majority, MAJORITY", "journaled, JOURNALED",
      "none, UNACKNOWLEDGED", "normal, UNACKNOWLEDGED", "safe, ACKNOWLEDGED", "fsync_safe, JOURNALED",
      "replicas_safe, W2", "quorum, MAJORITY", "Majority, MAJORITY"})
  void writeConcernReachesTheDriver(String value, String expected) throws Exception {
    MongoDbClient db = open("mongodb.writeConcern", value);
    WriteConcern wanted = (WriteConcern) WriteConcern.class.getField(expected).get(null);
    assertEquals(wanted, db.writeConcern());
    if (!wanted.isAcknowledged() && target.isStandIn()) {
      // the stand-in drops the connection on w:0 writes; a real server takes them
      return;
    }
    boolean needsReplicas = wanted.getWObject() instanceof Integer && wanted.getW() > 1;
    if (needsReplicas && !target.isStandIn()) {
      // a real server may be a standalone, which refuses w > 1; the stand-in ignores it
      return;
    }
    assertEquals(Status.OK, db.insert(TABLE, "wc", record("wc", 1)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"primary, primary", "primaryPreferred, primaryPreferred", "secondary, secondary",
      "secondaryPreferred, secondaryPreferred", "nearest, nearest", "NEAREST, nearest"})
  void readPreferenceReachesTheDriver(String value, String expectedName) throws Exception {
    MongoDbClient db = open("mongodb.readPreference", value);
    assertEquals(ReadPreference.valueOf(expectedName), db.readPreference());
    if ("primary".equals(expectedName) || "primaryPreferred".equals(expectedName) || target.isStandIn()) {
      // a single server (the stand-in, or a real primary) serves every preference except on a real replica set
      db.insert(TABLE, "rp", record("rp", 1));
      assertEquals(Status.OK, db.read(TABLE, "rp", null, new HashMap<>()));
    }
  }

  @Test
  void unsetWriteConcernAndReadPreferenceKeepTheUrlOnes() throws Exception {
    String url = target.urlWith(database, "w=majority&readPreference=nearest");
    MongoDbClient db = open("mongodb.url", url);
    assertEquals(WriteConcern.MAJORITY, db.writeConcern());
    assertEquals(ReadPreference.nearest(), db.readPreference());
    assertNull(db.config().writeConcern, "the property is unset");

    MongoDbClient overridden = open("mongodb.url", url, "mongodb.writeConcern", "w1");
    assertEquals(WriteConcern.W1, overridden.writeConcern());
  }

  @Test
  void unreachableServerFailsInitWithOneLineWithoutThePassword() {
    int port = FreePort.find();
    MongoDbClient db = new MongoDbClient();
    db.setProperties(target.properties(database, "mongodb.url", "mongodb://bob:s3cr3t@127.0.0.1:" + port + "/x",
        "mongodb.serverselectiontimeout", "300"));
    DBException e = assertThrows(DBException.class, () -> phase.init(db));
    assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    assertTrue(e.getMessage().contains("mongodb.url=mongodb://******@127.0.0.1:" + port), e.getMessage());
    assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    phase.close();
    assertEquals(0, phase.sharedResources(), "the end of the phase closes the client of a failed init too");
  }

  @Test
  void invalidUrlIsAClearError() {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(target.properties(database, "mongodb.url", "mongo://alice:pw@h/x"));
    DBException e = assertThrows(DBException.class, () -> phase.init(db));
    assertTrue(e.getMessage().startsWith("property mongodb.url=mongo://******@h/x is invalid"), e.getMessage());
    assertFalse(e.getMessage().contains("pw"), e.getMessage());
  }

  @Test
  void databaseComesFromThePropertyThenTheUrlThenDefault() throws Exception {
    MongoDbClient fromUrl = new MongoDbClient();
    java.util.Properties p = new java.util.Properties();
    p.setProperty("mongodb.url", target.urlWith(database, ""));
    fromUrl.setProperties(p);
    phase.init(fromUrl);
    opened.add(fromUrl);
    assertEquals(database, fromUrl.config().database);
    assertEquals(Status.OK, fromUrl.insert(TABLE, "k", record("k", 1)));
    assertEquals(1, target.check(database).getCollection(TABLE).countDocuments());

    assertEquals("ycsb", new MongoConfig(new java.util.Properties()).database);
    assertNull(new MongoConfig(new java.util.Properties()).writeConcern);
  }
}
