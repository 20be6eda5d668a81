package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * durability=true from two clients at once against one real redis-server, one client on each path:
 * a million operations on a small hot key space show no lost write and no stale read (no false
 * positives), and {@code ycsb merge} adds the two clients' durability sections up exactly.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisMergedDurabilityTest {
  private static final int RECORDS = 500;
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  @TempDir
  Path tmp;

  private static Results run(boolean async, String... more) {
    RedisServer redis = REDIS.server();
    List<String> a = new ArrayList<>(List.of("run", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "recordcount=" + RECORDS, "-p", "durability=true"));
    a.addAll(async ? List.of("-threads", "2", "-inflight", "8") : List.of("-threads", "4", "-p", "threadmode=threads"));
    a.addAll(List.of(more));
    YcsbRun r = YcsbRun.execute(a.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.describe());
    return r.results();
  }

  @Test
  void aMillionOperationsFromTwoClientsOnBothPathsShowNoLossAndNoStaleRead() throws Exception {
    REDIS.server().load("workloada", RECORDS, 4);
    Path blocking = tmp.resolve("client-0");
    Path async = tmp.resolve("client-1");
    // 500 keys, zipfian: many writes of one key in flight together, from both clients
    CompletableFuture<Results> a = CompletableFuture.supplyAsync(() -> run(false, "-p", "operationcount=400000",
        "-p", "clientcount=2", "-p", "clientid=0", "-p", "resultsdir=" + blocking));
    CompletableFuture<Results> b = CompletableFuture.supplyAsync(() -> run(true, "-p", "operationcount=600000",
        "-p", "clientcount=2", "-p", "clientid=1", "-p", "resultsdir=" + async));
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
