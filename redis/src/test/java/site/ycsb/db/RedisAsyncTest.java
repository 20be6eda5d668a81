package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.testsupport.BindingChecks;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** The asynchronous side (Lettuce, -inflight N) against one real redis-server. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisAsyncTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 1000;

  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  private final Clients blocking = new Clients();
  private final AsyncClients async = new AsyncClients();

  @BeforeEach
  void flush() {
    REDIS.server().cli("FLUSHALL");
    REDIS.server().cli("CONFIG", "RESETSTAT");
  }

  @AfterEach
  void close() throws Exception {
    async.close();
    blocking.closeAll();
  }

  private String[] common(String workload, String... more) {
    List<String> args = new ArrayList<>(List.of("-P", YcsbRun.workload(workload).toString(),
        "-p", "redis.host=" + REDIS.server().host(), "-p", "redis.port=" + REDIS.server().port(),
        "-p", "recordcount=" + RECORDS, "-threads", "2", "-inflight", "8"));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }

  @Test
  void eachSideReadsWhatTheOtherWrote() throws Exception {
    RedisClient jedis = blocking.open(REDIS.server());
    AsyncClients.Waiting lettuce = async.open(REDIS.server());

    assertEquals(Status.OK, jedis.insert("usertable", "user1", Records.record("user1", 10)));
    BindingChecks.assertReadsBack(lettuce, "usertable", "user1");
    assertEquals(Status.OK, lettuce.insert("usertable", "user2", Records.record("user2", 10)));
    BindingChecks.assertReadsBack(jedis, "usertable", "user2");
    assertEquals("0", REDIS.server().cli("ZSCORE", RedisProperties.INDEX_KEY, "user2").trim(), "indexed for scans");

    assertEquals(Status.OK, lettuce.update("usertable", "user1", Map.of("field3", new StringByteIterator("new"))));
    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, jedis.read("usertable", "user1", Set.of("field3", "field4"), got));
    assertEquals(Map.of("field3", "new", "field4", "user1/field4"), Records.strings(got));

    assertEquals(Status.OK, lettuce.delete("usertable", "user2"));
    assertEquals(Status.NOT_FOUND, jedis.read("usertable", "user2", null, new HashMap<>()));
    assertEquals("1", REDIS.server().cli("ZCARD", RedisProperties.INDEX_KEY).trim(), "the index entry went with it");
    assertEquals(Status.NOT_FOUND, lettuce.delete("usertable", "user2"));
    assertEquals(Status.NOT_FOUND, lettuce.read("usertable", "user2", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, lettuce.read("usertable", "user2", Set.of("field1"), new HashMap<>()));
  }

  @Test
  void sameCommandsAsTheBlockingSide() throws Exception {
    AsyncClients.Waiting lettuce = async.open(REDIS.server());
    lettuce.insert("usertable", "user1", Records.record("user1", 2));
    lettuce.read("usertable", "user1", null, new HashMap<>());
    lettuce.read("usertable", "user1", Set.of("field1"), new HashMap<>());
    lettuce.update("usertable", "user1", Records.record("user1", 1));
    lettuce.scan("usertable", "user0", 5, null, new Vector<>());
    lettuce.delete("usertable", "user1");
    // insert and delete: MULTI/EXEC around the hash and the index entry, as the blocking side does
    assertEquals(2, REDIS.server().commandCalls("multi"));
    assertEquals(2, REDIS.server().commandCalls("exec"));
    assertEquals(2, REDIS.server().commandCalls("hset"));
    assertEquals(1, REDIS.server().commandCalls("zadd"));
    assertEquals(1, REDIS.server().commandCalls("zrem"));
    assertEquals(1, REDIS.server().commandCalls("del"));
    assertEquals(2, REDIS.server().commandCalls("hgetall"), "one read, one scanned record");
    assertEquals(1, REDIS.server().commandCalls("hmget"));
    assertEquals(1, REDIS.server().commandCalls("zrangebylex"));
  }

  @Test
  void scansInKeyOrderAsTheBlockingSideDoes() throws Exception {
    AsyncClients.Waiting lettuce = async.open(REDIS.server());
    BindingChecks.assertScansInKeyOrder(lettuce, "usertable");
    RedisClient jedis = blocking.open(REDIS.server());
    for (Set<String> fields : java.util.Arrays.<Set<String>>asList(null, Set.of("field1"))) {
      Vector<HashMap<String, ByteIterator>> viaLettuce = new Vector<>();
      Vector<HashMap<String, ByteIterator>> viaJedis = new Vector<>();
      assertEquals(Status.OK, lettuce.scan("usertable", "k2", 15, fields, viaLettuce));
      assertEquals(Status.OK, jedis.scan("usertable", "k2", 15, fields, viaJedis));
      assertEquals(15, viaLettuce.size());
      assertEquals(strings(viaJedis), strings(viaLettuce));
    }
  }

  private static List<Map<String, String>> strings(List<HashMap<String, ByteIterator>> records) {
    return records.stream().map(Records::strings).collect(Collectors.toList());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloade"})
  void loadThenRunThroughTheCommandLine(String workload) {
    String[] common = common(workload, "-p", "operationcount=" + OPERATIONS, "-p", "redis.connections=2");
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords(RECORDS);

    REDIS.server().cli("CONFIG", "RESETSTAT");
    YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    Results r = run.results();
    if (workload.equals("workloade")) {
      assertTrue(r.getLong("SCAN", "Return=OK") > OPERATIONS / 2, run.describe());
      assertTrue(inserted > 0, run.describe());
      // every scanned record was read from the server: one HGETALL per record, none for the inserts
      assertTrue(REDIS.server().commandCalls("hgetall") >= r.getLong("SCAN", "Operations"), run.describe());
    } else {
      assertEquals(r.getLong("READ", "Operations"), REDIS.server().commandCalls("hgetall"), run.describe());
    }
    checkStoredRecords(RECORDS + inserted);
    // the records the run wrote read back whole through the other side
    RedisClient jedis;
    try {
      jedis = blocking.open(REDIS.server());
    } catch (DBException e) {
      throw new AssertionError(e);
    }
    try (Jedis j = new Jedis(REDIS.server().host(), REDIS.server().port())) {
      for (String key : j.zrange(RedisProperties.INDEX_KEY, 0, 4)) {
        Map<String, ByteIterator> record = new HashMap<>();
        assertEquals(Status.OK, jedis.read("usertable", key, null, record));
        assertEquals(10, record.size(), key);
      }
    }
  }

  /**
   * Reads into the engine's own results keep their values in memory the result lends from read to
   * read: every value a run read must still be the record's own when the engine checks it, with many
   * reads in flight on one connection (so many replies parsed in each turn of the worker's loop).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloadc", "workloadf"})
  void everyValueReadIntoTheEnginesOwnResultChecksWhole(String workload) {
    String[] common = common(workload, "-p", "dataintegrity=true", "-p", "operationcount=" + 4 * OPERATIONS,
        "-threads", "1", "-inflight", "32");
    WorkloadChecks.assertLoaded(YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common)), RECORDS);
    YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
    WorkloadChecks.assertRanWithoutFailures(run, 4 * OPERATIONS);
    Results r = run.results();
    long reads = r.getLong("READ", "Operations");
    assertTrue(reads >= 2 * OPERATIONS, run.describe());
    assertEquals(reads, r.getLong("VERIFY", "Return=OK"), run.describe());
    assertEquals(0, r.getLong("VERIFY", "Return=UNEXPECTED_STATE", 0), run.describe());
  }

  /** Reads the data back with Jedis: one hash of 10 fields x 100 bytes per record, all in the index. */
  private static void checkStoredRecords(long expected) {
    try (Jedis jedis = new Jedis(REDIS.server().host(), REDIS.server().port())) {
      assertEquals(expected, jedis.zcard(RedisProperties.INDEX_KEY));
      assertEquals(expected + 1, jedis.dbSize(), "the records and the index, nothing else");
      for (String key : jedis.zrange(RedisProperties.INDEX_KEY, 0, 9)) {
        Map<String, String> record = jedis.hgetAll(key);
        assertEquals(10, record.size(), key + " " + record.keySet());
        for (Map.Entry<String, String> f : record.entrySet()) {
          assertTrue(f.getKey().startsWith("field"), f.getKey());
          assertEquals(100, f.getValue().length(), key + "." + f.getKey());
        }
      }
    }
  }

  /** @return the client connections the server has, without redis-cli's own */
  private static int clientConnections() {
    return (int) REDIS.server().cli("CLIENT", "LIST").lines()
        .filter(l -> l.contains(" cmd=") && !l.contains("cmd=client|list"))
        .count();
  }

  @Test
  void eachWorkerOpensRedisConnectionsConnections() throws Exception {
    async.open(REDIS.server(), "redis.connections", "4");
    async.open(REDIS.server(), "redis.connections", "4");
    async.open(REDIS.server(), "redis.connections", "4");
    assertEquals(12, clientConnections(), "3 workers x 4 connections\n" + REDIS.server().cli("CLIENT", "LIST"));
    async.close();
    assertEquals(0, clientConnections(), "closed with the workers\n" + REDIS.server().cli("CLIENT", "LIST"));

    // through the command line: -threads 2 x redis.connections=4, seen by the server during the run
    String[] run = RedisReplicaTest.concat("run", "redis", common("workloadc", "-p", "redis.connections=4",
        "-p", "operationcount=0", "-p", "maxexecutiontime=3", "-target", "2000"));
    AtomicInteger most = new AtomicInteger();
    AtomicBoolean running = new AtomicBoolean(true);
    CompletableFuture<Void> watch = CompletableFuture.runAsync(() -> {
      while (running.get()) {
        most.accumulateAndGet(clientConnections(), Math::max);
        sleep(100);
      }
    });
    YcsbRun r = YcsbRun.execute(run);
    running.set(false);
    watch.get(30, TimeUnit.SECONDS);
    assertEquals(0, r.exitCode(), r.describe());
    assertEquals(8, most.get(), "2 threads x 4 connections");
    assertEquals(0, clientConnections(), "closed at the end of the run\n" + REDIS.server().cli("CLIENT", "LIST"));
  }

  /** @return live threads of Lettuce's own event loops */
  private static long lettuceIoThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("lettuce-") && t.getName().contains("EventLoop")).count();
  }

  @Test
  void eachWorkerDoesItsOwnIoUnlessTheEventLoopsAreShared() throws Exception {
    long before = lettuceIoThreads();
    AsyncClients.Waiting own = async.open(REDIS.server(), "redis.connections", "2");
    assertEquals(Status.OK, own.insert("usertable", "user1", Records.record("user1", 2)));
    assertEquals(Status.OK, own.read("usertable", "user1", null, new HashMap<>()));
    assertEquals(before, lettuceIoThreads(), "redis.eventloop=worker (the default) starts no I/O thread");
    async.close();

    AsyncClients.Waiting shared = async.open(REDIS.server(), "redis.connections", "2", "redis.eventloop", "shared");
    assertEquals(Status.OK, shared.read("usertable", "user1", null, new HashMap<>()));
    assertTrue(lettuceIoThreads() > before, "redis.eventloop=shared: Lettuce's event loops do the I/O");
  }

  @Test
  void unreachableServerStopsTheRunWithOneLine() {
    int port = FreePort.find();
    DBException e = assertThrows(DBException.class,
        () -> async.open("redis.host", "127.0.0.1", "redis.port", Integer.toString(port)));
    assertTrue(e.getMessage().contains("127.0.0.1:" + port) && e.getMessage().contains("redis.host/redis.port"),
        e.getMessage());
    // the reason in the operating system's words, not the driver's classes or its half-resolved address
    assertTrue(e.getMessage().endsWith(": Connection refused"), e.getMessage());
    assertFalse(e.getMessage().contains("unresolved") || e.getMessage().contains("io.netty"), e.getMessage());

    YcsbRun run = YcsbRun.execute("run", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=127.0.0.1", "-p", "redis.port=" + port, "-threads", "2", "-inflight", "4");
    assertEquals(1, run.exitCode(), run.describe());
    List<String> lines = run.err().lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
    assertEquals(1, lines.size(), run.describe());
    assertTrue(lines.get(0).contains("cannot connect to Redis at 127.0.0.1:" + port), run.describe());
    assertTrue(lines.get(0).endsWith("Connection refused"), run.describe());
  }

  @Test
  void connectionsMustBeAPositiveNumber() {
    for (String bad : new String[] {"0", "-3", "many"}) {
      YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis",
          common("workloada", "-p", "redis.connections=" + bad)));
      assertEquals(2, run.exitCode(), run.describe());
      List<String> lines = run.err().lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
      assertEquals(1, lines.size(), run.describe());
      assertTrue(lines.get(0).contains("redis.connections=" + bad), run.describe());
    }
  }

  @Test
  void aClientPauseInAThrottledRunShowsInTheIntendedLatenciesAndTheRunEndsAtItsDeadline() throws Exception {
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common("workloada")));
    WorkloadChecks.assertLoaded(load, RECORDS);

    String[] run = RedisReplicaTest.concat("run", "redis", common("workloada", "-p", "redis.connections=2",
        "-p", "maxexecutiontime=4", "-p", "operationcount=1000000", "-target", "1000"));
    CompletableFuture<Void> pause = CompletableFuture.runAsync(() -> {
      sleep(1500);
      try (Jedis j = new Jedis(REDIS.server().host(), REDIS.server().port())) {
        j.clientPause(1000);
      }
    });
    YcsbRun r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> YcsbRun.execute(run));
    pause.get(30, TimeUnit.SECONDS);

    assertEquals(0, r.exitCode(), r.describe());
    Results res = r.results();
    assertTrue(res.getLong("OVERALL", "RunTime(ms)") <= 4500, "the run ended at its deadline\n" + r.describe());
    assertEquals(0, res.getLong("OVERALL", "FailedOperations", 0), "the pause is not a failure\n" + r.describe());
    double intendedMax = res.get("Intended-READ", "MaxLatency(us)");
    assertTrue(intendedMax >= 900_000 && intendedMax < 2_000_000, "about the 1 s pause: " + intendedMax + "\n"
        + r.describe());
    assertTrue(res.get("READ", "50thPercentileLatency(us)") < 100_000, "most reads did not meet the pause\n"
        + r.describe());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
