package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cassandra.CassandraFailures;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.Records;

/**
 * Every consistency level property reaches the server: on one node with one replica, levels
 * needing two or three replicas fail with UNAVAILABLE, levels the server does not accept for an
 * operation fail with BAD_REQUEST, and the others succeed.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraConsistencyTest {
  private static final String KS = "consistency_test";
  private static final String TABLE = "usertable";
  private static final int FIELDS = 2;

  private final Clients clients = new Clients();

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS, "cassandra.createschema", "true");
    }
    admin().execute("INSERT INTO " + KS + "." + TABLE + " (y_id, field0, field1) VALUES ('existing', 'a', 'b')");
  }

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  private static CqlSession admin() {
    return CassandraTestServer.get().admin();
  }

  private static boolean exists(String key) {
    return admin().execute("SELECT y_id FROM " + KS + "." + TABLE + " WHERE y_id = '" + key + "'").one() != null;
  }

  /**
   * Each level set on all four properties at once; each operation must come back with the status
   * its own property's level gives.
   */
  @ParameterizedTest(name = "{0}: read {1}, scan {2}, write {3}, delete {4}")
  @CsvSource({
      "ONE,          OK,          OK,          OK,          OK",
      "QUORUM,       OK,          OK,          OK,          OK",
      "ALL,          OK,          OK,          OK,          OK",
      "LOCAL_ONE,    OK,          OK,          OK,          OK",
      "LOCAL_QUORUM, OK,          OK,          OK,          OK",
      "TWO,          UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, UNAVAILABLE",
      "THREE,        UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, UNAVAILABLE",
      // ANY: a write succeeds once any node (even as a hint) has it; reads cannot use it
      "ANY,          BAD_REQUEST, BAD_REQUEST, OK,          OK",
      "EACH_QUORUM,  OK,          OK,          OK,          OK",
      // serial levels: reads and scans become Paxos reads; writes without IF refuse them
      "SERIAL,       OK,          OK,          BAD_REQUEST, BAD_REQUEST",
      "LOCAL_SERIAL, OK,          OK,          BAD_REQUEST, BAD_REQUEST",
  })
  void eachOperationUsesItsLevel(String level, String read, String scan, String write, String delete)
      throws DBException {
    String key = "new-" + level;
    String doomed = "delete-" + level;
    admin().execute("INSERT INTO " + KS + "." + TABLE + " (y_id, field0) VALUES ('" + doomed + "', 'x')");
    CassandraCQLClient db = clients.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS,
        "cassandra.readconsistencylevel", level, "cassandra.scanconsistencylevel", level,
        "cassandra.writeconsistencylevel", level, "cassandra.deleteconsistencylevel", level);

    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(read, db.read(TABLE, "existing", null, row).getName(), "read at " + level);
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(scan, db.scan(TABLE, "existing", 2, null, rows).getName(), "scan at " + level);
    assertEquals(write, db.insert(TABLE, key, Records.record(key, FIELDS)).getName(), "insert at " + level);
    Map<String, ByteIterator> change = new HashMap<>();
    change.put("field1", new StringByteIterator("changed-" + level));
    assertEquals(write, db.update(TABLE, key, change).getName(), "update at " + level);
    assertEquals(delete, db.delete(TABLE, doomed).getName(), "delete at " + level);

    // what the server did matches the statuses
    if (read.equals("OK")) {
      assertEquals(Map.of("field0", "a", "field1", "b"), Records.strings(row));
    }
    assertEquals(write.equals("OK"), exists(key), "insert/update of " + key + " applied");
    assertEquals(!delete.equals("OK"), exists(doomed), "row to delete still there");
  }

  @Test
  void readAndWriteLevelsAreIndependent() throws DBException {
    CassandraCQLClient db = clients.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS,
        "cassandra.readconsistencylevel", "TWO");
    assertEquals(Status.OK, db.insert(TABLE, "indep", Records.record("indep", FIELDS)), "writes stay at ONE");
    assertEquals(CassandraFailures.UNAVAILABLE, db.read(TABLE, "indep", null, new HashMap<>()));
    assertEquals(CassandraFailures.UNAVAILABLE, db.scan(TABLE, "indep", 1, null, new Vector<>()),
        "scans follow the read level unless set");
    assertEquals(Status.OK, db.delete(TABLE, "indep"), "deletes follow the write level unless set");
    assertNull(admin().execute("SELECT y_id FROM " + KS + "." + TABLE + " WHERE y_id = 'indep'").one());

    CassandraCQLClient writesAtTwo = clients.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS,
        "cassandra.writeconsistencylevel", "TWO", "cassandra.deleteconsistencylevel", "ONE");
    assertEquals(CassandraFailures.UNAVAILABLE, writesAtTwo.insert(TABLE, "indep2", Records.record("x", FIELDS)));
    assertEquals(Status.NOT_FOUND, writesAtTwo.read(TABLE, "indep2", null, new HashMap<>()));
    assertEquals(Status.OK, writesAtTwo.read(TABLE, "existing", null, new HashMap<>()));
  }

  @Test
  void runWithUnreachableReadLevelEndsCleanlyWithCountedFailures() {
    List<String> common = new ArrayList<>(Arrays.asList(
        "-P", YcsbRun.workload("workloadc").toString(),
        "-p", "table=e2e", "-p", "cassandra.createschema=true",
        "-p", "recordcount=50", "-p", "operationcount=200", "-threads", "2"));
    common.addAll(CassandraTestServer.get().clientOptions(KS));
    YcsbRun load = YcsbRun.execute(concat("load", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(50, load.results().getLong("INSERT", "Return=OK"), load.describe());

    YcsbRun run = YcsbRun.execute(concat("run", common, "-p", "cassandra.readconsistencylevel=TWO"));
    assertEquals(0, run.exitCode(), "failed operations are results, not a crash\n" + run.describe());
    Results r = run.results();
    assertEquals(200, r.getLong("READ-FAILED", "Operations"), run.describe());
    assertEquals(200, r.getLong("READ-FAILED", "Return=UNAVAILABLE"), run.describe());
    assertEquals(0, r.getLong("READ", "Return=OK", 0), run.describe());
    assertTrue(r.has("OVERALL", "RunTime(ms)"), run.describe());
  }

  static String[] concat(String command, List<String> common, String... more) {
    List<String> all = new ArrayList<>();
    all.add(command);
    all.add("cassandra");
    all.addAll(common);
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }
}
