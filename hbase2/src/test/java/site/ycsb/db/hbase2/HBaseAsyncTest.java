package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The asynchronous side ({@code -inflight N}, over {@code AsyncConnection}): the same answers as
 * the blocking side, called directly and through the command line, data written by either side
 * read by the other, the write buffer, and a bounded start against an unreachable cluster.
 */
@ExtendWith({HBaseTestServer.Extension.class, ServerLogsOnFailure.class})
class HBaseAsyncTest {
  private static final int RECORDS = HBaseWorkloadsTest.RECORDS;
  private static final int OPERATIONS = HBaseWorkloadsTest.OPERATIONS;

  /** A command on the asynchronous path: the module's usual options plus 16 operations in flight per thread. */
  private static YcsbRun async(String phase, String workload, String table, String... more) {
    List<String> args = HBaseWorkloadsTest.command(phase, workload, table, more);
    args.addAll(Arrays.asList("-inflight", "16"));
    YcsbRun run = HBaseWorkloadsTest.execute(args);
    assertEquals(16, run.results().getLong("OVERALL", "InFlightPerThread", 0), "the asynchronous path\n"
        + run.describe());
    return run;
  }

  private static YcsbRun blocking(String phase, String workload, String table, String... more) {
    return HBaseWorkloadsTest.execute(HBaseWorkloadsTest.command(phase, workload, table, more));
  }

