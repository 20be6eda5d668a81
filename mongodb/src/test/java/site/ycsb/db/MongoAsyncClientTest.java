package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.testsupport.Records.record;
import static site.ycsb.testsupport.Records.strings;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The asynchronous side's operations called directly, as an asynchronous worker calls them
 * ({@code inflight > 0}), next to instances of the blocking side: both store the same documents
 * and return the same statuses for the same outcomes.
 */
@ExtendWith({MongoTarget.Extension.class, ServerLogsOnFailure.class})
class MongoAsyncClientTest {
  private static final String TABLE = "usertable";
  private static final int INFLIGHT = 16;
  private static MongoTarget target;

  private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(stderr, true, UTF_8));
  private final SharedResources shared = new SharedResources(errors);
  private final List<MongoDbClient> opened = new ArrayList<>();
  private String database;
  private int workers;

  @BeforeAll
  static void findServer() {
    target = MongoTarget.shared();
  }


  @BeforeEach
  void freshDatabase() {
    database = target.newDatabase();
  }

  @AfterEach
  void endPhase() throws DBException {
    for (MongoDbClient c : opened) {
      c.cleanup();
    }
    shared.close();
    assertEquals(0, shared.size(), "the end of the phase closes the shared clients");
  }

  /** @return an instance initialized as a worker of the asynchronous path ({@code inflight > 0}) */
  private MongoDbClient async(String... more) throws DBException {
    return open(INFLIGHT, more);
  }

  /** @return an instance initialized as a worker of the blocking path */
  private MongoDbClient blocking(String... more) throws DBException {
    return open(0, more);
  }

  private MongoDbClient open(int inflight, String... more) throws DBException {
    MongoDbClient c = new MongoDbClient();
    c.setProperties(target.properties(database, more));
    c.init(new WorkerContext(workers++, 2, inflight, errors, shared));
    opened.add(c);
    return c;
  }

  private static Status done(CompletionStage<Status> stage) throws Exception {
    return stage.toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  @Test
  void eachSideReadsWhatTheOtherWrote() throws Exception {
    MongoDbClient async = async();
    MongoDbClient blocking = blocking();
    assertEquals(2, shared.size(), "one reactive and one synchronous client");

    assertEquals(Status.OK, done(async.insertAsync(TABLE, "user1", record("user1", 4))));
    Map<String, ByteIterator> readBlocking = new HashMap<>();
    assertEquals(Status.OK, blocking.read(TABLE, "user1", null, readBlocking));
    assertEquals(strings(record("user1", 4)), strings(readBlocking));

    assertEquals(Status.OK, blocking.insert(TABLE, "user2", record("user2", 4)));
    Map<String, ByteIterator> readAsync = new HashMap<>();
    assertEquals(Status.OK, done(async.readAsync(TABLE, "user2", null, readAsync)));
    assertEquals(strings(record("user2", 4)), strings(readAsync), "every field, and no _id");

    // the same document shape: _id plus one binary field per value, whichever side wrote it
    for (String key : List.of("user1", "user2")) {
      Document stored = target.check(database).getCollection(TABLE).find(new Document("_id", key)).first();
      assertEquals(Set.of("_id", "field0", "field1", "field2", "field3"), stored.keySet());
      assertTrue(stored.get("field3") instanceof Binary, "stored as " + stored.get("field3").getClass());
      assertArrayEquals((key + "/field3").getBytes(UTF_8), ((Binary) stored.get("field3")).getData());
    }
  }

  @Test
  void bothSidesCountTheSameOutcomes() throws Exception {
    MongoDbClient async = async();
    MongoDbClient blocking = blocking();
    for (int i = 0; i < 3; i++) {
      assertEquals(Status.OK, blocking.insert(TABLE, "user" + i, record("user" + i, 2)));
    }
    // a record without the requested field is still found: OK with nothing in it, not NOT_FOUND
    Map<String, ByteIterator> viaBlocking = new HashMap<>();
    assertEquals(Status.OK, blocking.read(TABLE, "user1", Set.of("field9"), viaBlocking));
    Map<String, ByteIterator> viaAsync = new HashMap<>();
    assertEquals(Status.OK, done(async.readAsync(TABLE, "user1", Set.of("field9"), viaAsync)));
    assertEquals(Map.of(), strings(viaBlocking));
    assertEquals(Map.of(), strings(viaAsync));

    Vector<HashMap<String, ByteIterator>> scannedBlocking = new Vector<>();
    assertEquals(Status.OK, blocking.scan(TABLE, "user1", 5, null, scannedBlocking));
    Vector<HashMap<String, ByteIterator>> scannedAsync = new Vector<>();
    assertEquals(Status.OK, done(async.scanAsync(TABLE, "user1", 5, null, scannedAsync)));
    assertEquals(2, scannedBlocking.size(), "user1 and user2");
    for (int i = 0; i < scannedBlocking.size(); i++) {
      assertEquals(strings(scannedBlocking.get(i)), strings(scannedAsync.get(i)));
    }

    assertEquals(Status.NOT_FOUND, blocking.delete(TABLE, "nobody"));
    assertEquals(Status.NOT_FOUND, done(async.deleteAsync(TABLE, "nobody")));
    assertEquals(Status.ERROR, blocking.insert(TABLE, "user0", record("again", 1)));
    assertEquals(Status.ERROR, done(async.insertAsync(TABLE, "user0", record("again", 1))));
    String printed = stderr.toString(UTF_8);
    assertEquals(1, printed.lines().filter(l -> l.startsWith("mongodb: insert failed with ERROR: MongoWriteException"))
        .count(), "one cause, one line, whichever side met it: " + printed);
  }

  @Test
  void readsProjectAndMissingRecordsAreNotFound() throws Exception {
    MongoDbClient db = async();
    assertEquals(Status.OK, done(db.insertAsync(TABLE, "user1", record("user1", 4))));
    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, done(db.readAsync(TABLE, "user1", Set.of("field2"), some)));
    assertEquals(Map.of("field2", "user1/field2"), strings(some));

    assertEquals(Status.NOT_FOUND, done(db.readAsync(TABLE, "nobody", null, new HashMap<>())));
    assertEquals(Status.NOT_FOUND,
        done(db.updateAsync(TABLE, "nobody", Map.of("field0", new StringByteIterator("x")))));
    assertEquals(Status.NOT_FOUND, done(db.deleteAsync(TABLE, "nobody")));
    assertEquals(Status.NOT_FOUND, done(db.scanAsync(TABLE, "zzz", 5, null, new Vector<>())));
  }

  @Test
  void updateSetsOnlyTheGivenFieldsAndDeleteRemoves() throws Exception {
    MongoDbClient db = async();
    done(db.insertAsync(TABLE, "user1", record("user1", 3)));
    assertEquals(Status.OK, done(db.updateAsync(TABLE, "user1", Map.of("field1", new StringByteIterator("new")))));
    Map<String, ByteIterator> r = new HashMap<>();
    done(db.readAsync(TABLE, "user1", null, r));
    assertEquals(Map.of("field0", "user1/field0", "field1", "new", "field2", "user1/field2"), strings(r));

    assertEquals(Status.OK, done(db.deleteAsync(TABLE, "user1")));
    assertEquals(Status.NOT_FOUND, done(db.readAsync(TABLE, "user1", null, new HashMap<>())));
  }

  @Test
  void scanReturnsKeysFromTheStartInOrderUpToTheLimit() throws Exception {
    MongoDbClient db = async();
    // inserted out of order, many in flight at once: the scan must sort
    List<CompletionStage<Status>> inserts = new ArrayList<>();
    for (int i : new int[] {5, 1, 9, 3, 7, 2, 8, 4, 6, 0}) {
      inserts.add(db.insertAsync(TABLE, "user" + i, record("user" + i, 2)));
    }
    for (CompletionStage<Status> s : inserts) {
      assertEquals(Status.OK, done(s));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, done(db.scanAsync(TABLE, "user3", 4, null, rows)));
    List<String> firstFields = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : rows) {
      assertEquals(2, row.size(), "all fields without _id: " + row.keySet());
      firstFields.add(row.get("field0").toString());
    }
    assertEquals(List.of("user3/field0", "user4/field0", "user5/field0", "user6/field0"), firstFields);

    Vector<HashMap<String, ByteIterator>> projected = new Vector<>();
    assertEquals(Status.OK, done(db.scanAsync(TABLE, "user8", 10, new LinkedHashSet<>(List.of("field1")), projected)));
    assertEquals(2, projected.size(), "only user8 and user9 are at or after user8");
    assertEquals(Map.of("field1", "user8/field1"), strings(projected.get(0)));
  }

  @Test
  void aDuplicateKeyIsAnErrorReportedOnceUnlessUpsert() throws Exception {
    MongoDbClient plain = async();
    assertEquals(Status.OK, done(plain.insertAsync(TABLE, "dup", record("first", 1))));
    assertEquals(Status.ERROR, done(plain.insertAsync(TABLE, "dup", record("second", 1))));
    assertEquals(Status.ERROR, done(plain.insertAsync(TABLE, "dup", record("third", 1))));
    String printed = stderr.toString(UTF_8);
    assertEquals(1, printed.lines().filter(l -> l.startsWith("mongodb: insert failed with ERROR: MongoWriteException"))
        .count(), printed);

    MongoDbClient upserting = async("mongodb.upsert", "true");
    assertEquals(Status.OK, done(upserting.insertAsync(TABLE, "dup", record("fourth", 1))));
    assertEquals(Status.OK, done(upserting.updateAsync(TABLE, "ghost", Map.of("field0", new StringByteIterator("x")))));
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, done(plain.readAsync(TABLE, "dup", null, r)));
    assertEquals(Map.of("field0", "fourth/field0"), strings(r), "the upsert replaced the document");
    assertEquals(Status.OK, done(plain.readAsync(TABLE, "ghost", null, new HashMap<>())), "the upsert created it");
  }

  @Test
  void batchSizeDoesNotApplyAndSaysSoOnce() throws Exception {
    MongoDbClient a = async("mongodb.batchsize", "10");
    async("mongodb.batchsize", "10");
    assertEquals(Status.OK, done(a.insertAsync(TABLE, "user1", record("user1", 1))), "not BATCHED_OK");
    assertEquals(1, target.check(database).getCollection(TABLE).countDocuments(), "stored at once");
    String printed = stderr.toString(UTF_8);
    assertEquals(1, printed.lines().filter(l -> l.startsWith("mongodb: mongodb.batchsize=10 does not apply with"
        + " inflight")).count(), printed);
  }

  @Test
  void workersShareOneReactiveClientAndWriteConcernAndReadPreferenceReachIt() throws Exception {
    MongoDbClient a = async("mongodb.writeConcern", "majority", "mongodb.readPreference", "nearest");
    MongoDbClient b = async("mongodb.writeConcern", "majority", "mongodb.readPreference", "nearest");
    assertEquals(1, shared.size(), "one driver client for both workers");
    assertEquals(WriteConcern.MAJORITY, a.writeConcern());
    assertEquals(ReadPreference.nearest(), b.readPreference());
    assertEquals(Status.OK, done(a.insertAsync(TABLE, "wc", record("wc", 1))));
    assertEquals(Status.OK, done(b.readAsync(TABLE, "wc", null, new HashMap<>())));

    MongoDbClient fromUrl = async("mongodb.url", target.urlWith(database, "w=2&readPreference=secondaryPreferred"));
    assertEquals(WriteConcern.W2, fromUrl.writeConcern(), "unset: the URL's");
    assertEquals(ReadPreference.secondaryPreferred(), fromUrl.readPreference());
  }

  @Test
  void unreachableServerFailsInitWithOneLineWithoutThePassword() {
    int port = FreePort.find();
    DBException e = assertThrows(DBException.class, () -> async("mongodb.url",
        "mongodb://bob:s3cr3t@127.0.0.1:" + port + "/x", "mongodb.serverselectiontimeout", "300"));
    assertTrue(e.getMessage().startsWith("cannot reach MongoDB at 127.0.0.1:" + port
        + " (mongodb.url=mongodb://******@127.0.0.1:" + port + "/x): MongoTimeoutException"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void anOperationAfterThePhaseEndedIsAnError() throws Exception {
    MongoDbClient db = async();
    db.cleanup();
    opened.remove(db);
    shared.close();
    assertEquals(Status.ERROR, done(db.insertAsync(TABLE, "after", record("after", 1))));
  }
}
