package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.Vector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** Each operation of the binding against one real redis-server. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisClientTest {
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  private final Clients clients = new Clients();
  private RedisClient db;

  @BeforeEach
  void open() throws Exception {
    REDIS.server().cli("FLUSHALL");
    REDIS.server().cli("CONFIG", "RESETSTAT");
    db = clients.open(REDIS.server());
  }

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  @Test
  void insertThenReadAllFields() {
    assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 10)));
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", null, got));
    assertEquals(Clients.strings(Clients.record("user1", 10)), Clients.strings(got));
    // stored as one hash per key, indexed in the sorted set
    assertEquals("hash", REDIS.server().cli("TYPE", "user1").trim());
    assertEquals("10", REDIS.server().cli("HLEN", "user1").trim());
    assertEquals("0", REDIS.server().cli("ZSCORE", RedisProperties.INDEX_KEY, "user1").trim());
  }

  @Test
  void readOfSomeFieldsAsksOnlyForThem() {
    db.insert("usertable", "user1", Clients.record("user1", 10));
    long hgetallBefore = REDIS.server().commandCalls("hgetall");
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", Set.of("f3", "f7", "nofield"), got));
    assertEquals(Map.of("f3", "user1/f3", "f7", "user1/f7"), Clients.strings(got));
    assertEquals(1, REDIS.server().commandCalls("hmget"));
    assertEquals(hgetallBefore, REDIS.server().commandCalls("hgetall"));
  }

  @Test
  void updateChangesOnlyTheGivenFields() {
    db.insert("usertable", "user1", Clients.record("user1", 3));
    assertEquals(Status.OK, db.update("usertable", "user1", Map.of("f1", new StringByteIterator("new"))));
    Map<String, ByteIterator> got = new HashMap<>();
    db.read("usertable", "user1", null, got);
    assertEquals(Map.of("f0", "user1/f0", "f1", "new", "f2", "user1/f2"), Clients.strings(got));
  }

  @Test
  void missingRecordIsNotFound() {
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", Set.of("f0"), new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "nobody"));
  }

  @Test
  void deleteRemovesTheRecordAndItsIndexEntry() {
    db.insert("usertable", "user1", Clients.record("user1", 2));
    db.insert("usertable", "user2", Clients.record("user2", 2));
    assertEquals(Status.OK, db.delete("usertable", "user1"));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "user1", null, new HashMap<>()));
    assertEquals("0", REDIS.server().cli("EXISTS", "user1").trim());
    assertEquals("1", REDIS.server().cli("ZCARD", RedisProperties.INDEX_KEY).trim());
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user0", 10, null, scanned));
    assertEquals(1, scanned.size());
    assertEquals("user2/f0", scanned.get(0).get("f0").toString());
  }

  @Test
  void scanReadsInKeyOrderFromTheStartKey() {
    // inserted out of order; hashCode order differs from key order for these keys
    TreeSet<String> keys = new TreeSet<>();
    for (int i : new int[] {42, 7, 1000, 3, 99, 512, 12, 8, 77, 5}) {
      String key = "user" + i;
      keys.add(key);
      assertEquals(Status.OK, db.insert("usertable", key, Clients.record(key, 2)));
    }
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user42", 4, null, scanned));
    List<String> expected = keys.tailSet("user42", true).stream().limit(4).collect(Collectors.toList());
    assertEquals(expected, scanned.stream().map(r -> r.get("f0").toString().split("/")[0]).collect(Collectors.toList()));
    assertEquals(List.of("user42", "user5", "user512", "user7"), expected);

    // a start key that is not a record starts at the next one; only the asked fields
    scanned.clear();
    assertEquals(Status.OK, db.scan("usertable", "user100", 2, Set.of("f1"), scanned));
    assertEquals(2, scanned.size());
    assertEquals(Map.of("f1", "user1000/f1"), Clients.strings(scanned.get(0)));
    assertEquals(Map.of("f1", "user12/f1"), Clients.strings(scanned.get(1)));

    // past the last key: an empty, successful scan
    scanned.clear();
    assertEquals(Status.OK, db.scan("usertable", "user99~", 5, null, scanned));
    assertTrue(scanned.isEmpty());
  }

  @Test
  void insertAndDeleteAreOneRoundTripEach() {
    // MULTI/EXEC around the hash and the index entry: both or neither
    db.insert("usertable", "user1", Clients.record("user1", 2));
    db.delete("usertable", "user1");
    assertEquals(2, REDIS.server().commandCalls("multi"));
    assertEquals(2, REDIS.server().commandCalls("exec"));
    assertEquals(1, REDIS.server().commandCalls("hset"));
    assertEquals(1, REDIS.server().commandCalls("zadd"));
    assertEquals(1, REDIS.server().commandCalls("zrem"));
  }

  @Test
  void databaseNumberSelectsTheDatabase() throws Exception {
    RedisClient db3 = clients.open(REDIS.server(), "redis.database", "3");
    db3.insert("usertable", "user1", Clients.record("user1", 1));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "user1", null, new HashMap<>()));
    assertEquals("1", REDIS.server().cli("-n", "3", "EXISTS", "user1").trim());
  }
}
