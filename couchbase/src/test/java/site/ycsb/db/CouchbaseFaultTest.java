package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.OutageChecks;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.ServerProcess;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Failures a user meets: a cluster that stops answering (the mock frozen with SIGSTOP), one that
 * is not there, and a wrong password; none of them shows the password anywhere.
 */
@ExtendWith({CouchbaseTestServer.Extension.class, ServerLogsOnFailure.class})
class CouchbaseFaultTest {
  private static final String BUCKET = "faults";
  private static final String WRONG_PASSWORD = "hunter2-wrong";
  /** The bucket of the mocks these tests kill and start again (each test has its own mock). */
  private static final String RESTARTED = "restarted";
  /** How soon after a restarted mock serves the client must be served again (see its use). */
  private static final long RECONNECT_MILLIS = 15_000;

  @Test
  void aFrozenClusterGivesTimeoutsAfterOpTimeoutAndTheRunEndsCleanly() throws Exception {
    List<String> options = new ArrayList<>(List.of("-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-threads", "2"));
    options.addAll(CouchbaseTestServer.get().options(BUCKET, "couchbase.opTimeout=300"));
    WorkloadChecks.assertLoaded(CouchbaseWorkloadsTest.ycsb("load", options), 200);

    // the mock stops answering 1.5 s into a 5-s run, for 2 s; a throttle keeps the run light
    ServerProcess mock = CouchbaseTestServer.get().process();
    CompletableFuture<Void> freeze = CompletableFuture.runAsync(() -> {
      sleep(1500);
      mock.pauseFor(Duration.ofSeconds(2)).join();
    });
    YcsbRun run;
    try {
      run = CouchbaseWorkloadsTest.ycsb("run", options, "-p", "operationcount=0", "-p", "maxexecutiontime=5",
          "-target", "400");
      freeze.get(30, TimeUnit.SECONDS);
    } finally {
      mock.resume();
    }
    assertEquals(0, run.exitCode(), "a clean end\n" + run.describe());
    Results r = run.results();
    long ok = r.getLong("READ", "Return=OK", 0) + r.getLong("UPDATE", "Return=OK", 0);
    long failed = r.getLong("READ-FAILED", "Operations", 0) + r.getLong("UPDATE-FAILED", "Operations", 0);
    long timeouts = r.getLong("READ-FAILED", "Return=TIMEOUT", 0) + r.getLong("UPDATE-FAILED", "Return=TIMEOUT", 0);
    assertTrue(ok > 0, "operations before and after the freeze succeeded\n" + run.describe());
    assertTrue(timeouts > 0, "operations during the freeze timed out\n" + run.describe());
    assertEquals(failed, timeouts, "every failure is a TIMEOUT\n" + run.describe());
    // a timed-out operation is counted apart with the latency it had: at least the 300-ms timeout
    String section = r.has("READ-FAILED", "MinLatency(us)") ? "READ-FAILED" : "UPDATE-FAILED";
    assertTrue(r.get(section, "MinLatency(us)") >= 290_000, run.describe());
    assertTrue(run.err().lines().filter(l -> l.startsWith("couchbase: ")).count() <= 4,
        "each cause once, not per operation\n" + run.err());
  }

  /**
   * Killed 2 s into a 6 s run and not restarted: the rest of the run is counted as
   * SERVICE_UNAVAILABLE. A phase on each path at once, against the one kill.
   */
  @Test
  void aNodeKilledMidRunIsCountedUntilTheEnd() {
    CouchbaseTestServer mock = CouchbaseTestServer.startRestartable(RESTARTED);
    try {
      List<String> common = load(mock);
      for (FaultRun r : FaultRun.onBothPaths(args("run", common)).fault(2000, mock::kill).executeOnEach()) {
        new OutageChecks(r).totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
            // the SDK gives up on a request for a node it cannot reach at once: no couchbase.opTimeout wait
            .failuresCountedFromTheFault(1500)
            .endsWithinStopTimeout(3000)
            .toldOnce("couchbase: ", 8, "SERVICE_UNAVAILABLE", "lost the connection to 127.0.0.1:");
        assertEquals(0, r.run().results().getLong("OVERALL", "AbandonedOperations", 0), r.describe());
      }
    } finally {
      mock.close();
    }
  }

  /**
   * Killed, started again at once on the same ports (empty) and loaded again: counted, then served
   * again. A phase on each path at once, against the one kill and restart.
   */
  @Test
  void aNodeKilledAndRestartedMidRunIsCountedThenServesAgain() throws Exception {
    CouchbaseTestServer mock = CouchbaseTestServer.startRestartable(RESTARTED);
    try {
      List<String> common = load(mock);
      // the records are loaded again once the mock is back, while the run goes on
      CompletableFuture<YcsbRun> reload = new CompletableFuture<>();
      // the runs end a second after the operations succeed again; their deadline only bounds them
      List<FaultRun> runs = FaultRun.onBothPaths(args("run", common)).fault(2000, mock::kill).runSeconds(30)
          .thenRestore(() -> {
            mock.restart();
            CompletableFuture.runAsync(() -> reload.complete(CouchbaseWorkloadsTest.ycsb("load", common)));
          })
          .endAfterRecovery(1000)
          .executeOnEach();
      WorkloadChecks.assertLoaded(reload.get(60, TimeUnit.SECONDS), 200);
      for (FaultRun r : runs) {
        new OutageChecks(r).totalsAddUp()
            // until the new load has written them, the records are not there
            .failuresAre("SERVICE_UNAVAILABLE", "NOT_FOUND")
            .failuresCountedFromTheFault(1500)
            // the SDK reconnects with a backoff that doubles up to 4.1 s, and a mock just started may
            // refuse a login or two: the bucket's connection came back 10 s after the mock once, on a
            // busy machine
            .succeedsOnceRestored(RECONNECT_MILLIS)
            .endsWithinStopTimeout(3000)
            // a failure line per operation and cause, a line per connection lost and back (the
            // manager's, the cluster's and the bucket's key-value connections)
            .toldOnce("couchbase: ", 10, "SERVICE_UNAVAILABLE", "lost the connection to 127.0.0.1:",
                "(kv, bucket " + RESTARTED + ") is back after");
      }
    } finally {
      mock.close();
    }
  }