  private static Status await(CompletionStage<Status> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** A worker's context on the asynchronous path, in the given phase. */
  private static BindingContext inflight(TestPhase phase) {
    return inflight(phase, false);
  }

  /**
   * @param sessions whether the places in flight stand for {@code -threads N}'s sessions
   * @return a worker's context on the asynchronous path, 16 in flight, in the given phase
   */
  static BindingContext inflight(TestPhase phase, boolean sessions) {
    BindingContext worker = phase.context();
    return new BindingContext() {
      @Override
      public int workerIndex() {
        return worker.workerIndex();
      }

      @Override
      public int workerCount() {
        return worker.workerCount();
      }

      @Override
      public int inflight() {
        return 16;
      }

      @Override
      public boolean sessions() {
        return sessions;
      }

      @Override
      public void reportOnce(String cause, String message) {
        worker.reportOnce(cause, message);
      }

      @Override
      public <T> T shared(String key, Opener<T> opener) throws DBException {
        return worker.shared(key, opener);
      }
    };
  }

  @Test
  void asyncCallsAnswerAsTheBlockingCalls() throws Exception {
    String table = "async_direct";
    try (TestPhase phase = new TestPhase()) {
      HBaseClient2 blocking = phase.init(Clients.create(Clients.serverProperties("table", table,
          "hbase.createtable", "true")));
      HBaseClient2 async = Clients.create(Clients.serverProperties("table", table));
      async.init(inflight(phase));
      try {
        for (int i = 0; i < 30; i++) {
          String key = "k" + (100 + i);
          assertEquals(Status.OK, await(async.insertAsync(table, key, Records.record(key, 4))));
        }
        Map<String, ByteIterator> all = new HashMap<>();
        assertEquals(Status.OK, await(async.readAsync(table, "k103", null, all)));
        Map<String, String> written = Records.strings(Records.record("k103", 4));
        assertEquals(written, Records.strings(all));
        Map<String, ByteIterator> fromBlocking = new HashMap<>();
        assertEquals(Status.OK, blocking.read(table, "k103", null, fromBlocking));
        assertEquals(written, Records.strings(fromBlocking), "written by one side, read by the other");
        Map<String, ByteIterator> some = new HashMap<>();
        assertEquals(Status.OK, await(async.readAsync(table, "k104", Set.of("field1"), some)));
        assertEquals(Map.of("field1", "k104/field1"), Records.strings(some));
        assertEquals(Status.NOT_FOUND, await(async.readAsync(table, "never", null, new HashMap<>())));

        Map<String, ByteIterator> change = new HashMap<>();
        change.put("field2", new StringByteIterator("changed"));
        assertEquals(Status.OK, await(async.updateAsync(table, "k103", change)));
        Map<String, ByteIterator> after = new HashMap<>();
        assertEquals(Status.OK, blocking.read(table, "k103", null, after));
        assertEquals("changed", after.get("field2").toString());

        Vector<HashMap<String, ByteIterator>> asyncRows = new Vector<>();
        assertEquals(Status.OK, await(async.scanAsync(table, "k105", 7, null, asyncRows)));
        Vector<HashMap<String, ByteIterator>> blockingRows = new Vector<>();
        assertEquals(Status.OK, blocking.scan(table, "k105", 7, null, blockingRows));
        List<Map<String, String>> scanned = strings(asyncRows);
        assertEquals(7, scanned.size());
        assertEquals(strings(blockingRows), scanned, "same rows, same key order");
        assertEquals("k105/field0", scanned.get(0).get("field0"));
        assertEquals("k111/field0", scanned.get(6).get("field0"));

        assertEquals(Status.OK, await(async.deleteAsync(table, "k103")));
        assertEquals(Status.NOT_FOUND, blocking.read(table, "k103", null, new HashMap<>()));
      } finally {
        async.cleanup();
        blocking.cleanup();
      }
    }
  }

  private static List<Map<String, String>> strings(Vector<HashMap<String, ByteIterator>> rows) {
    List<Map<String, String>> out = new ArrayList<>();
    rows.forEach(r -> out.add(Records.strings(r)));
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloade"})
  void loadThenRunWithOperationsInFlight(String workload) throws Exception {
    String table = "async_" + workload;
    YcsbRun load = async("load", workload, table, "hbase.createtable=true", "hbase.presplits=4");
    WorkloadChecks.assertLoaded(load, RECORDS);
    HBaseWorkloadsTest.checkStoredRecords(table, RECORDS);

    YcsbRun run = async("run", workload, table);
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    HBaseWorkloadsTest.checkStoredRecords(table, RECORDS + inserted);
  }

  @Test
  void recordsLoadedByOneSideAreFoundByTheOther() throws Exception {
    // blocking load, asynchronous reads: every read finds its record
    blocking("load", "workloadc", "sides_b", "hbase.createtable=true");
    YcsbRun asyncReads = async("run", "workloadc", "sides_b");
    WorkloadChecks.assertRanWithoutFailures(asyncReads, OPERATIONS);
    assertEquals(OPERATIONS, asyncReads.results().getLong("READ", "Return=OK"), asyncReads.describe());

    // asynchronous load, blocking reads
    WorkloadChecks.assertLoaded(async("load", "workloadc", "sides_a", "hbase.createtable=true"), RECORDS);
    YcsbRun blockingReads = blocking("run", "workloadc", "sides_a");
    WorkloadChecks.assertRanWithoutFailures(blockingReads, OPERATIONS);
    assertEquals(OPERATIONS, blockingReads.results().getLong("READ", "Return=OK"), blockingReads.describe());
  }

  @Test
  void bufferedAsyncLoadReportsBatchedOkAndStoresEveryRecordByTheEnd() throws Exception {
    String table = "async_buffered";
    // 4 KB buffers: most inserts are buffered, some fill the buffer and wait for it to be sent
    YcsbRun load = async("load", "workloada", table, "hbase.createtable=true", "clientbuffering=true",
        "writebuffersize=4096");
    assertEquals(0, load.exitCode(), load.describe());
    Results r = load.results();
    assertEquals(RECORDS, r.getLong("INSERT", "Return=BATCHED_OK"), load.describe());
    assertEquals(0, r.getLong("OVERALL", "FailedOperations", 0), load.describe());
    HBaseWorkloadsTest.checkStoredRecords(table, RECORDS);
  }

  @Test
  void anUnreachableClusterStopsTheAsyncRunAfterHbaseInittimeoutWithOneLine() {
    String port = Integer.toString(FreePort.find());
    YcsbRun run = YcsbRun.execute("run", "hbase2", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "hbase.zookeeper.quorum=127.0.0.1", "-p", "hbase.zookeeper.property.clientPort=" + port,
        "-p", "hbase.inittimeout=2000", "-p", "operationcount=10", "-threads", "2", "-inflight", "16");
    assertEquals(1, run.exitCode(), run.describe());
    String expected = "cannot reach HBase within 2000 ms (hbase.inittimeout) through ZooKeeper 127.0.0.1:" + port;
    List<String> lines = run.err().lines().filter(l -> l.contains("hbase.inittimeout")).toList();
    assertEquals(1, lines.size(), run.describe());
    assertTrue(lines.get(0).contains(expected), run.describe());
    assertFalse(run.err().contains("\tat "), "no stack trace\n" + run.describe());
  }
}
