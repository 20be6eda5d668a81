package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * {@code -threads N} without {@code -inflight} against a real redis-server runs its N sessions as N
 * operations in flight on Lettuce: a worker's sessions share its connection (one per worker thread),
 * {@code redis.connectionpersession=true} opens one per session as N Jedis threads do (and as
 * {@code threadmode=threads} still runs), and every operation the client counts is a command the
 * server ran, no more and no fewer, in the load and in the run.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisSessionsTest {
  private static final int RECORDS = 500;
  private static final int OPERATIONS = 20_000;
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  private static String[] args(String command, String threads, String... more) {
    String[] head = {command, "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + REDIS.server().host(), "-p", "redis.port=" + REDIS.server().port(),
        "-p", "recordcount=" + RECORDS,
        "-p", "operationcount=" + OPERATIONS, "-threads", threads};
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }

  /** @return connections the server accepted so far, the redis-cli connection that asks included */
  private static long connectionsReceived() {
    return Long.parseLong(REDIS.server().info("stats").get("total_connections_received"));
  }

  /** @return connections a command opened, counted around it (the second count's own connection aside) */
  private static long connectionsOpenedBy(Runnable command) {
    long before = connectionsReceived();
    command.run();
    return connectionsReceived() - before - 1;
  }

  @Test
  void sessionsShareTheirWorkersConnectionAndEveryOperationIsACommandTheServerRan() {
    REDIS.server().cli("FLUSHALL");
    REDIS.server().cli("CONFIG", "RESETSTAT");
    YcsbRun load = YcsbRun.execute(args("load", "4"));
    assertEquals(0, load.exitCode(), load.describe());
    assertTrue(load.err().contains("-threads 4 runs as 4 sessions in flight"), load.describe());
    assertEquals(RECORDS, load.results().getLong("INSERT", "Operations"));
    assertEquals(RECORDS, REDIS.server().commandCalls("zadd"), "one index entry per insert the client counted");
    assertEquals(String.valueOf(RECORDS), REDIS.server().cli("ZCARD", "_ycsb_index").trim());

    REDIS.server().cli("CONFIG", "RESETSTAT");
    YcsbRun[] ran = new YcsbRun[1];
    long opened = connectionsOpenedBy(() -> ran[0] = YcsbRun.execute(args("run", "16")));
    YcsbRun run = ran[0];
    assertEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("-threads 16 runs as 16 sessions in flight"), run.describe());
    Results r = run.results();
    assertEquals(OPERATIONS, r.getLong("OVERALL", "Operations"));
    assertEquals(0, r.getLong("OVERALL", "FailedOperations", 0), run.describe());
    assertEquals(r.getLong("READ", "Operations"), REDIS.server().commandCalls("hgetall"), run.describe());
    assertEquals(r.getLong("UPDATE", "Operations"), REDIS.server().commandCalls("hset"), run.describe());
    long workers = r.getLong("OVERALL", "Threads");
    assertEquals(16, workers * r.getLong("OVERALL", "InFlightPerThread"), run.describe());
    assertEquals(workers, opened, "the sessions of a worker share its connection");
  }

  @Test
  void connectionPerSessionOpensOneForEachSessionAndTheServerRanEveryOperation() {
    REDIS.server().cli("CONFIG", "RESETSTAT");
    YcsbRun[] ran = new YcsbRun[1];
    long opened = connectionsOpenedBy(() -> ran[0] = YcsbRun.execute(args("run", "8",
        "-p", "redis.connectionpersession=true", "-p", "operationcount=2000")));
    YcsbRun run = ran[0];
    assertEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("-threads 8 runs as 8 sessions in flight"), run.describe());
    Results r = run.results();
    assertEquals(2000, r.getLong("OVERALL", "Operations"));
    assertEquals(r.getLong("READ", "Operations"), REDIS.server().commandCalls("hgetall"), run.describe());
    assertEquals(r.getLong("UPDATE", "Operations"), REDIS.server().commandCalls("hset"), run.describe());
    assertEquals(8, opened, "a connection per session, as 8 threads open");
  }

  @Test
  void connectionPerSessionWithAConnectionCountIsRefusedInOneLine() {
    YcsbRun run = YcsbRun.execute(args("run", "4", "-p", "redis.connectionpersession=true",
        "-p", "redis.connections=2", "-p", "operationcount=100"));
    assertTrue(run.exitCode() != 0, run.describe());
    assertTrue(run.err().contains("redis.connectionpersession=true cannot be combined with redis.connections"),
        run.describe());
    assertFalse(run.err().contains("\tat "), "no stack trace: " + run.describe());
  }

  @Test
  void threadModeThreadsRunsAJedisThreadPerSession() {
    YcsbRun[] ran = new YcsbRun[1];
    long opened = connectionsOpenedBy(() -> ran[0] = YcsbRun.execute(args("run", "4", "-p", "threadmode=threads",
        "-p", "operationcount=2000")));
    YcsbRun run = ran[0];
    assertEquals(0, run.exitCode(), run.describe());
    assertFalse(run.err().contains("sessions in flight"), run.describe());
    assertEquals(4, run.results().getLong("OVERALL", "Threads"));
    assertFalse(run.out().contains("InFlightPerThread"), run.describe());
    assertEquals(4, opened, "one Jedis connection per thread");
  }
}
