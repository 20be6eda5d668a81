package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedisServerTest {
  @Test
  void masterWithTwoReplicasAndRestartOnTheSamePort() {
    try (RedisServer master = RedisServer.start();
         RedisServer r1 = RedisServer.builder().replicaOf(master).start();
         RedisServer r2 = RedisServer.builder().replicaOf(master).start()) {
      assertNotEquals(master.port(), r1.port());
      assertNotEquals(r1.port(), r2.port());
      r1.awaitReplicationLink(Duration.ofSeconds(30));
      r2.awaitReplicationLink(Duration.ofSeconds(30));
      assertEquals("OK", master.cli("SET", "k", "v").trim());
      r2.process().awaitCondition("k replicated", () -> "v".equals(r2.cli("GET", "k").trim()), Duration.ofSeconds(10));
      assertEquals("2", master.info("replication").get("connected_slaves"));
      // The wait above may have polled r2 more than once; count from here on.
      long r1Before = r1.commandCalls("get");
      assertEquals(0, r1Before, "no GET was sent to r1");
      long r2Before = r2.commandCalls("get");
      assertEquals("v", r2.cli("GET", "k").trim());
      assertEquals(r1Before, r1.commandCalls("get"), "a GET sent to r2 must not reach r1");
      assertEquals(r2Before + 1, r2.commandCalls("get"), "r2 counts the GET sent to it");

      int port = master.port();
      master.stop();
      assertFalse(FreePort.isListening(master.host(), port));
      master.restart();
      assertEquals(port, master.port());
      assertEquals("PONG", master.cli("PING").trim());
      assertEquals("", master.cli("GET", "k").trim(), "nothing persisted");
    }
  }

  @Test
  void threeNodeCluster() {
    try (RedisCluster cluster = RedisCluster.start(3)) {
      assertEquals(3, cluster.nodes().size());
      assertTrue(cluster.nodes().get(0).cli("CLUSTER", "INFO").contains("cluster_slots_assigned:16384"));
    }
  }

  @Test
  void missingBinaryNamesTheDebianPackage() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RedisServer.binary("redis-nonexistent"));
    assertTrue(e.getMessage().contains("redis-tools"), e.getMessage());
    assertTrue(e.getMessage().contains("apt-get install"), e.getMessage());
  }
}
