package site.ycsb.db;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.CountedCalls;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Nothing measured is lost and nothing is counted twice, on each of the engine's paths at
 * saturation: every read and update the server ran (its own {@code INFO commandstats}) is in the
 * results exactly once, in the warm-up, in the window, or left out of it after the deadline
 * ({@code DiscardedAfterDeadline}) or still in flight at the end ({@code AbandonedOperations}).
 * The run is cut by its deadline while operations are in flight, and its warm-up ends while
 * others are, so both edges are crossed thousands of times a second.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisServerCountsTest {
  private static final int RECORDS = 1000;

  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  @BeforeAll
  static void load() {
    WorkloadChecks.assertLoaded(YcsbRun.execute(args("load", "-threads", "2")), RECORDS);
  }

  private static String[] args(String phase, String... more) {
    RedisServer server = REDIS.server();
    List<String> a = new ArrayList<>(List.of(phase, "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(), "-p", "recordcount=" + RECORDS));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  /**
   * @param path the engine's path: many operations in flight on one thread, a YCSB user's
   *     {@code -threads 32} (sessions in flight), and one blocking thread per session
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-threads 1 -inflight 32", "-threads 32", "-threads 8 -p threadmode=threads"})
  void everyCallTheServerRanIsCountedOnce(String path) {
    RedisServer server = REDIS.server();
    server.cli("CONFIG", "RESETSTAT");
    List<String> options = new ArrayList<>(List.of("-p", "warmupexecutiontime=1000", "-p", "maxexecutiontime=3",
        "-p", "operationcount=0"));
    options.addAll(List.of(path.split(" ")));
    YcsbRun run = YcsbRun.execute(args("run", options.toArray(new String[0])));
    // a run of some size, whatever the load on the machine: 32 connections of one command each ran
    // below 3,000 operations a second on a machine busy with other tests
    CountedCalls.assertServerRanEachOnce(run, path, server.commandCalls("hgetall") + server.commandCalls("hmget"),
        server.commandCalls("hset"), 200);
  }
}