  /** Loads 200 records into a mock of the test's own; returns the options both phases share (throttled). */
  private static List<String> load(CouchbaseTestServer mock) {
    List<String> common = new ArrayList<>(List.of("-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-target", "1000"));
    common.addAll(mock.options(RESTARTED));
    WorkloadChecks.assertLoaded(CouchbaseWorkloadsTest.ycsb("load", common), 200);
    return common;
  }

  private static String[] args(String command, List<String> options) {
    List<String> all = new ArrayList<>(List.of(command, "couchbase"));
    all.addAll(options);
    return all.toArray(new String[0]);
  }

  @Test
  void aFrozenClusterGivesTimeoutOnTheAsynchronousSideToo() throws Exception {
    CouchbaseClient db = Clients.create(CouchbaseTestServer.get().properties(BUCKET, "couchbase.opTimeout", "300"));
    SharedResources shared = new SharedResources(new ErrorLog(System.err));
    db.init(new WorkerContext(0, 1, 8, new ErrorLog(System.err), shared));
    ServerProcess mock = CouchbaseTestServer.get().process();
    try {
      assertEquals(Status.OK, Clients.done(db, db.insertAsync("usertable", "async-frozen", Records.record("async-frozen", 2))));
      mock.pause();
      long t0 = System.nanoTime();
      assertEquals(Status.TIMEOUT, Clients.done(db, db.readAsync("usertable", "async-frozen", null, new HashMap<>())));
      assertTrue(System.nanoTime() - t0 >= 290_000_000L, "it waited for the timeout");
      mock.resume();
      Status after = Status.ERROR;
      for (int i = 0; i < 40 && !after.isOk(); i++) {
        after = Clients.done(db, db.readAsync("usertable", "async-frozen", null, new HashMap<>()));
        if (!after.isOk()) {
          sleep(100);
        }
      }
      assertEquals(Status.OK, after, "reads work again once the cluster answers");
    } finally {
      mock.resume();
      db.cleanup();
      shared.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"blocking", "inflight"})
  void anUnreachableClusterStopsThePhaseWithOneLine(String path, @TempDir Path results) throws IOException {
    int[] ports = FreePort.findDistinct(2);
    String hosts = "couchbase://127.0.0.1:" + ports[0] + "=kv,127.0.0.1:" + ports[1] + "=manager";
    YcsbRun run = failedStart(path, results, "couchbase.hosts=" + hosts, "couchbase.password=" + WRONG_PASSWORD);
    String line = "cannot open Couchbase bucket faults at " + hosts;
    assertEquals(1, run.err().lines().filter(l -> l.contains(line)).count(), "one line\n" + run.describe());
    assertTrue(run.err().contains("Connection refused"), run.describe());
    assertNoPassword(run, results);
  }

  @Test
  void aWrongPasswordStopsThePhaseWithOneLine(@TempDir Path results) throws IOException {
    YcsbRun run = failedStart("blocking", results, "couchbase.hosts=" + CouchbaseTestServer.get().hosts(BUCKET),
        "couchbase.password=" + WRONG_PASSWORD);
    assertEquals(1, run.err().lines().filter(l -> l.contains("cannot open Couchbase bucket faults")
        && l.contains("the login was refused")).count(), "one line\n" + run.describe());
    assertNoPassword(run, results);
  }

  @Test
  void anInvalidPersistToIsABadInput() {
    YcsbRun run = CouchbaseWorkloadsTest.ycsb("load", CouchbaseWorkloadsTest.common("workloada", BUCKET,
        "couchbase.persistTo=5"));
    assertEquals(2, run.exitCode(), run.describe());
    assertTrue(run.err().contains("couchbase.persistTo=5 is invalid"), run.describe());
  }

  /** A load that cannot start: exit code 1, the results folder written all the same. */
  private static YcsbRun failedStart(String path, Path results, String... settings) {
    List<String> options = new ArrayList<>(List.of("-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=10", "-threads", "2", "-p", "resultsdir=" + results,
        "-p", "couchbase.bucket=" + BUCKET, "-p", "couchbase.connectTimeout=1500"));
    for (String s : settings) {
      options.add("-p");
      options.add(s);
    }
    if ("inflight".equals(path)) {
      options.addAll(List.of("-inflight", "8"));
    }
    YcsbRun run = CouchbaseWorkloadsTest.ycsb("load", options);
    assertEquals(1, run.exitCode(), run.describe());
    return run;
  }

  private static void assertNoPassword(YcsbRun run, Path results) throws IOException {
    assertFalse(run.out().contains(WRONG_PASSWORD) || run.err().contains(WRONG_PASSWORD), run.describe());
    try (Stream<Path> files = Files.walk(results)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f).contains(WRONG_PASSWORD), "the password in " + f);
      }
    }
  }


  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
