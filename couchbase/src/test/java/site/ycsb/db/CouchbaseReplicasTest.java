package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.couchbase.client.java.kv.GetReplicaResult;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.DBException;
import site.ycsb.testsupport.BindingInstances;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * A mock cluster of 3 nodes with 2 replicas per bucket, each node on its own loopback address
 * ({@link MockNodesOnOwnAddresses}): the observe-based durability the older studies compared
 * works up to what the cluster has, and asking for more fails at once with a reason.
 */
@ExtendWith(ServerLogsOnFailure.class)
class CouchbaseReplicasTest {
  private static final String BUCKET = "replicas";
  private static CouchbaseTestServer cluster;

  @BeforeAll
  static void start() {
    cluster = CouchbaseTestServer.start(3, 2, List.of(BUCKET));
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static final class ReplicaClients extends BindingInstances<CouchbaseClient> {
    ReplicaClients() {
      super(CouchbaseClient::new, () -> cluster.properties(BUCKET));
    }
  }

  @ParameterizedTest(name = "persistTo={0} replicateTo={1}: {2}")
  @CsvSource({
      "0, 0, OK", "MASTER, 0, OK", "1, 0, OK", "2, 0, OK", "3, 0, OK", "0, 1, OK", "0, 2, OK", "2, 1, OK",
      "3, 2, OK", "4, 0, ERROR", "0, 3, ERROR"})
  void observeBasedDurabilityWorksUpToTheReplicasThereAre(String persistTo, String replicateTo, String expected)
      throws DBException {
    try (ReplicaClients clients = new ReplicaClients()) {
      CouchbaseClient db = clients.open("couchbase.persistTo", persistTo, "couchbase.replicateTo", replicateTo,
          "couchbase.opTimeout", "10000");
      String key = "p" + persistTo + "r" + replicateTo;
      long t0 = System.nanoTime();
      String statuses = CouchbaseDurabilityTest.writes(db, key);
      if ("OK".equals(expected)) {
        assertEquals("OK OK OK", statuses);
      } else {
        assertTrue(statuses.startsWith(expected + " "), statuses);
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "failed at once, not after the 10-s timeout");
      }
    }
  }

  @Test
  void synchronousDurabilityIsNotImplementedEvenWithReplicas() throws DBException {
    try (ReplicaClients clients = new ReplicaClients()) {
      CouchbaseClient db = clients.open("couchbase.durability", "majority");
      assertTrue(CouchbaseDurabilityTest.writes(db, "sync").startsWith("NOT_IMPLEMENTED "));
    }
  }

  @Test
  void loadAndRunWithReplicationReachTheReplicas() {
    List<String> options = new java.util.ArrayList<>(List.of("-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-p", "operationcount=400", "-threads", "2"));
    options.addAll(cluster.options(BUCKET, "couchbase.persistTo=1", "couchbase.replicateTo=2"));
    YcsbRun load = CouchbaseWorkloadsTest.ycsb("load", options);
    WorkloadChecks.assertLoaded(load, 200);
    YcsbRun run = CouchbaseWorkloadsTest.ycsb("run", options);
    WorkloadChecks.assertRanWithoutFailures(run, 400);

    try (StoredDocuments stored = new StoredDocuments(cluster, BUCKET)) {
      for (int i = 0; i < 200; i += 20) {
        String key = "user" + site.ycsb.Utils.hash(i);
        List<GetReplicaResult> copies = stored.collection().getAllReplicas(key).collect(Collectors.toList());
        assertEquals(3, copies.size(), key + ": the active copy and 2 replicas");
        for (GetReplicaResult copy : copies) {
          assertEquals(stored.json(key), copy.contentAsObject(), key + " replica " + copy.isReplica());
        }
      }
    }
  }
}
