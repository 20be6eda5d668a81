package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.Records;

/** Batched inserts (insertMany): every record arrives, including the partial batch sent at cleanup. */
@ExtendWith({MongoTarget.Extension.class, ServerLogsOnFailure.class})
class MongoBatchTest {
  // 1001 records over 3 workers in batches of 7: no worker's share is a multiple of 7
  private static final int RECORDS = 1001;

  private static MongoTarget target;

  @BeforeAll
  static void findServer() {
    target = MongoTarget.shared();
  }


  private static YcsbRun load(String database, String... more) {
    return YcsbRun.execute(MongoTarget.concat(new String[] {"load", "mongodb",
        "-P", YcsbRun.workload("workloada").toString(), "-p", "recordcount=" + RECORDS, "-threads", "3"},
        target.options(database), more));
  }

  private static void assertAllInsertsCounted(YcsbRun load) {
    assertEquals(0, load.exitCode(), load.describe());
    Results r = load.results();
    assertEquals(RECORDS, r.getLong("INSERT", "Operations"), load.describe());
    long ok = r.getLong("INSERT", "Return=OK", 0);
    long batched = r.getLong("INSERT", "Return=BATCHED_OK", 0);
    assertEquals(RECORDS, ok + batched, load.describe());
    assertTrue(batched > ok, "most inserts only filled a batch: " + r.section("INSERT"));
    assertEquals(0, r.getLong("INSERT-FAILED", "Operations", 0), load.describe());
  }

  @Test
  void batchesLoadExactlyRecordcountDocuments() {
    String database = target.newDatabase();
    YcsbRun load = load(database, "-p", "mongodb.batchsize=7");
    assertAllInsertsCounted(load);
    MongoWorkloadsTest.checkStoredRecords(target, database, RECORDS);
  }

  @Test
  void theOldPropertyNameBatchesToo() {
    String database = target.newDatabase();
    YcsbRun load = load(database, "-p", "batchsize=50");
    assertAllInsertsCounted(load);
    assertEquals(RECORDS, target.check(database).getCollection("usertable").countDocuments());
  }

  @Test
  void batchedUpsertsCanLoadTheSameRecordsTwice() {
    String database = target.newDatabase();
    assertAllInsertsCounted(load(database, "-p", "mongodb.batchsize=13", "-p", "mongodb.upsert=true"));
    assertAllInsertsCounted(load(database, "-p", "mongodb.batchsize=13", "-p", "mongodb.upsert=true"));
    MongoWorkloadsTest.checkStoredRecords(target, database, RECORDS);
  }

  @Test
  void theRestOfABatchIsSentAtCleanup() throws DBException {
    String database = target.newDatabase();
    MongoDbClient db = new MongoDbClient();
    db.setProperties(target.properties(database, "mongodb.batchsize", "4"));
    TestPhase phase = new TestPhase();
    phase.init(db);
    try {
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "k1", Records.record("k1", 1)));
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "k2", Records.record("k2", 1)));
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "k3", Records.record("k3", 1)));
      assertEquals(0, target.check(database).getCollection("usertable").countDocuments(), "nothing sent yet");
      assertEquals(Status.OK, db.insert("usertable", "k4", Records.record("k4", 1)), "the 4th sends");
      assertEquals(4, target.check(database).getCollection("usertable").countDocuments());
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "k5", Records.record("k5", 1)));
      assertEquals(Status.NOT_FOUND, db.read("usertable", "k5", null, new HashMap<>()), "still in the batch");
    } finally {
      db.cleanup();
      phase.close();
    }
    assertEquals(5, target.check(database).getCollection("usertable").countDocuments());
  }
}
