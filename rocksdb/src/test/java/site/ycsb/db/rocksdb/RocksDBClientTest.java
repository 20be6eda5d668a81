package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.db.rocksdb.Records.TABLE;
import static site.ycsb.db.rocksdb.Records.record;
import static site.ycsb.db.rocksdb.Records.strings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

class RocksDBClientTest {
  @TempDir
  Path dir;
  private RocksDBClient db;

  @BeforeEach
  void open() throws Exception {
    db = Records.open(dir);
  }

  @AfterEach
  void close() throws Exception {
    db.cleanup();
    Records.endPhase();
  }

  @Test
  void insertedRecordReadsBackWhole() {
    assertEquals(Status.OK, db.insert(TABLE, "user1", record("user1", 10)));
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, got));
    assertEquals(strings(record("user1", 10)), strings(got));
  }

  @Test
  void readOfAFieldSubsetReturnsOnlyThoseFields() {
    db.insert(TABLE, "user1", record("user1", 10));
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field2", "field9"), got));
    assertEquals(Map.of("field2", "user1:2", "field9", "user1:9"), strings(got));
  }

  @Test
  void updateChangesOnlyTheGivenFields() {
    db.insert(TABLE, "user1", record("user1", 10));
    assertEquals(Status.OK, db.update(TABLE, "user1",
        Map.of("field3", new StringByteIterator("changed"), "extra", new StringByteIterator("new"))));

    Map<String, ByteIterator> got = new HashMap<>();
    db.read(TABLE, "user1", null, got);
    Map<String, String> expected = strings(record("user1", 10));
    expected.put("field3", "changed");
    expected.put("extra", "new");
    assertEquals(expected, strings(got));
  }

  @Test
  void missingKeysAreNotFound() {
    db.insert(TABLE, "user1", record("user1", 2));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user2", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.update(TABLE, "user2", record("user2", 1)));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "user2"));
    // an update of a missing key must not create it
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user2", null, new HashMap<>()));
  }

  @Test
  void deleteRemovesTheRecord() {
    db.insert(TABLE, "user1", record("user1", 2));
    db.insert(TABLE, "user2", record("user2", 2));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user1", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "user1"));
    assertEquals(Status.OK, db.read(TABLE, "user2", null, new HashMap<>()));
  }

  @Test
  void scanReturnsRecordsInKeyOrderUpToTheLimit() {
    // inserted out of order on purpose
    for (int i : new int[] {5, 1, 9, 3, 7, 2, 8, 0, 6, 4}) {
      db.insert(TABLE, "user" + i, record("user" + i, 3));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user3", 4, null, rows));
    List<String> firstFields = new ArrayList<>();
    for (HashMap<String, ByteIterator> r : rows) {
      assertEquals(3, r.size());
      firstFields.add(r.get("field0").toString());
    }
    assertEquals(List.of("user3:0", "user4:0", "user5:0", "user6:0"), firstFields);
  }

  @Test
  void scanStartsAtTheNextKeyWhenTheStartKeyIsMissing() {
    db.insert(TABLE, "user1", record("user1", 1));
    db.insert(TABLE, "user3", record("user3", 1));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user2", 5, Set.of("field0"), rows));
    assertEquals(1, rows.size());
    assertEquals("user3:0", rows.get(0).get("field0").toString());
  }

  @Test
  void scanPastTheEndReturnsFewerOrNone() {
    for (int i = 0; i < 5; i++) {
      db.insert(TABLE, "user" + i, record("user" + i, 2));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user3", 100, Set.of("field1"), rows));
    assertEquals(2, rows.size());
    assertEquals(Set.of("field1"), rows.get(0).keySet());

    rows.clear();
    assertEquals(Status.OK, db.scan(TABLE, "zzz", 10, null, rows));
    assertTrue(rows.isEmpty());
  }

  @Test
  void tablesAreSeparate() {
    db.insert("t1", "k", record("one", 1));
    db.insert("t2", "k", record("two", 1));
    Map<String, ByteIterator> got = new HashMap<>();
    db.read("t2", "k", null, got);
    assertEquals("two:0", got.get("field0").toString());
    assertEquals(Status.NOT_FOUND, db.read("t3", "k", null, new HashMap<>()));
  }

  @Test
  void dataSurvivesCloseAndReopen() throws Exception {
    for (int i = 0; i < 100; i++) {
      db.insert(TABLE, "user" + i, record("user" + i, 4));
    }
    db.insert("othertable", "k", record("k", 1));
    db.update(TABLE, "user7", Map.of("field1", new StringByteIterator("kept")));
    db.delete(TABLE, "user8");
    db.cleanup();
    Records.endPhase();

    db = Records.open(dir);
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user7", null, got));
    assertEquals("kept", got.get("field1").toString());
    assertEquals("user7:3", got.get("field3").toString());
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user8", null, new HashMap<>()));
    assertEquals(Status.OK, db.read("othertable", "k", null, new HashMap<>()));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    db.scan(TABLE, "", 1000, null, rows);
    assertEquals(99, rows.size());
  }

  @Test
  void workersShareOneStoreUntilThePhaseEnds() throws Exception {
    RocksDBClient second = Records.open(dir);
    second.insert(TABLE, "shared", record("shared", 1));
    assertEquals(Status.OK, db.read(TABLE, "shared", null, new HashMap<>()));
    second.cleanup();
    // the store stays open for the remaining client
    assertEquals(Status.OK, db.read(TABLE, "shared", null, new HashMap<>()));
    assertEquals(Status.OK, db.insert(TABLE, "after", record("after", 1)));
  }

  @Test
  void operationsAfterCleanupFailInsteadOfCrashing() throws Exception {
    RocksDBClient other = Records.open(dir);
    other.cleanup();
    assertEquals(Status.SERVICE_UNAVAILABLE, other.read(TABLE, "x", null, new HashMap<>()));
    assertEquals(Status.SERVICE_UNAVAILABLE, other.insert(TABLE, "x", record("x", 1)));
    other.cleanup();
  }

  @Test
  void syncWritesWork() throws Exception {
    RocksDBClient synced = Records.open(dir, "rocksdb.sync", "true");
    try {
      assertEquals(Status.OK, synced.insert(TABLE, "s", record("s", 2)));
      assertEquals(Status.OK, db.read(TABLE, "s", null, new HashMap<>()));
    } finally {
      synced.cleanup();
    }
  }
}
