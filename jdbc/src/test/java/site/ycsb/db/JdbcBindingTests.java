package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.jdbc.JdbcUrls;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The binding's behaviour against one real database server; {@link PostgresJdbcTest} and
 * {@link MariaDbJdbcTest} run it against PostgreSQL and MariaDB. Each test works in databases of
 * its own, created fresh on the shared server.
 */
@ExtendWith(ServerLogsOnFailure.class)
abstract class JdbcBindingTests {
  private static final String TABLE = "usertable";
  private static final String[] OPERATION_SECTIONS = {"READ", "UPDATE", "INSERT", "SCAN", "DELETE",
      "READ-MODIFY-WRITE"};

  private final List<DB> clients = new ArrayList<>();
  /** The clients of one test are the workers of one phase: numbered, sharing what the phase shares. */
  private final TestPhase phase = new TestPhase();

  /** @return the server of the concrete test class, started once for the class */
  abstract SqlServer server();

  @AfterEach
  void closeClients() {
    for (DB c : clients) {
      try {
        c.cleanup();
      } catch (DBException e) {
        // a test that wanted the error has already checked it
      }
    }
    clients.clear();
    phase.close();
  }

  // ---------------------------------------------------------------- operations called directly

  @Test
  void operationsReadBackWhatWasWritten() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("crud");
    DB db = client(props("db.url", s.url("crud"), "jdbc.createtable", "true", "fieldcount", "3"));

    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", "a0", "field1", "a1", "field2", "a2")));
    assertEquals(Status.OK, db.insert(TABLE, "user10", values("field0", "b0", "field1", "b1", "field2", "b2")));
    assertEquals(Status.OK, db.insert(TABLE, "user2", values("field0", "c0", "field1", "c1", "field2", "c2")));

    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, row));
    assertEquals(Map.of("field0", "a0", "field1", "a1", "field2", "a2"), strings(row));
    row.clear();
    assertEquals(Status.OK, db.read(TABLE, "user10", Set.of("field1"), row));
    assertEquals(Map.of("field1", "b1"), strings(row));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, new HashMap<>()));

    assertEquals(Status.OK, db.update(TABLE, "user1", values("field2", "new")));
    // the same value again: still one matched row (MariaDB counts changed rows unless told otherwise)
    assertEquals(Status.OK, db.update(TABLE, "user1", values("field2", "new")));
    row.clear();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, row));
    assertEquals(Map.of("field0", "a0", "field1", "a1", "field2", "new"), strings(row));
    assertEquals(Status.NOT_FOUND, db.update(TABLE, "nobody", values("field0", "x")));

    assertEquals(Status.ERROR, db.insert(TABLE, "user1", values("field0", "d0", "field1", "d1", "field2", "d2")),
        "a duplicate key is an error");

    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "user1", 2, null, scanned));
    assertEquals(List.of("a0", "b0"), field(scanned, "field0"), "byte order: user1 < user10 < user2");
    assertEquals(3, scanned.get(0).size());
    scanned.clear();
    assertEquals(Status.OK, db.scan(TABLE, "user10", 5, Set.of("field1"), scanned));
    assertEquals(List.of("b1", "c1"), field(scanned, "field1"));
    assertEquals(Set.of("field1"), scanned.get(1).keySet());
    scanned.clear();
    assertEquals(Status.OK, db.scan(TABLE, "user3", 5, null, scanned), "an empty scan is a successful one");
    assertTrue(scanned.isEmpty());

    assertEquals(Status.OK, db.delete(TABLE, "user2"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user2", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "user2"));
    assertEquals(2, s.queryLong("crud", "SELECT COUNT(*) FROM " + TABLE));

    Set<String> columns = new HashSet<>();
    try (Connection c = s.connect("crud"); Statement st = c.createStatement();
         java.sql.ResultSet rs = st.executeQuery("SELECT * FROM " + TABLE + " WHERE 1 = 0")) {
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        columns.add(rs.getMetaData().getColumnLabel(i).toUpperCase(Locale.ROOT));
      }
    }
    assertEquals(Set.of("YCSB_KEY", "FIELD0", "FIELD1", "FIELD2"), columns, "jdbc.createtable made the table");
  }

  @Test
  void autocommitOffCommitsEveryOperation() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("nocommit");
    DB db = client(props("db.url", s.url("nocommit"), "jdbc.createtable", "true", "fieldcount", "2",
        "jdbc.autocommit", "false", "jdbc.fetchsize", "10"));
    for (int i = 0; i < 30; i++) {
      assertEquals(Status.OK, db.insert(TABLE, "k" + (100 + i), values("field0", "v" + i, "field1", "w" + i)));
    }
    assertEquals(Status.OK, db.update(TABLE, "k100", values("field1", "changed")));
    assertEquals(Status.OK, db.delete(TABLE, "k129"));
    // another session sees everything at once: nothing waits for cleanup
    assertEquals(29, s.queryLong("nocommit", "SELECT COUNT(*) FROM " + TABLE));
    assertEquals("changed", s.query("nocommit", "SELECT field1 FROM " + TABLE + " WHERE YCSB_KEY = 'k100'")
        .get(0).get(0));
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "k110", 25, null, scanned));
    assertEquals(19, scanned.size(), "k110..k128 with a fetch size below the row count");
  }

  // ---------------------------------------------------------------- whole benchmark runs

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRunWorkload(String workload) throws Exception {
    SqlServer s = server();
    s.recreateDatabase("wl");
    int records = 300;
    int operations = 600;
    String[] common = {"-P", YcsbRun.workload(workload).toString(), "-p", "db.url=" + s.url("wl"),
        "-p", "db.user=" + s.user(), "-p", "jdbc.createtable=true",
        "-p", "recordcount=" + records, "-p", "operationcount=" + operations, "-threads", "2"};

    YcsbRun load = YcsbRun.execute(concat("load", "jdbc", common));
    WorkloadChecks.assertLoaded(load, records);
    checkStoredRecords("wl", records);

    YcsbRun run = YcsbRun.execute(concat("run", "jdbc", common));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, operations);
    checkStoredRecords("wl", records + inserted);
  }

  @ParameterizedTest(name = "jdbc.batchupdateapi={0}")
  @ValueSource(booleans = {false, true})
  void batchedLoadStoresExactlyRecordcountRows(boolean batchApi) throws Exception {
    SqlServer s = server();
    s.recreateDatabase("batched");
    int records = recordsNotDivisibleBySeven();
    YcsbRun load = YcsbRun.execute("load", "jdbc", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "db.url=" + s.url("batched"), "-p", "db.user=" + s.user(), "-p", "jdbc.createtable=true",
        "-p", "db.batchsize=7", "-p", "jdbc.batchupdateapi=" + batchApi, "-p", "recordcount=" + records,
        "-threads", "3");
    assertEquals(0, load.exitCode(), load.describe());
    Results r = load.results();
    assertEquals(records, r.getLong("INSERT", "Operations"), load.describe());
    long batched = r.getLong("INSERT", "Return=BATCHED_OK", 0);
    assertTrue(batched > 0, "inserts were buffered\n" + load.describe());
    assertEquals(records, batched + r.getLong("INSERT", "Return=OK", 0), load.describe());
    assertEquals(0, failed(r), load.describe());
    checkStoredRecords("batched", records);
  }

  /** 7 does not divide it, nor any thread's share of it: every worker has a partial batch left for cleanup. */
  private static int recordsNotDivisibleBySeven() {
    return 3 * 67 + 1;
  }

  // ---------------------------------------------------------------- sharding

  @Test
  void shardingPutsEveryKeyInExactlyOneDatabase() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("shard1");
    s.recreateDatabase("shard2");
    int records = 200;
    String urls = s.url("shard1") + "," + s.url("shard2");
    String[] common = {"-P", YcsbRun.workload("workloade").toString(), "-p", "db.url=" + urls,
        "-p", "db.user=" + s.user(), "-p", "jdbc.createtable=true", "-p", "recordcount=" + records,
        "-p", "operationcount=300", "-threads", "2"};
    YcsbRun load = YcsbRun.execute(concat("load", "jdbc", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(records, load.results().getLong("INSERT", "Return=OK"), load.describe());

    Set<String> keys1 = keys("shard1");
    Set<String> keys2 = keys("shard2");
    assertEquals(records, keys1.size() + keys2.size());
    assertFalse(keys1.isEmpty() || keys2.isEmpty(), "both databases hold keys");
    for (String k : keys1) {
      assertEquals(0, JdbcUrls.shardOf(k, 2), k + " is in its hash's database");
      assertFalse(keys2.contains(k), k + " is in one database only");
    }
    for (String k : keys2) {
      assertEquals(1, JdbcUrls.shardOf(k, 2), k + " is in its hash's database");
    }

    // scans and reads find keys wherever they live
    YcsbRun run = YcsbRun.execute(concat("run", "jdbc", common));
    assertEquals(0, run.exitCode(), run.describe());
    assertEquals(0, failed(run.results()), run.describe());
    assertTrue(run.results().getLong("SCAN", "Return=OK") > 0, run.describe());

    // a scan over both databases returns the globally first rows in key order
    TreeMap<String, String> all = new TreeMap<>();
    for (String db : new String[] {"shard1", "shard2"}) {
      for (List<String> row : s.query(db, "SELECT YCSB_KEY, field0 FROM " + TABLE)) {
        all.put(row.get(0), row.get(1));
      }
    }
    String start = all.keySet().stream().skip(records / 3).findFirst().orElseThrow();
    DB db = client(props("db.url", urls));
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, start, 40, Set.of("field0"), scanned));
    assertEquals(new ArrayList<>(all.tailMap(start).values()).subList(0, 40), field(scanned, "field0"));
  }

  // ---------------------------------------------------------------- read replicas

  @Test
  void readUrlsServeReadsAndScansWhileWritesGoToDbUrl() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("primarydb");
    s.recreateDatabase("replicadb");
    // the "replica" holds different rows than the primary, so every answer shows where it came from
    DB replicaWriter = client(props("db.url", s.url("replicadb"), "jdbc.createtable", "true", "fieldcount", "1"));
    assertEquals(Status.OK, replicaWriter.insert(TABLE, "only-on-replica", values("field0", "replica-row")));

    DB db = client(props("db.url", s.url("primarydb"), "jdbc.readurls", s.url("replicadb"),
        "jdbc.createtable", "true", "fieldcount", "1"));
    assertEquals(Status.OK, db.insert(TABLE, "only-on-primary", values("field0", "primary-row")));
    assertEquals(1, s.queryLong("primarydb", "SELECT COUNT(*) FROM " + TABLE), "the insert went to db.url");
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "only-on-primary", null, new HashMap<>()));
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "only-on-replica", null, row));
    assertEquals(Map.of("field0", "replica-row"), strings(row));
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "", 10, null, scanned));
    assertEquals(List.of("replica-row"), field(scanned, "field0"));
    assertEquals(Status.NOT_FOUND, db.update(TABLE, "only-on-replica", values("field0", "x")),
        "updates go to db.url, which lacks this key");
    assertEquals(Status.OK, db.delete(TABLE, "only-on-primary"));
    assertEquals(0, s.queryLong("primarydb", "SELECT COUNT(*) FROM " + TABLE));
  }

  @Test
  void readOnlyRunFollowsReadUrls() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("loaded");
    s.recreateDatabase("emptyreplica");
    String[] common = {"-P", YcsbRun.workload("workloadc").toString(), "-p", "db.user=" + s.user(),
        "-p", "jdbc.createtable=true", "-p", "recordcount=100", "-p", "operationcount=200", "-threads", "2"};
    YcsbRun load = YcsbRun.execute(concat(concat("load", "jdbc", common), "-p", "db.url=" + s.url("loaded")));
    assertEquals(0, load.exitCode(), load.describe());
    // the replica has the table but no rows: reads sent there find nothing
    DB replica = client(props("db.url", s.url("emptyreplica"), "jdbc.createtable", "true"));
    replica.cleanup();
    clients.remove(replica);

    YcsbRun viaReplica = YcsbRun.execute(concat(concat("run", "jdbc", common), "-p", "db.url=" + s.url("loaded"),
        "-p", "jdbc.readurls=" + s.url("emptyreplica")));
    assertEquals(0, viaReplica.exitCode(), viaReplica.describe());
    Results r = viaReplica.results();
    assertEquals(0, r.getLong("READ", "Return=OK", 0), viaReplica.describe());
    // [READ] lists the codes of all calls, failed ones included, as upstream does
    assertEquals(200, r.getLong("READ", "Return=NOT_FOUND", 0),
        "every read went to the empty replica\n" + viaReplica.describe());
    assertEquals(200, r.getLong("READ-FAILED", "Return=NOT_FOUND", 0), viaReplica.describe());

    YcsbRun direct = YcsbRun.execute(concat(concat("run", "jdbc", common), "-p", "db.url=" + s.url("loaded")));
    assertEquals(0, direct.exitCode(), direct.describe());
    assertEquals(200, direct.results().getLong("READ", "Return=OK"), direct.describe());
  }

  @Test
  void severalReadUrlsAreSharedRoundRobin() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("rr_primary");
    s.recreateDatabase("rr_one");
    s.recreateDatabase("rr_two");
    for (String replica : new String[] {"rr_one", "rr_two"}) {
      DB w = client(props("db.url", s.url(replica), "jdbc.createtable", "true", "fieldcount", "1"));
      assertEquals(Status.OK, w.insert(TABLE, "k", values("field0", replica)));
    }
    String readUrls = s.url("rr_one") + "," + s.url("rr_two");
    Set<String> servedBy = new HashSet<>();
    for (int i = 0; i < 2; i++) {
      DB db = client(props("db.url", s.url("rr_primary"), "jdbc.readurls", readUrls));
      Map<String, ByteIterator> row = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "k", null, row));
      servedBy.add(row.get("field0").toString());
    }
    assertEquals(Set.of("rr_one", "rr_two"), servedBy, "two consecutive workers read from different replicas");
  }

  @Test
  void aMissingTableIsReportedOnceWithWhatToDo() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("notable");
    YcsbRun run = YcsbRun.execute("run", "jdbc", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "db.url=" + s.url("notable"), "-p", "db.user=" + s.user(), "-p", "recordcount=10",
        "-p", "operationcount=100", "-threads", "2");
    assertEquals(0, run.exitCode(), "a run with failed operations still ends normally: " + run.describe());
    List<String> readLines = run.err().lines().filter(l -> l.startsWith("jdbc: read on")).toList();
    assertEquals(1, readLines.size(), "each distinct cause once:\n" + run.err());
    assertTrue(readLines.get(0).contains("create it, or set jdbc.createtable=true"), readLines.get(0));
    assertTrue(readLines.get(0).contains("usertable"), "the database's own message: " + readLines.get(0));
    assertEquals(100, run.results().getLong("READ", "Return=ERROR", 0) + run.results().getLong("UPDATE", "Return=ERROR", 0),
        run.describe());
  }

  @Test
  void duplicateKeysAreReportedOnceAndTheLoadFails() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("twice");
    String[] load = {"load", "jdbc", "-P", YcsbRun.workload("workloada").toString(), "-p", "db.url=" + s.url("twice"),
        "-p", "db.user=" + s.user(), "-p", "jdbc.createtable=true", "-p", "recordcount=20",
        "-p", "ignoreinserterrors=true"};
    assertEquals(0, YcsbRun.execute(load).exitCode());
    YcsbRun again = YcsbRun.execute(load);
    assertEquals(1, again.exitCode(), again.describe());
    assertTrue(again.err().contains("the load inserted 0 of 20 records"), again.err());
    List<String> lines = again.err().lines().filter(l -> l.startsWith("jdbc: insert on")).toList();
    assertEquals(1, lines.size(), again.err());
    assertTrue(lines.get(0).contains("exists already"), lines.get(0));
  }

  // ---------------------------------------------------------------- errors

  @Test
  void badConfigurationFailsInitWithOneClearLine() throws Exception {
    SqlServer s = server();
    String deadUrl = s.url("x").replace(":" + s.port() + "/", ":1/") + "?password=hunter2";
    DBException e = assertThrows(DBException.class, () -> client(props("db.url", deadUrl)));
    assertTrue(e.getMessage().contains("127.0.0.1:1/x"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), "the password is masked: " + e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());

    e = assertThrows(DBException.class, () -> client(new Properties()));
    assertTrue(e.getMessage().contains("db.url"), e.getMessage());
    e = assertThrows(DBException.class, () -> client(props("db.url", s.url(s.adminDatabase()), "db.driver", "no.such.Driver")));
    assertTrue(e.getMessage().contains("db.driver=no.such.Driver"), e.getMessage());
    e = assertThrows(DBException.class, () -> client(props("db.url", "jdbc:nothing://here")));
    assertTrue(e.getMessage().contains("jdbc:nothing://here"), e.getMessage());
    e = assertThrows(DBException.class, () -> client(props("db.url", s.url("a") + "," + s.url("b"),
        "jdbc.readurls", s.url("c"))));
    assertTrue(e.getMessage().contains("jdbc.readurls"), e.getMessage());
    e = assertThrows(DBException.class, () -> client(props("db.url", s.url(s.adminDatabase()), "db.batchsize", "lots")));
    assertTrue(e.getMessage().contains("db.batchsize"), e.getMessage());

    YcsbRun run = YcsbRun.execute("load", "jdbc", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "db.url=" + deadUrl, "-p", "recordcount=10");
    assertNotEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("127.0.0.1:1/x"), run.describe());
    assertFalse(run.err().contains("hunter2") || run.out().contains("hunter2"), run.describe());
  }

  @Test
  void lostConnectionIsServiceUnavailableThenReconnects() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("lossdb");
    DB db = client(props("db.url", s.url("lossdb"), "jdbc.createtable", "true", "fieldcount", "1"));
    assertEquals(Status.OK, db.insert(TABLE, "k1", values("field0", "v1")));
    s.killConnections("lossdb");
    assertEquals(Status.SERVICE_UNAVAILABLE, db.read(TABLE, "k1", null, new HashMap<>()));
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k1", null, row), "the next operation opens a new connection");
    assertEquals("v1", row.get("field0").toString());
  }

  @Test
  void waitingTooLongForALockIsTimeout() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("lockdb");
    DB db = client(props("db.url", s.shortLockWaitUrl("lockdb"), "jdbc.createtable", "true", "fieldcount", "1"));
    assertEquals(Status.OK, db.insert(TABLE, "k1", values("field0", "v1")));
    try (Connection holder = s.connect("lockdb"); Statement st = holder.createStatement()) {
      holder.setAutoCommit(false);
      st.executeUpdate("UPDATE " + TABLE + " SET field0 = 'held' WHERE YCSB_KEY = 'k1'");
      assertEquals(Status.TIMEOUT, db.update(TABLE, "k1", values("field0", "v2")));
      holder.rollback();
    }
    assertEquals(Status.OK, db.update(TABLE, "k1", values("field0", "v3")), "the connection is still usable");
  }

  // ---------------------------------------------------------------- helpers

  private DB client(Properties p) throws DBException {
    if (!p.containsKey("db.user")) {
      p.setProperty("db.user", server().user());
    }
    JdbcDBClient c = new JdbcDBClient();
    c.setProperties(p);
    phase.init(c);
    clients.add(c);
    return c;
  }

  private void checkStoredRecords(String database, long expected) throws SQLException {
    List<List<String>> rows = server().query(database, "SELECT * FROM " + TABLE);
    assertEquals(expected, rows.size(), "rows in " + database);
    for (List<String> row : rows) {
      assertEquals(11, row.size(), "key + 10 fields");
      for (String v : row.subList(1, row.size())) {
        assertTrue(v != null && v.length() == 100, "every field holds 100 characters: " + row.get(0));
      }
    }
  }

  private Set<String> keys(String database) throws SQLException {
    Set<String> keys = new HashSet<>();
    for (List<String> row : server().query(database, "SELECT YCSB_KEY FROM " + TABLE)) {
      keys.add(row.get(0));
    }
    return keys;
  }

  private static long failed(Results r) {
    long n = 0;
    for (String op : OPERATION_SECTIONS) {
      n += r.getLong(op + "-FAILED", "Operations", 0);
    }
    return n;
  }

  static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new HashMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  static List<String> field(List<HashMap<String, ByteIterator>> rows, String name) {
    List<String> out = new ArrayList<>();
    for (Map<String, ByteIterator> r : rows) {
      out.add(r.get(name).toString());
    }
    return out;
  }

  static String[] concat(String a, String b, String... rest) {
    String[] out = new String[rest.length + 2];
    out[0] = a;
    out[1] = b;
    System.arraycopy(rest, 0, out, 2, rest.length);
    return out;
  }

  static String[] concat(String[] head, String... tail) {
    String[] out = new String[head.length + tail.length];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(tail, 0, out, head.length, tail.length);
    return out;
  }
}
