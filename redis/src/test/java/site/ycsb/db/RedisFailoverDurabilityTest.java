package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.Jedis;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.RedisSentinels;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.StoppableWorkload;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * What a failover costs in data, with real processes: a primary, its replica and three Sentinels.
 * Under a write load, the replica stops replicating for a second while the primary goes on
 * acknowledging writes, then the primary is killed; Sentinel promotes the replica, which never received that
 * second, and the run goes on against it. The lost writes the client reports equal the test's own
 * count: the keys whose last acknowledged write (or a later one that failed but was applied) the
 * new primary does not hold, from a log of every write the binding made. With redis.wait=1 no
 * write that the replica did not have was acknowledged: none is lost.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisFailoverDurabilityTest {
  private static final int RECORDS = 300;
  private static RedisSentinels sentinels;

  @BeforeAll
  static void start() {
    sentinels = RedisSentinels.start();
  }

  @AfterAll
  static void stop() {
    if (sentinels != null) {
      sentinels.close();
    }
  }

  @BeforeEach
  void freshData() {
    sentinels.restoreReplica();
    sentinels.primary().cli("FLUSHALL");
    WriteLoggingRedis.reset();
  }

  private static List<String> args(String command, boolean async, String... more) {
    List<String> a = new ArrayList<>(List.of(command, WriteLoggingRedis.class.getName(),
        "-P", YcsbRun.workload("workloada").toString(), "-p", "recordcount=" + RECORDS,
        "-p", "redis.sentinels=" + sentinels.sentinelsProperty(), "-p", "redis.master=" + sentinels.masterName()));
    // one operation at a time: the order of the test's log is the order Redis saw
    a.addAll(async ? List.of("-threads", "1", "-inflight", "1") : List.of("-threads", "1"));
    a.addAll(List.of(more));
    return a;
  }

  @ParameterizedTest(name = "inflight={0}, redis.wait={1}")
  @CsvSource({"false, 0", "true, 0", "true, 1"})
  void lostWritesEqualTheTestsOwnCount(boolean async, int wait) throws Exception {
    YcsbRun load = YcsbRun.execute(args("load", async).toArray(new String[0]));
    assertEquals(0, load.exitCode(), load.describe());
    RedisServer replica = sentinels.replica();
    replica.process().awaitCondition("the records replicated",
        () -> Long.parseLong(replica.cli("DBSIZE").trim()) == RECORDS + 1, Duration.ofSeconds(20));
    WriteLoggingRedis.reset();

    // the run ends once it has shown what happens after the failover (StoppableWorkload), whenever
    // the failover comes on a busy host; its deadline only bounds it
    CompletableFuture<YcsbRun> running = CompletableFuture.supplyAsync(() -> YcsbRun.execute(args("run", async,
        "-p", "durability=true", "-p", "redis.wait=" + wait, "-p", "redis.wait.timeout=100",
        "-p", "workload=" + StoppableWorkload.class.getName(),
        "-p", "operationcount=0", "-p", "maxexecutiontime=60", "-target", "400").toArray(new String[0])));
    // a second of writes the replica does not get, then the primary dies. The replica is pointed at a
    // port nobody listens on: a frozen one would still receive the stream into its socket's buffer
    awaitWrites(200, running);
    replica.cli("REPLICAOF", RedisServer.HOST, Integer.toString(FreePort.find()));
    Thread.sleep(1000);
    sentinels.killPrimary();
    sentinels.awaitFailover(Duration.ofSeconds(30));
    int atFailover = WriteLoggingRedis.count();
    // against the new primary: a hundred acknowledged writes, or (redis.wait=1, no replica to wait
    // for) a few that were not
    awaitAfter(atFailover, wait == 0 ? 101 : 0, wait == 0 ? 0 : 5, running);
    StoppableWorkload.stopAll();
    YcsbRun run = running.get();
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();

    long lost = lostByTheLog();
    String what = "the test counted " + lost + " lost\n" + run.describe();
    assertEquals(lost, r.getLong("DURABILITY", "LostWrites"), what);
    assertEquals(0, r.getLong("DURABILITY", "UnverifiedKeys"), what);
    if (wait == 0) {
      // a second of writes never reached the replica; those of keys written again after the failover are not lost
      assertTrue(lost > 0, "asynchronously replicated writes are lost: " + what);
      List<WriteLoggingRedis.Write> log = WriteLoggingRedis.log();
      assertTrue(log.subList(atFailover, log.size()).stream().filter(WriteLoggingRedis.Write::acknowledged).count() > 100,
          "the run went on against the new primary: " + what);
    } else {
      // the new primary has no replica until the old one comes back: its writes are not acknowledged either
      assertEquals(0, lost, what);
      assertTrue(r.getLong("UPDATE-FAILED", "Return=" + site.ycsb.db.redis.ReplicaWait.NOT_REPLICATED.getName(), 0) > 0,
          "writes the frozen replica did not acknowledge were not acknowledged either: " + what);
    }
  }

  /** Waits until the log holds, after its first {@code from} writes, so many acknowledged and unacknowledged ones. */
  private static void awaitAfter(int from, int acknowledged, int unacknowledged, CompletableFuture<YcsbRun> running)
      throws InterruptedException {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!running.isDone() && System.nanoTime() < giveUp) {
      List<WriteLoggingRedis.Write> log = WriteLoggingRedis.log();
      long ok = log.subList(Math.min(from, log.size()), log.size()).stream()
          .filter(WriteLoggingRedis.Write::acknowledged).count();
      if (ok >= acknowledged && log.size() - from - ok >= unacknowledged) {
        return;
      }
      Thread.sleep(20);
    }
  }

  private static void awaitWrites(int n, CompletableFuture<YcsbRun> running) throws InterruptedException {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (WriteLoggingRedis.count() < n && !running.isDone() && System.nanoTime() < giveUp) {
      Thread.sleep(5);
    }
    assertTrue(WriteLoggingRedis.count() >= n, "the run made its first writes");
  }

  /**
   * @return keys the new primary holds neither the last acknowledged write of, nor a write made
   *     after it (one that failed may still have been applied)
   */
  private static long lostByTheLog() {
    Map<String, List<WriteLoggingRedis.Write>> since = new HashMap<>();
    for (WriteLoggingRedis.Write w : WriteLoggingRedis.log()) {
      if (w.acknowledged()) {
        List<WriteLoggingRedis.Write> l = new ArrayList<>();
        l.add(w);
        since.put(w.key(), l);
      } else if (since.containsKey(w.key())) {
        since.get(w.key()).add(w);
      }
    }
    RedisServer primary = sentinels.primary();
    long lost = 0;
    try (Jedis jedis = new Jedis(primary.host(), primary.port())) {
      for (Map.Entry<String, List<WriteLoggingRedis.Write>> e : since.entrySet()) {
        Map<String, String> stored = jedis.hgetAll(e.getKey());
        boolean present = e.getValue().stream().anyMatch(w -> w.values().entrySet().stream()
            .allMatch(f -> f.getValue().equals(stored.get(f.getKey()))));
        if (!present) {
          lost++;
        }
      }
    }
    return lost;
  }
}
