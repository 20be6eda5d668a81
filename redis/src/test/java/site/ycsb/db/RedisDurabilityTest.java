package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
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
 * from the primary are not. (Two clients' million operations, merged: the experiments module's
 * RedisMergedDurabilityTest.)
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisDurabilityTest {
  private static final int RECORDS = 500;
  private static RedisServer primary;
  private static RedisServer replica;

  @BeforeAll
  static void startAndLoad() {
    primary = RedisServer.start();
    replica = RedisServer.builder().replicaOf(primary).start();
    replica.awaitReplicationLink(Duration.ofSeconds(30));
    primary.load("workloada", RECORDS, 4);
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
}
