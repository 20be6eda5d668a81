package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.Status;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** A master and two replicas: writes reach the master, reads reach the replicas (their own stats say so). */
@ExtendWith(ServerLogsOnFailure.class)
class RedisReplicaTest {
  private static RedisServer master;
  private static RedisServer replica1;
  private static RedisServer replica2;
  private final Clients clients = new Clients();

  @BeforeAll
  static void startServers() {
    master = RedisServer.start();
    replica1 = RedisServer.builder().replicaOf(master).start();
    replica2 = RedisServer.builder().replicaOf(master).start();
    replica1.awaitReplicationLink(Duration.ofSeconds(30));
    replica2.awaitReplicationLink(Duration.ofSeconds(30));
  }

  @AfterAll
  static void stopServers() {
    for (RedisServer s : new RedisServer[] {replica2, replica1, master}) {
      if (s != null) {
        s.close();
      }
    }
  }

  @BeforeEach
  void resetStats() {
    master.cli("FLUSHALL");
    awaitReplicated(0);
    for (RedisServer s : new RedisServer[] {master, replica1, replica2}) {
      s.cli("CONFIG", "RESETSTAT");
    }
  }

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  private static void awaitReplicated(long keys) {
    for (RedisServer r : new RedisServer[] {replica1, replica2}) {
      r.process().awaitCondition(r.address() + " has " + keys + " keys",
          () -> Long.parseLong(r.cli("DBSIZE").trim()) == keys, Duration.ofSeconds(20));
    }
  }

  @Test
  void workersReadFromTheReplicasRoundRobinAndWriteToTheMaster() throws Exception {
    String replicas = replica1.address() + "," + replica2.address();
    // two workers, as the benchmark makes them with -threads 2; the second uses the old property name
    RedisClient worker1 = clients.open(master, "redis.replicas", replicas);
    RedisClient worker2 = clients.open(master, "redis.slaves", replicas);
    for (int i = 0; i < 20; i++) {
      RedisClient w = i % 2 == 0 ? worker1 : worker2;
      assertEquals(Status.OK, w.insert("usertable", "user" + i, Clients.record("user" + i, 3)));
    }
    awaitReplicated(21); // 20 records and the index
    for (int i = 0; i < 20; i++) {
      assertEquals(Status.OK, worker1.read("usertable", "user" + i, null, new HashMap<>()));
      assertEquals(Status.OK, worker2.read("usertable", "user" + i, Set.of("f1"), new HashMap<>()));
    }
    Vector<HashMap<String, site.ycsb.ByteIterator>> scanned = new Vector<>();
    assertEquals(Status.OK, worker1.scan("usertable", "user1", 5, null, scanned));
    assertEquals(Status.OK, worker2.scan("usertable", "user1", 5, null, scanned));
    assertEquals(10, scanned.size());

    // each worker reads from its own replica, and only there
    long reads1 = replica1.commandCalls("hgetall") + replica1.commandCalls("hmget");
    long reads2 = replica2.commandCalls("hgetall") + replica2.commandCalls("hmget");
    assertEquals(20 + 20 + 5 + 5, reads1 + reads2, "every read and scanned record reached a replica");
    assertTrue(reads1 >= 20 && reads2 >= 20, "replica1 " + reads1 + ", replica2 " + reads2);
    assertEquals(1, replica1.commandCalls("zrangebylex"));
    assertEquals(1, replica2.commandCalls("zrangebylex"));
    assertEquals(0, master.commandCalls("hgetall") + master.commandCalls("hmget") + master.commandCalls("zrangebylex"));
    // the writes went to the master (the replicas' own HSET counts are the replication stream)
    assertEquals(20, master.commandCalls("hset"));
    assertEquals(20, master.commandCalls("zadd"));
  }

  @Test
  void benchmarkWithTwoThreadsReadsFromBothReplicas() {
    String[] common = {"-P", YcsbRun.workload("workloadb").toString(),
        "-p", "redis.host=" + master.host(), "-p", "redis.port=" + master.port(),
        "-p", "redis.replicas=" + replica1.address() + "," + replica2.address(),
        "-p", "recordcount=200", "-p", "operationcount=1000", "-threads", "2"};
    YcsbRun load = YcsbRun.execute(concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(200, load.results().getLong("INSERT", "Return=OK"), load.describe());
    awaitReplicated(201);
    YcsbRun run = YcsbRun.execute(concat("run", "redis", common));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long reads = r.getLong("READ", "Operations") + r.getLong("READ-FAILED", "Operations", 0);
    assertTrue(reads > 0, run.describe());
    long replicaReads = replica1.commandCalls("hgetall") + replica1.commandCalls("hmget")
        + replica2.commandCalls("hgetall") + replica2.commandCalls("hmget");
    assertEquals(reads, replicaReads, "every read of the run reached a replica");
    assertTrue(replica1.commandCalls("hgetall") + replica1.commandCalls("hmget") > 0);
    assertTrue(replica2.commandCalls("hgetall") + replica2.commandCalls("hmget") > 0);
    assertEquals(200 + r.getLong("UPDATE", "Return=OK", 0), master.commandCalls("hset"));
  }

  @Test
  void asyncBenchmarkReadsFromBothReplicasAndWritesToTheMaster() {
    String[] common = {"-P", YcsbRun.workload("workloadb").toString(),
        "-p", "redis.host=" + master.host(), "-p", "redis.port=" + master.port(),
        "-p", "redis.replicas=" + replica1.address() + "," + replica2.address(),
        "-p", "recordcount=200", "-p", "operationcount=1000", "-threads", "2", "-inflight", "8",
        "-p", "redis.connections=2"};
    YcsbRun load = YcsbRun.execute(concat("load", "redis", common));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(200, load.results().getLong("INSERT", "Return=OK"), load.describe());
    awaitReplicated(201);
    YcsbRun run = YcsbRun.execute(concat("run", "redis", common));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long reads = r.getLong("READ", "Return=OK");
    assertEquals(1000, reads + r.getLong("UPDATE", "Return=OK", 0), run.describe());
    long reads1 = replica1.commandCalls("hgetall") + replica1.commandCalls("hmget");
    long reads2 = replica2.commandCalls("hgetall") + replica2.commandCalls("hmget");
    assertEquals(reads, reads1 + reads2, "every read of the run reached a replica");
    assertTrue(reads1 > 0 && reads2 > 0, "worker 0 reads from replica 1, worker 1 from replica 2: " + reads1 + ", "
        + reads2);
    assertEquals(0, master.commandCalls("hgetall") + master.commandCalls("hmget"));
    assertEquals(200 + r.getLong("UPDATE", "Return=OK", 0), master.commandCalls("hset"));
  }

  static String[] concat(String command, String binding, String[] rest) {
    String[] all = new String[rest.length + 2];
    all[0] = command;
    all[1] = binding;
    System.arraycopy(rest, 0, all, 2, rest.length);
    return all;
  }
}
