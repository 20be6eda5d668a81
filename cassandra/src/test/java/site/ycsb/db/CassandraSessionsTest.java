package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * {@code -threads N} without {@code -inflight} against a real Cassandra node runs its N sessions as
 * N operations in flight through the driver's asynchronous calls, and every operation the client
 * counts is a request the node served, no more and no fewer: the node's own counts of reads and
 * writes on the table ({@code system_views.coordinator_read_latency} and
 * {@code coordinator_write_latency}) grow by exactly the client's reads and updates.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraSessionsTest {
  private static final String KS = "sessions_test";
  private static final String TABLE = "usertable";
  private static final int RECORDS = 300;

  private static String[] args(String command, String threads, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList(command, "cassandra",
        "-P", YcsbRun.workload("workloada").toString(), "-p", "cassandra.createschema=true",
        "-p", "recordcount=" + RECORDS, "-threads", threads));
    args.addAll(CassandraTestServer.get().clientOptions(KS));
    args.addAll(Arrays.asList(more));
    return args.toArray(new String[0]);
  }

  private static long served(String kind) {
    return CassandraTestServer.get().coordinated(KS, TABLE, kind);
  }

  @Test
  void sessionsRunInFlightAndEveryOperationIsARequestTheNodeServed() {
    YcsbRun load = YcsbRun.execute(args("load", "4"));
    assertEquals(0, load.exitCode(), load.describe());
    assertTrue(load.err().contains("-threads 4 runs as 4 sessions in flight"), load.describe());
    assertEquals(RECORDS, load.results().getLong("INSERT", "Return=OK"), load.describe());

    long readsBefore = served("read");
    long writesBefore = served("write");
    YcsbRun run = YcsbRun.execute(args("run", "16", "-p", "operationcount=4000"));
    assertEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("-threads 16 runs as 16 sessions in flight"), run.describe());
    Results r = run.results();
    assertEquals(4000, r.getLong("OVERALL", "Operations"));
    assertEquals(0, r.getLong("OVERALL", "FailedOperations", 0), run.describe());
    assertEquals(r.getLong("READ", "Operations"), served("read") - readsBefore, run.describe());
    assertEquals(r.getLong("UPDATE", "Operations"), served("write") - writesBefore, run.describe());
  }

  @Test
  void threadModeThreadsAndASessionPerThreadKeepABlockingThreadPerSession() {
    YcsbRun threads = YcsbRun.execute(args("run", "4", "-p", "operationcount=400", "-p", "threadmode=threads"));
    assertEquals(0, threads.exitCode(), threads.describe());
    assertFalse(threads.err().contains("sessions in flight"), threads.describe());
    assertEquals(4, threads.results().getLong("OVERALL", "Threads"));
    YcsbRun own = YcsbRun.execute(args("run", "4", "-p", "operationcount=400", "-p", "cassandra.sessionperthread=true"));
    assertEquals(0, own.exitCode(), own.describe());
    assertFalse(own.err().contains("sessions in flight"), own.describe());
    assertEquals(4, own.results().getLong("OVERALL", "Threads"));
  }
}
