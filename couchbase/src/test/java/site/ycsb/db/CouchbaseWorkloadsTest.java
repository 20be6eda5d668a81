package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.couchbase.client.java.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Utils;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * load + run through the command line, on the blocking path and with operations in flight, with
 * every record read back by the tests' own SDK client; scans on a cluster without a query
 * service; writes sent without waiting for their answers.
 */
@ExtendWith({CouchbaseTestServer.Extension.class, ServerLogsOnFailure.class})
class CouchbaseWorkloadsTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  /** Options of every command: the workload, the bucket, the sizes, 2 threads. */
  static List<String> common(String workload, String bucket, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList("-P", YcsbRun.workload(workload).toString(),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2"));
    args.addAll(CouchbaseTestServer.get().options(bucket, more));
    return args;
  }

  static YcsbRun ycsb(String command, List<String> options, String... more) {
    List<String> args = new ArrayList<>(List.of(command, "couchbase"));
    args.addAll(options);
    args.addAll(Arrays.asList(more));
    return YcsbRun.execute(args.toArray(new String[0]));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"blocking", "sessions", "inflight"})
  void loadThenRunWorkloadAWithTheRecordsReadBack(String path) {
    String bucket = "blocking".equals(path) ? "workloads" : "sessions".equals(path) ? "sessions" : "async";
    // -threads 2 alone runs its two sessions in flight; threadmode=threads gives each a thread
    String[] inflight = "blocking".equals(path) ? new String[] {"-p", "threadmode=threads"}
        : "sessions".equals(path) ? new String[0] : new String[] {"-inflight", "8"};
    YcsbRun load = ycsb("load", common("workloada", bucket), inflight);
    WorkloadChecks.assertLoaded(load, RECORDS);
    int size = checkStoredRecords(bucket);

    YcsbRun run = ycsb("run", common("workloada", bucket), inflight);
    WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    Results r = run.results();
    assertTrue(r.getLong("UPDATE", "Return=OK") > 0 && r.getLong("READ", "Return=OK") > 0, run.describe());
    if ("inflight".equals(path)) {
      assertEquals(8, r.getLong("OVERALL", "InFlightPerThread"), "the asynchronous path\n" + run.describe());
    } else if ("sessions".equals(path)) {
      assertTrue(run.err().contains("-threads 2 runs as 2 sessions in flight"), run.describe());
      assertEquals(OPERATIONS, r.getLong("OVERALL", "Operations"));
    } else {
      assertEquals(2, r.getLong("OVERALL", "Threads"), run.describe());
      assertFalse(r.has("OVERALL", "InFlightPerThread"), run.describe());
    }
    // one-field updates changed documents in place: every record still has its 10 fields, same size
    assertEquals(size, checkStoredRecords(bucket), "documents keep their size");
  }

  /**
   * Reads every loaded record with the tests' own client: a JSON document of 10 string members of
   * 100 characters, all documents of one size.
   *
   * @return that size in bytes
   */
  static int checkStoredRecords(String bucket) {
    Set<Integer> sizes = new HashSet<>();
    try (StoredDocuments stored = new StoredDocuments(CouchbaseTestServer.get(), bucket)) {
      for (int i = 0; i < RECORDS; i++) {
        String key = "user" + Utils.hash(i);
        JsonObject doc = stored.json(key);
        assertNotNull(doc, key + " was loaded");
        assertEquals(10, doc.size(), key + ": " + doc);
        for (int f = 0; f < 10; f++) {
          assertEquals(100, doc.getString("field" + f).length(), key + ".field" + f);
        }
        sizes.add(stored.bytes(key).length);
      }
    }
    assertEquals(1, sizes.size(), "one document size: " + sizes);
    return sizes.iterator().next();
  }

  @Test
  void scansWithoutAQueryServiceAreCountedNotImplementedWithOneReason() {
    YcsbRun load = ycsb("load", common("workloade", "scans"));
    WorkloadChecks.assertLoaded(load, RECORDS);
    YcsbRun run = ycsb("run", common("workloade", "scans"));
    assertEquals(0, run.exitCode(), "failed operations are results, not a crash\n" + run.describe());
    Results r = run.results();
    long scans = r.getLong("SCAN", "Operations", 0) + r.getLong("SCAN-FAILED", "Operations", 0);
    assertTrue(scans > 0, run.describe());
    assertEquals(scans, r.getLong("SCAN-FAILED", "Return=NOT_IMPLEMENTED"), run.describe());
    assertEquals(0, r.getLong("SCAN", "Return=OK", 0), run.describe());
    assertEquals(OPERATIONS - scans, r.getLong("INSERT", "Return=OK"), "the inserts of workload E work\n"
        + run.describe());
    List<String> reasons = run.err().lines().filter(l -> l.contains("every scan returns NOT_IMPLEMENTED")).toList();
    assertEquals(1, reasons.size(), "one reason, once\n" + run.err());
    assertTrue(reasons.get(0).contains("query service"), reasons.get(0));
  }

  @Test
  void writesSentWithoutWaitingAreAllThereWhenThePhaseEnds() {
    YcsbRun load = ycsb("load", common("workloada", "unchecked", "couchbase.checkOperationStatus=false"));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords("unchecked");
    assertTrue(load.err().lines().noneMatch(l -> l.startsWith("couchbase:")), load.err());
  }
}
