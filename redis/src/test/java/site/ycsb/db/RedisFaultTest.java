package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.Status;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.OutageChecks;
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
      if (server.process().isAlive()) {
        server.process().resume();
      }
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

  /**
   * The commands of one flush travel to Lettuce as one: on a frozen server they time out together,
   * their late answers are dropped, and the next flush's answers still go to their own commands.
   */
  @Test
  void aFlushsCommandsTimeOutTogetherAndTheLateAnswersDoNotReachTheNextOnes() throws Exception {
    try (AsyncClients async = new AsyncClients()) {
      AsyncClients.Waiting db = async.open(server, "redis.timeout", "300");
      List<String> keys = new java.util.ArrayList<>();
      for (int i = 0; i < 8; i++) {
        keys.add("user" + i);
        assertEquals(Status.OK, db.insert("usertable", "user" + i, Clients.record("user" + i, 1 + i % 3)));
      }
      server.process().pause();
      List<java.util.Map<String, site.ycsb.ByteIterator>> late = new java.util.ArrayList<>();
      assertEquals(java.util.Collections.nCopies(8, Status.TIMEOUT), db.readAll("usertable", keys, late));
      server.process().resume();
      java.util.Collections.reverse(keys);
      List<java.util.Map<String, site.ycsb.ByteIterator>> got = new java.util.ArrayList<>();
      assertEquals(java.util.Collections.nCopies(8, Status.OK), db.readAll("usertable", keys, got));
      for (int k = 0; k < 8; k++) {
        int i = 7 - k;
        assertEquals(Clients.strings(Clients.record("user" + i, 1 + i % 3)), Clients.strings(got.get(k)),
            "the record of " + keys.get(k));
        assertTrue(late.get(k).isEmpty(), "an answer that came after the timeout was dropped: " + late.get(k));
      }
    }
  }

  /** A flush's commands in flight when the server dies fail, each with its own status, and the connection comes back. */
  @Test
  void aFlushsCommandsInFlightWhenTheServerDiesAreServiceUnavailable() throws Exception {
    try (AsyncClients async = new AsyncClients()) {
      AsyncClients.Waiting db = async.open(server, "redis.timeout", "0");
      List<String> keys = List.of("user1", "user2", "user3", "user4");
      for (String key : keys) {
        assertEquals(Status.OK, db.insert("usertable", key, Clients.record(key, 2)));
      }
      server.process().pause();
      List<java.util.Map<String, site.ycsb.ByteIterator>> lost = new java.util.ArrayList<>();
      Thread killer = new Thread(() -> {
        try {
          Thread.sleep(300);
          server.kill();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      killer.start();
      assertEquals(java.util.Collections.nCopies(4, Status.SERVICE_UNAVAILABLE), db.readAll("usertable", keys, lost));
      killer.join();
      server.restart();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (db.insert("usertable", "user1", Clients.record("user1", 2)) != Status.OK && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertEquals(List.of(Status.OK, Status.NOT_FOUND), db.readAll("usertable", List.of("user1", "user2"),
          new java.util.ArrayList<>()));
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

  /**
   * Killed 2 s into a 6 s run and not restarted: the rest of the run is counted as
   * SERVICE_UNAVAILABLE. A phase on each path at once, against the one kill.
   */
  @Test
  void aServerKilledMidRunIsCountedUntilTheEnd() {
    for (FaultRun r : FaultRun.onBothPaths(runArgs()).fault(2000, server::kill).executeOnEach()) {
      new OutageChecks(r).totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
          // refused or reset connections fail at once: the driver's 10 s timeout is never waited for
          .failuresCountedFromTheFault(1000)
          .endsWithinStopTimeout(3000)
          .toldOnce("redis: ", 4, server.address());
      assertEquals(0, r.run().results().getLong("OVERALL", "AbandonedOperations", 0), r.describe());
    }
  }

  /**
   * Killed and started again at once: the outage is counted, then operations succeed again (for a
   * second). A phase on each path at once, against the one kill and restart.
   */
  @Test
  void aServerKilledAndRestartedMidRunIsCountedThenServesAgain() {
    List<FaultRun> runs = FaultRun.onBothPaths(runArgs()).fault(2000, server::kill).thenRestore(server::restart)
        .endAfterRecovery(1000).executeOnEach();
    for (FaultRun r : runs) {
      OutageChecks checks = new OutageChecks(r).totalsAddUp()
          // the restarted server has no data: reads of the loaded records find nothing
          .failuresAre("SERVICE_UNAVAILABLE", "NOT_FOUND")
          .failuresCountedFromTheFault(1000)
          // Lettuce retries at most a second apart; Jedis reconnects on the next operation
          .succeedsOnceRestored(3000)
          .endsWithinStopTimeout(3000);
      if (r.path() == FaultRun.Path.ASYNCHRONOUS) {
        checks.toldOnce("redis: ", 2, "lost the connection to " + server.address(),
            "the connection to " + server.address() + " is back");
      } else {
        checks.toldOnce("redis: ", 4, "SERVICE_UNAVAILABLE");
      }
    }
    assertTrue(server.commandCalls("hset") > 0, "writes reached the restarted server\n" + runs.get(0).describe());
  }

  /** Loads the records and returns the run's arguments: workload A, throttled so the run does not hog the machine. */
  private String[] runArgs() {
    String[] common = {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(), "-p", "recordcount=200"};
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());
    String[] run = RedisReplicaTest.concat("run", "redis", common);
    String[] args = java.util.Arrays.copyOf(run, run.length + 2);
    args[run.length] = "-target";
    args[run.length + 1] = "2000";
    return args;
  }
}
