package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.OutageChecks;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.BindingChecks;

/**
 * A server that stops answering for 2 s (frozen with SIGSTOP, then let go). HBase's client waits
 * it out: even with short RPC timeouts it goes back to ZooKeeper for the region's location, and
 * in a standalone server ZooKeeper is frozen too. So the freeze must show as latency, uncut by
 * any timeout of the benchmark's. The shared server is thawed before each test ends, and started
 * again before the next test or test class that finds it killed; the class runs last in the module
 * and the kill it leaves needs no restart.
 */
@ExtendWith({HBaseTestServer.Extension.class, ServerLogsOnFailure.class})
@Order(Integer.MAX_VALUE)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HBaseFaultTest {
  private static final String TABLE = "fault_test";
  private final Clients clients = new Clients();

  @AfterEach
  void thawAndClose() throws Exception {
    HBaseTestServer server = HBaseTestServer.get();
    if (server.process().isAlive()) {
      server.process().resume();
    }
    clients.close();
  }

  /** An earlier test's kill is undone before the next test, not after each: the last needs no restart. */
  @BeforeEach
  void serverRunning() {
    HBaseTestServer.get().restart();
  }

  @Test
  @Order(1)
  void withHBaseDefaultTimeoutsAReadWaitsForAFrozenServerAndSucceeds() throws Exception {
    HBaseClient2 db = clients.open("table", TABLE, "hbase.createtable", "true");
    BindingChecks.assertReadWaitsOutAFreeze(db, TABLE, HBaseTestServer.get().process());
  }

  @Test
  @Order(2)
  void aFreezeInTheMiddleOfAThrottledRunShowsInTheIntendedLatenciesAndTheRunEndsAtItsDeadline() throws Exception {
    String table = "fault_run";
    List<String> common = new ArrayList<>(Arrays.asList("-P", YcsbRun.workload("workloada").toString(),
        "-p", "table=" + table, "-p", "recordcount=200", "-threads", "2"));
    String[] server = HBaseTestServer.get().clientProperties();
    for (int i = 0; i < server.length; i += 2) {
      common.addAll(List.of("-p", server[i] + "=" + server[i + 1]));
    }
    YcsbRun load = YcsbRun.execute(args("load", common, "-p", "hbase.createtable=true"));
    assertEquals(0, load.exitCode(), load.describe());

    // a throttle, so the run lasts its 6 s and the operations the freeze held up are scheduled ones
    String[] runArgs = args("run", common, "-p", "maxexecutiontime=6", "-p", "operationcount=100000",
        "-target", "500");
    CompletableFuture<Void> freeze = CompletableFuture.runAsync(() -> {
      sleep(2000);
      HBaseTestServer.get().process().pauseFor(Duration.ofSeconds(2)).join();
    });
    YcsbRun run = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> YcsbRun.execute(runArgs));
    freeze.get(30, TimeUnit.SECONDS);

    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    assertTrue(r.getLong("OVERALL", "RunTime(ms)") <= 6500, "the run ended at its deadline\n" + run.describe());
    long operations = r.getLong("OVERALL", "Operations");
    assertEquals(operations, r.getLong("READ", "Return=OK", 0) + r.getLong("UPDATE", "Return=OK", 0)
        + r.getLong("OVERALL", "FailedOperations", 0), "every operation is counted once\n" + run.describe());
    // the two workers' operations in flight waited out the 2 s freeze; the ones scheduled
    // meanwhile started late, which only the intended-start figures show
    assertTrue(r.get("READ", "MaxLatency(us)") >= 1_500_000 || r.get("UPDATE", "MaxLatency(us)") >= 1_500_000,
        "an operation waited for the frozen server\n" + run.describe());
    assertTrue(r.get("Intended-READ", "99thPercentileLatency(us)") >= 1_000_000,
        "the held-up schedule shows in the intended-start p99\n" + run.describe());
    assertTrue(r.get("READ", "50thPercentileLatency(us)") < 500_000,
        "most reads did not meet the freeze\n" + run.describe());
  }

  /**
   * Killed 2 s into a 6 s run and not restarted (master, region server and ZooKeeper: one process).
   * The asynchronous side counts the rest of the run as SERVICE_UNAVAILABLE; the blocking side,
   * for comparison, waits for the region's location past the end of the run. A phase on each path
   * at once, against the one kill.
   */
  @Test
  @Order(4)
  void aServerKilledMidRunIsCountedUntilTheEnd() {
    HBaseTestServer server = HBaseTestServer.get();
    for (FaultRun r : FaultRun.onBothPaths(args("run", loaded("fault_kill"))).granularityMillis(1000)
        .fault(2000, server::kill).executeOnEach()) {
      OutageChecks checks = new OutageChecks(r).endsWithinStopTimeout(3000);
      if (r.path() == FaultRun.Path.BLOCKING) {
        assertBlockingClientWaitsPastTheRun(r);
        continue;
      }
      checks.totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
          // each operation fails at the asynchronous side's bound (hbase.client.operation.timeout, 1 s)
          .failuresCountedFromTheFault(2000)
          .toldOnce("hbase2: ", 8, "SERVICE_UNAVAILABLE (the cluster or the row's region cannot be reached");
      assertEquals(0, r.run().results().getLong("OVERALL", "AbandonedOperations", 0), r.describe());
    }
  }

  /**
   * Killed and started again at once (the restart took 11-37 s on the busy test machine: the run
   * ends a few seconds after the operations succeed again, its deadline only bounds it): the outage
   * is counted on the asynchronous side, and operations succeed again on both. A phase on each path
   * at once, against the one kill and restart.
   */
  @Test
  @Order(3)
  void aServerKilledAndRestartedMidRunIsCountedThenServesAgain() {
    HBaseTestServer server = HBaseTestServer.get();
    for (FaultRun r : FaultRun.onBothPaths(args("run", loaded("fault_restart"))).granularityMillis(1000)
        .fault(2000, server::kill).thenRestore(server::restart).runSeconds(100).endAfterRecovery(3000)
        .executeOnEach()) {
      OutageChecks checks = new OutageChecks(r).totalsAddUp().endsWithinStopTimeout(3000)
          // the client finds the regions again once the master has assigned them
          .succeedsOnceRestored(15_000);
      if (r.path() == FaultRun.Path.ASYNCHRONOUS) {
        // while the restarted server opens its regions, an operation may run out of its 1 s: TIMEOUT
        checks.failuresAre("SERVICE_UNAVAILABLE", "TIMEOUT").failuresCountedFromTheFault(2000)
            .toldOnce("hbase2: ", 8, "SERVICE_UNAVAILABLE (the cluster or the row's region cannot be reached");
      }
    }
  }

  /**
   * For comparison: HBase's blocking client waits for a region's location while ZooKeeper is
   * unreachable (here it went with the server) past any operation timeout, so the outage shows as
   * no traffic and the two workers are abandoned at the stop timeout, as the run says.
   */
  private static void assertBlockingClientWaitsPastTheRun(FaultRun r) {
    Results res = r.run().results();
    assertEquals(2, res.getLong("OVERALL", "AbandonedThreads"), r.describe());
    assertTrue(r.run().err().contains("2 worker thread(s) still inside a database call"), r.describe());
  }

  /** Loads 200 records into the table; returns the options both phases share (throttled). */
  private static List<String> loaded(String table) {
    List<String> common = new ArrayList<>(Arrays.asList("-P", YcsbRun.workload("workloada").toString(),
        "-p", "table=" + table, "-p", "recordcount=200", "-target", "500"));
    String[] server = HBaseTestServer.get().clientProperties();
    for (int i = 0; i < server.length; i += 2) {
      common.addAll(List.of("-p", server[i] + "=" + server[i + 1]));
    }
    YcsbRun load = YcsbRun.execute(args("load", common, "-p", "hbase.createtable=true"));
    assertEquals(0, load.exitCode(), load.describe());
    return common;
  }

  private static String[] args(String phase, List<String> common, String... more) {
    List<String> all = new ArrayList<>();
    all.add(phase);
    all.add("hbase2");
    all.addAll(common);
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
