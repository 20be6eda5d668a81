package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.Status;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.BindingChecks;

/** The server goes away in the middle: operations fail with their own status, quickly, and the run goes on. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisFaultTest {
  private RedisServer server;
  private final Clients clients = new Clients();

  @BeforeEach
  void start() {
    server = RedisServer.start();
  }

  @AfterEach
  void stop() throws Exception {
    clients.closeAll();
    if (server != null) {
      server.process().resume();
      server.close();
    }
  }

  @Test
  void lostConnectionIsServiceUnavailableThenReconnects() throws Exception {
    RedisClient db = clients.open(server);
    assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 2)));
    server.stop();
    for (int i = 0; i < 3; i++) {
      long t0 = System.nanoTime();
      assertEquals(Status.SERVICE_UNAVAILABLE, db.read("usertable", "user1", null, new HashMap<>()));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.insert("usertable", "user2", Clients.record("user2", 2)));
      assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(3), "a refused connection fails fast");
    }
    server.restart();
    assertEquals(Status.OK, db.insert("usertable", "user2", Clients.record("user2", 2)));
    assertEquals(Status.OK, db.read("usertable", "user2", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "user1", null, new HashMap<>()), "nothing was persisted");
  }

  @Test
  void aServerThatStopsAnsweringGivesTimeoutAfterRedisTimeout() throws Exception {
    RedisClient db = clients.open(server, "redis.timeout", "300");
    assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 2)));
    server.process().pause();
    long t0 = System.nanoTime();
    assertEquals(Status.TIMEOUT, db.read("usertable", "user1", null, new HashMap<>()));
    long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertTrue(waitedMs >= 250 && waitedMs < 5000, "waited " + waitedMs + " ms");
    server.process().resume();
    assertEquals(Status.OK, db.read("usertable", "user1", null, new HashMap<>()));
  }

  @Test
  void asyncSideTimesOutOnAFrozenServerAndDropsTheLateAnswer() throws Exception {
    try (AsyncClients async = new AsyncClients()) {
      AsyncClients.Waiting db = async.open(server, "redis.timeout", "300");
      assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 2)));
      server.process().pause();
      long t0 = System.nanoTime();
      HashMap<String, site.ycsb.ByteIterator> late = new HashMap<>();
      assertEquals(Status.TIMEOUT, db.read("usertable", "user1", null, late));
      long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      assertTrue(waitedMs >= 250 && waitedMs < 5000, "waited " + waitedMs + " ms");
      server.process().resume();
      HashMap<String, site.ycsb.ByteIterator> got = new HashMap<>();
      assertEquals(Status.OK, db.read("usertable", "user1", null, got));
      assertEquals(Clients.strings(Clients.record("user1", 2)), Clients.strings(got));
      assertTrue(late.isEmpty(), "the answer that came after the timeout was dropped: " + late);
    }
  }

  @Test
  void asyncSideFailsFastWhileTheServerIsAwayAndReconnects() throws Exception {
    try (AsyncClients async = new AsyncClients()) {
      AsyncClients.Waiting db = async.open(server, "redis.connections", "2");
      assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 2)));
      server.stop();
      // the worker learns of the lost connections when it next waits for anything
      db.idle(200);
      for (int i = 0; i < 3; i++) {
        long t0 = System.nanoTime();
        assertEquals(Status.SERVICE_UNAVAILABLE, db.read("usertable", "user1", null, new HashMap<>()));
        assertEquals(Status.SERVICE_UNAVAILABLE, db.insert("usertable", "user2", Clients.record("user2", 2)));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(3), "a lost connection fails fast");
      }
      server.restart();
      // both connections come back by themselves
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      int ok = 0;
      while (ok < 4 && System.nanoTime() < deadline) {
        ok = db.insert("usertable", "user2", Clients.record("user2", 2)) == Status.OK ? ok + 1 : 0;
        if (ok == 0) {
          Thread.sleep(100);
        }
      }
      assertEquals(4, ok, "the connections came back");
      assertEquals(Status.OK, db.read("usertable", "user2", null, new HashMap<>()));
    }
  }

  @Test
  void withTimeoutZeroAReadWaitsForAFrozenServerAndSucceeds() throws Exception {
    BindingChecks.assertReadWaitsOutAFreeze(clients.open(server, "redis.timeout", "0"), "usertable", server.process());
  }

  @Test
  void serverRestartInTheMiddleOfARun() throws Exception {
    String[] common = {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(),
        "-p", "recordcount=200", "-threads", "2"};
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());

    // throttled so that the run ends after ~8 s even if maxexecutiontime were ignored
    String[] runArgs = RedisReplicaTest.concat("run", "redis", common);
    String[] args = java.util.Arrays.copyOf(runArgs, runArgs.length + 6);
    System.arraycopy(new String[] {"-p", "maxexecutiontime=6", "-p", "operationcount=32000", "-target", "4000"},
        0, args, runArgs.length, 6);
    CompletableFuture<Void> outage = CompletableFuture.runAsync(() -> {
      sleep(2000);
      server.stop();
      sleep(1000);
      server.restart();
    });
    YcsbRun run = assertTimeoutPreemptively(Duration.ofSeconds(90), () -> YcsbRun.execute(args));
    outage.get(30, TimeUnit.SECONDS);

    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    assertTrue(r.getLong("OVERALL", "RunTime(ms)") <= 6500, "the run ended at its deadline\n" + run.describe());
    long unavailable = r.getLong("READ-FAILED", "Return=SERVICE_UNAVAILABLE", 0)
        + r.getLong("UPDATE-FAILED", "Return=SERVICE_UNAVAILABLE", 0);
    assertTrue(unavailable > 0, "the outage is counted\n" + run.describe());
    assertTrue(r.getLong("READ", "Return=OK", 0) > 0, run.describe());
    // the workers came back: the restarted server received updates
    assertTrue(server.commandCalls("hset") > 0, "no write reached the restarted server\n" + run.describe());
    // thousands of failed calls, each cause printed once for the phase, through the engine's log
    java.util.List<String> reported = run.err().lines().filter(l -> l.startsWith("redis: ")).toList();
    assertTrue(!reported.isEmpty() && reported.size() <= 4, "a few causes for " + unavailable + " failures:\n" + run.err());
    assertEquals(reported.size(), new java.util.HashSet<>(reported).size(), "none printed twice:\n" + run.err());
    assertTrue(reported.stream().allMatch(l -> l.endsWith("(each cause is reported once)")), run.err());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
