package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * durability=true against a real redis-server and its replica: reads from a replica that stopped
 * replicating while the primary takes the writes are stale, every one of them, and the same reads
 * from the primary are not; and a million operations from two clients at once, one on each path,
 * on a small hot key space, show no lost write and no stale read (no false positives), merged.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisDurabilityTest {
  private static final int RECORDS = 500;
  private static RedisServer primary;
  private static RedisServer replica;

  @TempDir
  Path tmp;

  @BeforeAll
  static void startAndLoad() {
    primary = RedisServer.start();
    replica = RedisServer.builder().replicaOf(primary).start();
    replica.awaitReplicationLink(Duration.ofSeconds(30));
    YcsbRun load = YcsbRun.execute("load", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + primary.host(), "-p", "redis.port=" + primary.port(),
        "-p", "recordcount=" + RECORDS, "-threads", "4");
    assertEquals(0, load.exitCode(), load.describe());
  }

  @AfterAll
  static void stop() {
    for (RedisServer s : new RedisServer[] {replica, primary}) {
      if (s != null) {
        s.close();
      }
    }
  }

  private static List<String> args(boolean async, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + primary.host(), "-p", "redis.port=" + primary.port(),
        "-p", "recordcount=" + RECORDS, "-p", "durability=true"));
    a.addAll(async ? List.of("-threads", "2", "-inflight", "8") : List.of("-threads", "4", "-p", "threadmode=threads"));
    a.addAll(List.of(more));
    return a;
  }

  private static Results run(List<String> args) {
    YcsbRun r = YcsbRun.execute(args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.describe());
    return r.results();
  }

  @ParameterizedTest(name = "inflight={0}")
  @ValueSource(booleans = {false, true})
  void readsFromAReplicaThatStoppedReplicatingAreStaleAndFromThePrimaryNot(boolean async) {
    // the replica follows a primary that is not there: it keeps serving what it has (replica-serve-stale-data)
    replica.cli("REPLICAOF", RedisServer.HOST, Integer.toString(FreePort.find()));
    Results fromReplica;
    try {
      fromReplica = run(args(async, "-p", "operationcount=3000", "-p", "redis.replicas=" + replica.address()));
    } finally {
      replica.cli("REPLICAOF", primary.host(), Integer.toString(primary.port()));
      replica.awaitReplicationLink(Duration.ofSeconds(30));
    }
    long judged = fromReplica.getLong("DURABILITY", "ReadsJudged");
    assertTrue(judged > 100, "reads of keys written in the run: " + fromReplica);
    assertEquals(judged, fromReplica.getLong("DURABILITY", "StaleReads"), "the replica has none of the run's writes");
    assertEquals(judged, fromReplica.getLong("STALE-READ", "Operations"));
    // the verification reads as the run reads: from the replica, which has none of them either
    assertEquals(fromReplica.getLong("DURABILITY", "KeysWritten"), fromReplica.getLong("DURABILITY", "LostWrites"));

    Results fromPrimary = run(args(async, "-p", "operationcount=3000"));
    assertTrue(fromPrimary.getLong("DURABILITY", "ReadsJudged") > 100, fromPrimary.toString());
    assertEquals(0, fromPrimary.getLong("DURABILITY", "StaleReads"), fromPrimary.toString());
    assertEquals(0, fromPrimary.getLong("DURABILITY", "LostWrites"), fromPrimary.toString());
    assertEquals(fromPrimary.getLong("DURABILITY", "KeysWritten"), fromPrimary.getLong("DURABILITY", "KeysVerified"));
  }

  @Test
  void aMillionOperationsFromTwoClientsOnBothPathsShowNoLossAndNoStaleRead() throws Exception {
    Path blocking = tmp.resolve("client-0");
    Path async = tmp.resolve("client-1");
    // 500 keys, zipfian: many writes of one key in flight together, from both clients
    CompletableFuture<Results> a = CompletableFuture.supplyAsync(() -> run(args(false, "-p", "operationcount=400000",
        "-p", "clientcount=2", "-p", "clientid=0", "-p", "resultsdir=" + blocking)));
    CompletableFuture<Results> b = CompletableFuture.supplyAsync(() -> run(args(true, "-p", "operationcount=600000",
        "-p", "clientcount=2", "-p", "clientid=1", "-p", "resultsdir=" + async)));
    Results ra = a.get();
    Results rb = b.get();
    YcsbRun merged = YcsbRun.execute("merge", blocking.toString(), async.toString(), "-o",
        tmp.resolve("merged").toString());
    assertEquals(0, merged.exitCode(), merged.describe());
    Results m = merged.results();
    String what = "client 0:\n" + ra + "\nclient 1:\n" + rb + "\nmerged:\n" + m;
    assertEquals(1_000_000, m.getLong("OVERALL", "Operations"), what);
    assertEquals(0, m.getLong("OVERALL", "FailedOperations"), what);
    assertEquals(0, m.getLong("DURABILITY", "LostWrites"), what);
    assertEquals(0, m.getLong("DURABILITY", "StaleReads"), what);
    assertEquals(0, m.getLong("DURABILITY", "UnverifiedKeys"), what);
    assertTrue(m.getLong("DURABILITY", "ReadsJudged") > 400_000, what);
    assertEquals(m.getLong("DURABILITY", "KeysWritten"), m.getLong("DURABILITY", "KeysVerified"), what);
    assertEquals(ra.getLong("DURABILITY", "WritesAcknowledged") + rb.getLong("DURABILITY", "WritesAcknowledged"),
        m.getLong("DURABILITY", "WritesAcknowledged"), what);
  }
}
