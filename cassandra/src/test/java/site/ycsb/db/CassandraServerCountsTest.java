package site.ycsb.db;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.CountedCalls;
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
    List<String> args = new ArrayList<>(List.of(phase, "cassandra", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=" + RECORDS));
    args.addAll(CassandraTestServer.get().clientOptions(KS));
    args.addAll(Arrays.asList(more));
    return args.toArray(new String[0]);
  }

  private static long served(String kind) {
    return CassandraTestServer.get().coordinated(KS, TABLE, kind);
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
    CountedCalls.assertServerRanEachOnce(run, path, served("read") - readsBefore, served("write") - writesBefore, 100);
  }
}
