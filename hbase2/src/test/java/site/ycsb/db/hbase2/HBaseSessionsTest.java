package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.hbase.HConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * {@code -threads N} without {@code -inflight} against a real HBase server runs its N sessions as
 * N operations in flight on the asynchronous side: every operation counted once and answered as
 * on the blocking side, every row stored; {@code threadmode=threads} and
 * {@code clientbuffering=true} keep a blocking thread per session.
 */
@ExtendWith({HBaseTestServer.Extension.class, ServerLogsOnFailure.class})
class HBaseSessionsTest {
  private static final int RECORDS = HBaseWorkloadsTest.RECORDS;
  private static final int OPERATIONS = HBaseWorkloadsTest.OPERATIONS;

  /** Workload A with the module's usual options and {@code -threads N} as a user types it. */
  private static YcsbRun sessions(String phase, String table, int threads, String... more) {
    return HBaseWorkloadsTest.execute(HBaseWorkloadsTest.sessions(phase, "workloada", table, threads, more));
  }

  @Test
  void sessionsRunInFlightWithExactCountsAndEveryRowStored() throws Exception {
    String table = "sessions_a";
    YcsbRun load = sessions("load", table, 4, "hbase.createtable=true", "hbase.presplits=4");
    assertTrue(load.err().contains("-threads 4 runs as 4 sessions in flight"), load.describe());
    WorkloadChecks.assertLoaded(load, RECORDS);
    HBaseWorkloadsTest.checkStoredRecords(table, RECORDS);

    YcsbRun run = sessions("run", table, 16);
    assertTrue(run.err().contains("-threads 16 runs as 16 sessions in flight"), run.describe());
    WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    Results r = run.results();
    assertEquals(OPERATIONS, r.getLong("READ", "Return=OK") + r.getLong("UPDATE", "Return=OK"), run.describe());
    HBaseWorkloadsTest.checkStoredRecords(table, RECORDS);
  }

  /**
   * Operations in flight the user asked for are bounded at 1 s (an outage then shows as failures
   * in its intervals); sessions stand for blocking threads and wait as long as HBase's client does.
   */
  @Test
  void sessionsKeepHBasesOperationTimeoutAndTheUsersInflightIsBounded() throws Exception {
    try (TestPhase phase = new TestPhase()) {
      HBaseClient2 sessions = Clients.create(Clients.serverProperties("table", "sessions_timeout",
          "hbase.createtable", "true"));
      sessions.init(HBaseAsyncTest.inflight(phase, true));
      HBaseClient2 inflight = Clients.create(Clients.serverProperties("table", "sessions_timeout"));
      inflight.init(HBaseAsyncTest.inflight(phase, false));
      try {
        assertEquals(HConstants.DEFAULT_HBASE_CLIENT_OPERATION_TIMEOUT, sessions.asyncOperationTimeoutMillis());
        assertEquals(AsyncTimeouts.DEFAULT_OPERATION_TIMEOUT_MS, inflight.asyncOperationTimeoutMillis());
      } finally {
        sessions.cleanup();
        inflight.cleanup();
      }
    }
  }

  @Test
  void threadModeThreadsAndClientBufferingKeepABlockingThreadPerSession() {
    String table = "sessions_threads";
    WorkloadChecks.assertLoaded(sessions("load", table, 2, "hbase.createtable=true", "threadmode=threads"),
        RECORDS);
    for (String keeps : new String[] {"threadmode=threads", "clientbuffering=true"}) {
      YcsbRun run = sessions("run", table, 4, keeps);
      assertEquals(0, run.exitCode(), run.describe());
      assertFalse(run.err().contains("sessions in flight"), keeps + "\n" + run.describe());
      assertEquals(4, run.results().getLong("OVERALL", "Threads"), keeps + "\n" + run.describe());
      assertEquals(OPERATIONS, run.results().getLong("OVERALL", "Operations"), keeps + "\n" + run.describe());
    }
  }
}
