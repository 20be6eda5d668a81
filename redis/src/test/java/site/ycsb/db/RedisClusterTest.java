package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.RedisCluster;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** Redis Cluster of three masters made with redis-cli --cluster create. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisClusterTest {
  private static RedisCluster cluster;
  private final Clients clients = new Clients();

  @BeforeAll
  static void startCluster() {
    cluster = RedisCluster.start(3);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @BeforeEach
  void flush() {
    cluster.nodes().forEach(n -> n.cli("FLUSHALL"));
  }

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  private static long keysOn(RedisServer node) {
    return Long.parseLong(node.cli("DBSIZE").trim());
  }

  /**
   * Inserts records through {@code db}, checks that every master holds some and that there is no
   * index key, then reads, updates and deletes one; scans are NOT_IMPLEMENTED without an index.
   */
  private static void assertRoutedByKey(site.ycsb.DB db, int records) {
    for (int i = 0; i < records; i++) {
      assertEquals(Status.OK, db.insert("usertable", "user" + i, Clients.record("user" + i, 3)));
    }
    long total = 0;
    for (RedisServer node : cluster.nodes()) {
      long n = keysOn(node);
      assertTrue(n > 0, node.address() + " holds no record");
      total += n;
    }
    assertEquals(records, total, "one hash per record and no index key in cluster mode");

    Map<String, ByteIterator> got = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user42", null, got));
    assertEquals(Clients.strings(Clients.record("user42", 3)), Clients.strings(got));
    assertEquals(Status.OK, db.update("usertable", "user42", Map.of("f0", new StringByteIterator("x"))));
    got.clear();
    assertEquals(Status.OK, db.read("usertable", "user42", java.util.Set.of("f0"), got));
    assertEquals("x", got.get("f0").toString());
    assertEquals(Status.OK, db.delete("usertable", "user42"));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "user42", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "user42"));
    assertEquals(Status.NOT_IMPLEMENTED, db.scan("usertable", "user1", 10, null, new Vector<>()));
  }

  @Test
  void recordsAreSpreadOverTheMastersAndScansAreNotImplemented() throws Exception {
    // what is checked is where the records go, not how fast: no timeout (a busy host once took 10 s
    // for a call while the client learned the cluster's layout)
    assertRoutedByKey(clients.open(cluster.nodes().get(1), "redis.cluster", "true", "redis.timeout", "0"), 100);
  }

  private static long clientsOn(RedisServer node) {
    return node.cli("CLIENT", "LIST").lines().filter(l -> !l.isBlank()).count();
  }

  /**
   * The connections a command is routed over are open before the first command: one opened for
   * the first command to a node would take that command after the worker's flush, where it waited
   * unsent (a CI run saw a call left without an answer for 20 s).
   */
  @Test
  void asyncSideRoutesByKeyAndScansAreNotImplemented() throws Exception {
    try (AsyncClients async = new AsyncClients()) {
      site.ycsb.DB db = async.open(cluster.nodes().get(2), "redis.cluster", "true", "redis.connections", "2",
          "redis.timeout", "0");
      List<Long> before = cluster.nodes().stream().map(RedisClusterTest::clientsOn).collect(Collectors.toList());
      assertRoutedByKey(db, 60);
      List<Long> after = cluster.nodes().stream().map(RedisClusterTest::clientsOn).collect(Collectors.toList());
      assertEquals(before, after, "connections per node before and after the commands");
    }
  }

  /** WATCH, MULTI and EXEC reach one node: a transfer between records in two slots cannot be made. */
  @Test
  void transactionsAreNotImplementedAndToldOnce() throws Exception {
    ByteArrayOutputStream told = new ByteArrayOutputStream();
    ErrorLog errors = new ErrorLog(new PrintStream(told, true, UTF_8));
    SharedResources shared = new SharedResources(errors);
    RedisServer seed = cluster.nodes().get(0);
    RedisClient db = Clients.create("redis.host", seed.host(), "redis.port", Integer.toString(seed.port()),
        "redis.cluster", "true", "redis.timeout", "0");
    try {
      db.init(new WorkerContext(0, 1, errors, shared));
      assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 1)));
      for (int i = 0; i < 3; i++) {
        assertEquals(Status.NOT_IMPLEMENTED, db.transaction("usertable",
            calls -> calls.update("user1", Map.of("f0", new StringByteIterator("changed")))));
      }
      Map<String, ByteIterator> got = new HashMap<>();
      assertEquals(Status.OK, db.read("usertable", "user1", null, got));
      assertEquals("user1/f0", got.get("f0").toString(), "nothing of a refused transaction is written");
    } finally {
      db.cleanup();
      shared.close();
    }
    List<String> lines = told.toString(UTF_8).lines().filter(l -> l.startsWith("redis: ")).collect(Collectors.toList());
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("redis.cluster=true"), lines.get(0));
  }

  @Test
  void asyncWorkloadALoadAndRun() {
    RedisServer seed = cluster.nodes().get(0);
    String[] common = {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + seed.host(), "-p", "redis.port=" + seed.port(), "-p", "redis.cluster=true",
        "-p", "recordcount=300", "-p", "operationcount=1000", "-threads", "2", "-inflight", "8"};
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(300, load.results().getLong("INSERT", "Return=OK"), load.describe());
    assertEquals(300, cluster.nodes().stream().mapToLong(RedisClusterTest::keysOn).sum());
    for (RedisServer node : cluster.nodes()) {
      assertTrue(keysOn(node) > 0, node.address() + " holds no record");
    }

    YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    assertEquals(1000, r.getLong("READ", "Return=OK") + r.getLong("UPDATE", "Return=OK"), run.describe());
  }

  @Test
  void workloadALoadAndRun() {
    RedisServer seed = cluster.nodes().get(0);
    String[] common = {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + seed.host(), "-p", "redis.port=" + seed.port(), "-p", "redis.cluster=true",
        "-p", "recordcount=300", "-p", "operationcount=1000", "-threads", "4"};
    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(300, load.results().getLong("INSERT", "Operations"), load.describe());
    assertEquals(300, load.results().getLong("INSERT", "Return=OK"), load.describe());
    assertEquals(300, cluster.nodes().stream().mapToLong(RedisClusterTest::keysOn).sum());

    YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    assertEquals(1000, r.getLong("READ", "Return=OK") + r.getLong("UPDATE", "Return=OK"), run.describe());
  }
}
