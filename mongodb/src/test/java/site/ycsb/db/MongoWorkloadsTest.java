package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** load + run of the core workloads A-F through the command line, with the data read back. */
@ExtendWith({MongoTarget.Extension.class, ServerLogsOnFailure.class})
class MongoWorkloadsTest {
  private static final int RECORDS = 500;
  private static final int OPERATIONS = 1000;

  private static MongoTarget target;

  @BeforeAll
  static void findServer() {
    target = MongoTarget.shared();
  }


  /** The asynchronous path: few threads, many operations in flight on each. */
  private static final String[] ASYNC = {"-threads", "2", "-inflight", "16"};
  private static final String[] BLOCKING = {"-threads", "4"};

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRun(String workload) {
    String database = target.newDatabase();
    loadThenRun(workload, database, BLOCKING, BLOCKING);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloade"})
  void loadThenRunOnTheAsynchronousPath(String workload) {
    String database = target.newDatabase();
    loadThenRun(workload, database, ASYNC, ASYNC);
  }

  /** Records one path loaded are read (workload C: reads only, every one OK) and updated by the other. */
  @ParameterizedTest(name = "load {0}, run {1}")
  @CsvSource({"blocking, asynchronous", "asynchronous, blocking"})
  void eachPathReadsWhatTheOtherLoaded(String loadPath, String runPath) {
    String database = target.newDatabase();
    loadThenRun("workloadc", database, "blocking".equals(loadPath) ? BLOCKING : ASYNC,
        "blocking".equals(runPath) ? BLOCKING : ASYNC);
    loadThenRun("workloada", database, null, "blocking".equals(runPath) ? BLOCKING : ASYNC);
  }

  /**
   * @param loadPath the load's threading options, or null for no load
   * @param runPath the run's
   */
  private static void loadThenRun(String workload, String database, String[] loadPath, String[] runPath) {
    String[] common = MongoTarget.concat(new String[] {"-P", YcsbRun.workload(workload).toString(),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS,
        // scans of the stand-in read the whole collection: keep them short so the test stays quick
        "-p", "maxscanlength=20"}, target.options(database));

    if (loadPath != null) {
      YcsbRun load = YcsbRun.execute(MongoTarget.concat(new String[] {"load", "mongodb"}, common, loadPath));
      WorkloadChecks.assertLoaded(load, RECORDS);
      checkStoredRecords(target, database, RECORDS);
    }

    YcsbRun run = YcsbRun.execute(MongoTarget.concat(new String[] {"run", "mongodb"}, common, runPath));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    checkStoredRecords(target, database, RECORDS + inserted);
  }

  /** Reads the data back with a client of its own: one document of 10 binary fields x 100 bytes per record. */
  static void checkStoredRecords(MongoTarget server, String database, long expected) {
    MongoCollection<Document> usertable = server.check(database).getCollection("usertable");
    assertEquals(expected, usertable.countDocuments());
    for (Document d : usertable.find().limit(10)) {
      assertEquals(11, d.size(), "_id and 10 fields: " + d.keySet());
      assertTrue(d.getString("_id").startsWith("user"), d.getString("_id"));
      for (int i = 0; i < 10; i++) {
        Object v = d.get("field" + i);
        assertTrue(v instanceof Binary, "field" + i + " of " + d.get("_id") + " is " + v);
        assertEquals(100, ((Binary) v).length(), "field" + i + " of " + d.get("_id"));
      }
    }
  }
}
