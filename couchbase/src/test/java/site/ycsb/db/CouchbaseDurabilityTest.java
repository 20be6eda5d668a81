package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Every durability setting on a single-node cluster (no replicas): it works, or every write
 * fails at once with a status and a reason, never waiting out a timeout. The cluster with
 * replicas is {@link CouchbaseReplicasTest}.
 */
@ExtendWith({CouchbaseTestServer.Extension.class, ServerLogsOnFailure.class})
class CouchbaseDurabilityTest {
  private static final String TABLE = "usertable";
  private final Clients clients = new Clients("durability");

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  /**
   * Inserts, updates and deletes a record with one setting, each call bounded in time.
   *
   * @return the statuses of insert, update and delete, e.g. "OK OK OK"
   */
  static String writes(CouchbaseClient db, String key) {
    return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      Map<String, ByteIterator> change = new HashMap<>();
      change.put("field1", new StringByteIterator("changed"));
      Status insert = db.insert(TABLE, key, Records.record(key, 3));
      Status update = db.update(TABLE, key, change);
      Status delete = db.delete(TABLE, key);
      return insert.getName() + " " + update.getName() + " " + delete.getName();
    }, "a durable write never hangs");
  }

  @ParameterizedTest(name = "{0}={1}: {2}")
  @CsvSource({
      "couchbase.persistTo, 0, OK",
      "couchbase.persistTo, MASTER, OK",
      "couchbase.persistTo, 1, OK",
      "couchbase.persistTo, 2, ERROR",
      "couchbase.replicateTo, 1, ERROR",
      "couchbase.durability, none, OK",
      "couchbase.durability, majority, NOT_IMPLEMENTED",
      "couchbase.durability, majorityAndPersistToActive, NOT_IMPLEMENTED",
      "couchbase.durability, persistToMajority, NOT_IMPLEMENTED"})
  void eachSettingWorksOrFailsAtOnceWithAStatus(String property, String value, String expected) throws Exception {
    // a long timeout: a failure that waited for it would show as a TIMEOUT, not the expected status
    CouchbaseClient db = clients.open(property, value, "couchbase.opTimeout", "10000");
    long t0 = System.nanoTime();
    String key = "single-" + property + "-" + value;
    if ("OK".equals(expected)) {
      assertEquals("OK OK OK", writes(db, key));
    } else {
      // the insert fails, so the update and delete find no record, unless the record was
      // stored before the durability check failed (observe-based durability checks afterwards)
      String statuses = writes(db, key);
      assertTrue(statuses.startsWith(expected + " "), statuses);
    }
    assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "no write waited for the 10-s timeout");
  }

  @Test
  void bothKindsOfDurabilityAreRefusedAtStart() {
    DBException e = assertThrows(DBException.class, () -> clients.open("couchbase.durability", "majority",
        "couchbase.persistTo", "1"));
    assertTrue(e.getMessage().contains("couchbase.durability=majority cannot be combined with couchbase.persistTo=1"),
        e.getMessage());

    YcsbRun run = CouchbaseWorkloadsTest.ycsb("load", CouchbaseWorkloadsTest.common("workloada", "durability",
        "couchbase.durability=persistToMajority", "couchbase.replicateTo=1"));
    assertTrue(run.exitCode() != 0, run.describe());
    assertEquals(1, run.err().lines().filter(l -> l.contains("cannot be combined")).count(), run.describe());
  }

  @Test
  void synchronousDurabilityOnTheMockIsCountedWithOneReason() {
    YcsbRun load = CouchbaseWorkloadsTest.ycsb("load", CouchbaseWorkloadsTest.common("workloada", "durability",
        "couchbase.durability=majority", "recordcount=50", "ignoreinserterrors=true"));
    // no record could be inserted: the load says so and exits 1
    assertEquals(1, load.exitCode(), load.describe());
    assertEquals(50, load.results().getLong("INSERT-FAILED", "Return=NOT_IMPLEMENTED"), load.describe());
    assertEquals(1, load.err().lines().filter(l -> l.startsWith("couchbase: insert failed with NOT_IMPLEMENTED"))
        .count(), load.err());
    assertTrue(load.err().contains("couchbase.durability needs Couchbase Server 6.5+"), load.err());
  }
}
