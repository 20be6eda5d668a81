package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import site.ycsb.DBException;
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.OutageChecks;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The node killed in the middle of a run (SIGKILL), and killed then started again, on both paths:
 * the outage is counted as SERVICE_UNAVAILABLE in the intervals where it happened and the run ends
 * on time. The module's shared server is started again before the next test or test class that
 * finds it killed; the class runs last in the module and the kill it leaves needs no restart.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
@Order(Integer.MAX_VALUE)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraFaultTest {
  private static final String KS = "fault_test";
  private static final String TABLE = "usertable";

  /**
   * A login of these tests' own: the server's default one has the password "cassandra", which the
   * engine masks wherever it appears, the binding's name in its stderr lines included.
   */
  private static final String USER = "ycsb_fault";
  private static final String PASSWORD = "fault-test-pw";

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open("cassandra.keyspace", KS, "fieldcount", "4", "cassandra.createschema", "true");
    }
    CassandraTestServer.get().admin().execute("CREATE ROLE IF NOT EXISTS " + USER + " WITH PASSWORD = '" + PASSWORD
        + "' AND LOGIN = true");
  }

  /** An earlier test's kill is undone before the next test, not after each: the last needs no restart. */
  @BeforeEach
  void serverRunning() {
    CassandraTestServer.get().restart();
  }

  /**
   * Killed 2 s into a 6 s run and not restarted: the rest of the run is counted as
   * SERVICE_UNAVAILABLE. A phase on each path at once, against the one kill.
   */
  @Test
  @Order(2)
  void aNodeKilledMidRunIsCountedUntilTheEnd() {
    CassandraTestServer server = CassandraTestServer.get();
    for (FaultRun r : FaultRun.onBothPaths(args("run", load())).fault(2000, server::kill).executeOnEach()) {
      new OutageChecks(r).totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
        // a closed connection fails what it carried; with its only node down the driver has nowhere to send
          .failuresCountedFromTheFault(1500)
          .endsWithinStopTimeout(3000)
          .toldOnce("cassandra: ", 8, "SERVICE_UNAVAILABLE", "lost the connection to " + server.hosts());
      assertEquals(0, r.run().results().getLong("OVERALL", "AbandonedOperations", 0), r.describe());
    }
  }

  /**
   * Killed and started again at once: the outage is counted, then operations succeed. Cassandra
   * took 13-36 s to start again on the busy test machine: the run ends a few seconds after the
   * operations succeed again, and its deadline only bounds it. A phase on each path at once,
   * against the one kill and restart.
   */
  @Test
  @Order(1)
  void aNodeKilledAndRestartedMidRunIsCountedThenServesAgain() {
    CassandraTestServer server = CassandraTestServer.get();
    for (FaultRun r : FaultRun.onBothPaths(args("run", load())).fault(2000, server::kill)
        .thenRestore(server::restart).runSeconds(RESTART_RUN_SECONDS).endAfterRecovery(AFTER_RECOVERY_MILLIS)
        .executeOnEach()) {
      new OutageChecks(r).totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
          .failuresCountedFromTheFault(1500)
          // the driver tries the node again at most a second apart (the binding's reconnection schedule)
          .succeedsOnceRestored(3000)
          .endsWithinStopTimeout(3000)
          .toldOnce("cassandra: ", 8, "SERVICE_UNAVAILABLE", "lost the connection to " + server.hosts(),
              server.hosts() + " is back");
    }
  }

  /** At most: the slowest restart seen and a few seconds of service after it. */
  private static final int RESTART_RUN_SECONDS = 90;
  /** How long the run goes on once operations succeed again: the driver's reconnections settle. */
  private static final long AFTER_RECOVERY_MILLIS = 3000;

  /** Loads 200 records; returns the options both phases share (throttled, so the run stays light). */
  private static List<String> load() {
    CassandraTestServer server = CassandraTestServer.get();
    List<String> common = new ArrayList<>(Arrays.asList("-P", YcsbRun.workload("workloada").toString(),
        "-p", "hosts=" + server.hosts(),
        "-p", "cassandra.username=" + USER, "-p", "cassandra.password=" + PASSWORD,
        "-p", "cassandra.keyspace=" + KS, "-p", "table=" + TABLE, "-p", "fieldcount=4",
        "-p", "recordcount=200", "-target", "500"));
    WorkloadChecks.assertLoaded(YcsbRun.execute(args("load", common)), 200);
    return common;
  }

  private static String[] args(String command, List<String> common) {
    return CassandraConsistencyTest.concat(command, common);
  }
}
