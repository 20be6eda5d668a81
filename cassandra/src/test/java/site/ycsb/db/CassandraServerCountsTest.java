package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.CountedCalls;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Nothing measured is lost and nothing is counted twice, on each of the engine's paths at
 * saturation: every read and update the node coordinated on the table (its own
 * {@code system_views.coordinator_read_latency} and {@code coordinator_write_latency}) is in the
 * results exactly once, in the warm-up, in the window, or left out of it after the deadline
 * ({@code DiscardedAfterDeadline}) or still in flight at the end ({@code AbandonedOperations}).
 * The run is cut by its deadline while operations are in flight, and its warm-up ends while
 * others are.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraServerCountsTest {
  private static final String KS = "counts_test";
  private static final String TABLE = "usertable";
  private static final int RECORDS = 500;

  @BeforeAll
  static void load() {
    WorkloadChecks.assertLoaded(YcsbRun.execute(args("load", "-threads", "4", "-p", "cassandra.createschema=true")),
        RECORDS);
  }

  private static String[] args(String phase, String... more) {
    CassandraTestServer server = CassandraTestServer.get();
    List<String> args = new ArrayList<>(Arrays.asList(phase, "cassandra",
        "-P", YcsbRun.workload("workloada").toString(),
        "-p", "hosts=" + server.hosts(),
        "-p", "cassandra.username=" + CassandraTestServer.USER,
        "-p", "cassandra.password=" + CassandraTestServer.PASSWORD,
        "-p", "cassandra.keyspace=" + KS, "-p", "recordcount=" + RECORDS));
    args.addAll(Arrays.asList(more));
    return args.toArray(new String[0]);
  }

  /** @return how many requests of the kind the node has coordinated on the test's table */
  private static long served(String kind) {
    Row row = CassandraTestServer.get().admin().execute("SELECT count FROM system_views.coordinator_" + kind
        + "_latency WHERE keyspace_name = '" + KS + "' AND table_name = '" + TABLE + "'").one();
    return row == null ? 0 : row.getLong(0);
  }

  /**
   * @param path the engine's path: many operations in flight on one thread, a YCSB user's
   *     {@code -threads 32} (sessions in flight), and one blocking thread per session
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-threads 1 -inflight 32", "-threads 32", "-threads 8 -p threadmode=threads"})
  void everyRequestTheNodeServedIsCountedOnce(String path) {
    long readsBefore = served("read");
    long writesBefore = served("write");
    List<String> options = new ArrayList<>(List.of("-p", "warmupexecutiontime=1000", "-p", "maxexecutiontime=3",
        "-p", "operationcount=0"));
    options.addAll(List.of(path.split(" ")));
    YcsbRun run = YcsbRun.execute(args("run", options.toArray(new String[0])));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long reads = served("read") - readsBefore;
    long updates = served("write") - writesBefore;

    String what = path + ": the node served " + reads + " reads and " + updates + " updates\n" + run.describe();
    assertEquals(0, r.getLong("OVERALL", "FailedOperations"), what);
    assertEquals(0, r.getLong("OVERALL", "AbandonedOperations", 0),
        "a healthy node answers every operation before the stop timeout\n" + what);
    assertTrue(r.getLong("WARMUP", "Operations") > 100 && r.getLong("OVERALL", "Operations") > 1000,
        "a saturated run\n" + what);
    assertEquals(reads + updates, CountedCalls.all(r, "READ", "UPDATE"), what);
    // each kind on its own: what the window counted, and at most the calls left out of it more
    long outside = CountedCalls.outsideWindow(r);
    System.out.printf("%s: server %d reads + %d updates; window %d + %d, warm-up %d, after the deadline %d%n", path,
        reads, updates, CountedCalls.inWindow(r, "READ"), CountedCalls.inWindow(r, "UPDATE"),
        r.getLong("WARMUP", "Operations"), r.getLong("OVERALL", "DiscardedAfterDeadline"));
    long windowReads = CountedCalls.inWindow(r, "READ");
    long windowUpdates = CountedCalls.inWindow(r, "UPDATE");
    assertTrue(reads >= windowReads && reads <= windowReads + outside, what);
    assertTrue(updates >= windowUpdates && updates <= windowUpdates + outside, what);
  }
}
