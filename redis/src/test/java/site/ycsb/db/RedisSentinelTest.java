package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.db.redis.ReplicaWait;
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.OutageChecks;
import site.ycsb.testsupport.RedisSentinels;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Redis Sentinel (a primary, a replica, three sentinels): both paths find the primary through the
 * sentinels, follow a failover in the middle of a run, and wait for the replica with
 * {@code redis.wait}.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisSentinelTest {
  private static RedisSentinels sentinels;
  private final Clients clients = new Clients();
  private final AsyncClients asyncClients = new AsyncClients();

  @BeforeAll
  static void startSentinels() {
    sentinels = RedisSentinels.start();
  }

  @AfterAll
  static void stopSentinels() {
    if (sentinels != null) {
      sentinels.close();
    }
  }

  /** A primary with a healthy replica (the former primary, after a failover test), empty, its stats reset. */
  @BeforeEach
  void healthyAndEmpty() {
    sentinels.restoreReplica();
    RedisServer primary = sentinels.primary();
    primary.cli("FLUSHALL");
    RedisServer replica = sentinels.replica();
    replica.process().awaitCondition("the replica emptied", () -> keys(replica) == 0, Duration.ofSeconds(20));
    primary.cli("CONFIG", "RESETSTAT");
    replica.cli("CONFIG", "RESETSTAT");
  }

  @AfterEach
  void closeClients() throws Exception {
    clients.closeAll();
    asyncClients.close();
  }

  /** redis.host/redis.port lead nowhere: whatever works went through the sentinels. */
  @ParameterizedTest(name = "{0}")
  @EnumSource(FaultRun.Path.class)
  void loadAndRunGoToThePrimaryTheSentinelsName(FaultRun.Path path) {
    List<String> common = common("-p", "recordcount=100", "-p", "operationcount=300");
    YcsbRun load = execute(path, "load", common);
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(100, load.results().getLong("INSERT", "Return=OK"), load.describe());
    assertEquals(101, keys(sentinels.primary()), "100 records and the index on the primary");

    YcsbRun run = execute(path, "run", common);
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long updates = r.getLong("UPDATE", "Return=OK", 0);
    assertEquals(300, r.getLong("READ", "Return=OK", 0) + updates, run.describe());
    assertEquals(100 + updates, sentinels.primary().commandCalls("hset"), "every write went to the primary");
    assertEquals(r.getLong("READ", "Return=OK", 0), sentinels.primary().commandCalls("hgetall"),
        "every read went to the primary");
  }

  /**
   * The primary is killed 2 s into a throttled run; the sentinels promote the replica about 2.5 s
   * later. Meanwhile operations fail with SERVICE_UNAVAILABLE; afterwards they succeed again, on
   * the new primary. The run ends a second after they do (a busy host's failover takes longer). A
   * phase on each path at once, against the one failover.
   */
  @Test
  void aFailoverInTheMiddleOfARunIsFollowed() {
    List<String> common = common("-p", "recordcount=200");
    YcsbRun load = execute(FaultRun.Path.BLOCKING, "load", common);
    assertEquals(0, load.exitCode(), load.describe());
    RedisServer promoted = sentinels.replica();
    promoted.process().awaitCondition("the records replicated", () -> keys(promoted) == 201, Duration.ofSeconds(20));
    long[] writesAtFailover = new long[1];
    List<String> run = new ArrayList<>(Arrays.asList(command("run", common)));
    run.addAll(List.of("-target", "1000"));

    List<FaultRun> runs = FaultRun.onBothPaths(run.toArray(new String[0]))
        .fault(2000, sentinels::killPrimary)
        .thenRestore(() -> {
          sentinels.awaitFailover(Duration.ofSeconds(30));
          writesAtFailover[0] = promoted.commandCalls("hset");
        })
        .runSeconds(30)
        .endAfterRecovery(1000)
        .executeOnEach();
    for (FaultRun r : runs) {
      new OutageChecks(r).totalsAddUp()
          .failuresAre("SERVICE_UNAVAILABLE")
          .failuresCountedFromTheFault(1000)
          // the blocking side moves at its next operation; Lettuce's reconnects come at most 1 s apart
          .succeedsOnceRestored(2000)
          .endsWithinStopTimeout(3000);
      // with the old primary dead, the successes after the failover are the promoted replica's
      assertTrue(r.run().results().getLong("UPDATE", "Return=OK") > 0, r.describe());
    }
    assertTrue(promoted.commandCalls("hset") > writesAtFailover[0],
        "updates made after the failover reached the promoted replica\n" + runs.get(0).describe());
  }

  /**
   * A failover an operator asks for (SENTINEL FAILOVER) 1 s into the run: the old primary stays
   * up and would take writes until Sentinel demotes it, ten seconds later, losing them then. The
   * workers leave it as soon as Sentinel announces the new primary. The run ends 1.5 s after the
   * first successes once it has: some 750 updates.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(FaultRun.Path.class)
  void aManualFailoverMovesTheWritesAtOnce(FaultRun.Path path) {
    List<String> common = common("-p", "recordcount=200");
    YcsbRun load = execute(path, "load", common);
    assertEquals(0, load.exitCode(), load.describe());
    RedisServer promoted = sentinels.replica();
    RedisServer demoted = sentinels.primary();
    long[] writesAtFailover = new long[2];
    List<String> run = new ArrayList<>(Arrays.asList(command("run", common)));
    run.addAll(List.of("-target", "1000"));

    FaultRun r = FaultRun.of(path, run.toArray(new String[0]))
        .fault(1000, sentinels::failover)
        .thenRestore(() -> {
          sentinels.awaitFailover(Duration.ofSeconds(30));
          writesAtFailover[0] = promoted.commandCalls("hset");
          writesAtFailover[1] = demoted.commandCalls("hset");
        })
        .runSeconds(30)
        .endAfterRecovery(1500)
        .execute();
    // moving the asynchronous path's connections fails what they had in flight, as a lost connection does
    new OutageChecks(r).totalsAddUp()
        .failuresAre("SERVICE_UNAVAILABLE")
        .succeedsOnceRestored(1000)
        .endsWithinStopTimeout(3000);
    long toNew = promoted.commandCalls("hset") - writesAtFailover[0];
    long toOld = demoted.commandCalls("hset") - writesAtFailover[1];
    assertTrue(toNew > 300 && toOld < 20, "after the failover " + toNew + " updates went to the new primary, "
        + toOld + " to the old one\n" + r.describe());
    assertTrue(r.run().err().contains("Sentinel names " + promoted.address()), r.describe());
  }

  /** redis.wait=1: writes succeed while the replica acknowledges them, and are NOT_REPLICATED while it is frozen. */
  @ParameterizedTest(name = "{0}")
  @EnumSource(FaultRun.Path.class)
  void writesWaitForTheReplica(FaultRun.Path path) throws Exception {
    List<String> common = common("-p", "recordcount=20", "-p", "operationcount=20", "-p", "readproportion=0",
        "-p", "updateproportion=1", "-p", "redis.wait=1", "-p", "redis.wait.timeout=100");
    YcsbRun load = execute(path, "load", common);
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(20, load.results().getLong("INSERT", "Return=OK"), load.describe());
    YcsbRun run = execute(path, "run", common);
    assertEquals(20, run.results().getLong("UPDATE", "Return=OK"), run.describe());
    String[] twoKeys = sentinels.primary().cli("ZRANGE", RedisProperties.INDEX_KEY, "0", "1").trim().split("\\s+");
    DB db = open(path, "redis.wait", "1", "redis.wait.timeout", "100");
    assertEquals(Status.OK, db.delete("usertable", twoKeys[0]));

    RedisServer replica = sentinels.replica();
    replica.process().pause(); // WAIT counts acknowledgements; a frozen replica sends none
    try {
      YcsbRun frozen = execute(path, "run", common);
      assertEquals(0, frozen.exitCode(), frozen.describe());
      Results r = frozen.results();
      assertEquals(20, r.getLong("UPDATE-FAILED", "Return=" + ReplicaWait.NOT_REPLICATED.getName()), frozen.describe());
      assertEquals(0, r.getLong("UPDATE", "Return=OK", 0), frozen.describe());
      assertTrue(frozen.err().contains("acknowledged by 0 replica(s)"), frozen.describe());
      assertEquals(ReplicaWait.NOT_REPLICATED, db.delete("usertable", twoKeys[1]));
    } finally {
      replica.process().resume();
    }
    assertEquals("0", sentinels.primary().cli("EXISTS", twoKeys[1]).trim(),
        "the delete is done on the primary all the same");
  }

  @Test
  void combinationsThatCannotWorkAreRefusedInOneLine() {
    String list = sentinels.sentinelsProperty();
    DBException cluster = assertThrows(DBException.class,
        () -> clients.open("redis.sentinels", list, "redis.cluster", "true"));
    assertTrue(cluster.getMessage().contains("redis.sentinels cannot be combined with redis.cluster=true"),
        cluster.getMessage());
    DBException replicas = assertThrows(DBException.class,
        () -> clients.open("redis.sentinels", list, "redis.replicas", sentinels.replica().address()));
    assertTrue(replicas.getMessage().contains("redis.replicas cannot be combined with redis.sentinels"),
        replicas.getMessage());
    DBException waitTooLong = assertThrows(DBException.class,
        () -> clients.open("redis.sentinels", list, "redis.wait", "1", "redis.timeout", "500"));
    assertTrue(waitTooLong.getMessage().contains("redis.wait.timeout=1000"), waitTooLong.getMessage());
    DBException unknownMaster = assertThrows(DBException.class,
        () -> clients.open("redis.sentinels", list, "redis.master", "nosuchmaster"));
    assertTrue(unknownMaster.getMessage().contains("knows no master named 'nosuchmaster' (redis.master)"),
        unknownMaster.getMessage());
    for (String message : List.of(cluster.getMessage(), replicas.getMessage(), waitTooLong.getMessage(),
        unknownMaster.getMessage())) {
      assertEquals(1, message.lines().count(), message);
    }
  }

  /** @return the commands' common arguments: the sentinels, and a redis.port where nothing listens */
  private static List<String> common(String... more) {
    List<String> args = new ArrayList<>(List.of("-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.sentinels=" + sentinels.sentinelsProperty(), "-p", "redis.master=" + sentinels.masterName(),
        "-p", "redis.host=127.0.0.1", "-p", "redis.port=" + FreePort.find()));
    args.addAll(Arrays.asList(more));
    return args;
  }

  /** @return {@code command redis common...} */
  private static String[] command(String command, List<String> common) {
    List<String> all = new ArrayList<>(List.of(command, "redis"));
    all.addAll(common);
    return all.toArray(new String[0]);
  }

  /** Runs the command on the path: two threads, with four operations in flight each on the asynchronous one. */
  private static YcsbRun execute(FaultRun.Path path, String command, List<String> common) {
    List<String> all = new ArrayList<>(Arrays.asList(command(command, common)));
    all.addAll(List.of("-threads", "2"));
    all.addAll(List.of(path == FaultRun.Path.ASYNCHRONOUS ? new String[] {"-inflight", "4"}
        : new String[] {"-p", "threadmode=threads"}));
    return YcsbRun.execute(all.toArray(new String[0]));
  }

  /** @return one binding instance on the path, through the sentinels */
  private DB open(FaultRun.Path path, String... more) throws DBException {
    List<String> pairs = new ArrayList<>(List.of("redis.sentinels", sentinels.sentinelsProperty(),
        "redis.master", sentinels.masterName()));
    pairs.addAll(Arrays.asList(more));
    String[] all = pairs.toArray(new String[0]);
    return path == FaultRun.Path.BLOCKING ? clients.open(all) : asyncClients.open(all);
  }

  private static long keys(RedisServer server) {
    return Long.parseLong(server.cli("DBSIZE").trim());
  }
}
