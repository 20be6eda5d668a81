package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** load + run of the core workloads A-F through the command line, with the data read back. */
@ExtendWith({HBaseTestServer.Extension.class, ServerLogsOnFailure.class})
class HBaseWorkloadsTest {
  static final int RECORDS = 300;
  static final int OPERATIONS = 600;

  /**
   * Options every command gets: the workload, the server, a table of its own, and two blocking
   * threads ({@code threadmode=threads}: {@code -threads 2} alone would run two sessions in flight
   * on the asynchronous side, which {@link HBaseSessionsTest} tests).
   */
  static List<String> command(String phase, String workload, String table, String... more) {
    List<String> args = sessions(phase, workload, table, 2, more);
    args.addAll(Arrays.asList("-p", "threadmode=threads"));
    return args;
  }

  /** The same options with {@code -threads N} as a user types it (no thread mode). */
  static List<String> sessions(String phase, String workload, String table, int threads, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList(phase, "hbase2",
        "-P", YcsbRun.workload(workload).toString(),
        "-p", "table=" + table, "-p", "columnfamily=cf",
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS,
        "-threads", Integer.toString(threads)));
    String[] server = HBaseTestServer.get().clientProperties();
    for (int i = 0; i < server.length; i += 2) {
      args.add("-p");
      args.add(server[i] + "=" + server[i + 1]);
    }
    for (String m : more) {
      args.add("-p");
      args.add(m);
    }
    return args;
  }

  static YcsbRun execute(List<String> args) {
    return YcsbRun.execute(args.toArray(new String[0]));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRun(String workload) throws IOException {
    String table = "t_" + workload;
    // the load creates the table; the run finds it
    YcsbRun load = execute(command("load", workload, table, "hbase.createtable=true", "hbase.presplits=4"));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords(table, RECORDS);

    YcsbRun run = execute(command("run", workload, table));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    checkStoredRecords(table, RECORDS + inserted);
  }

  @Test
  void bufferedLoadReportsBatchedOkAndStoresEveryRecordByTheEnd() throws IOException {
    String table = "t_buffered";
    YcsbRun load = execute(command("load", "workloada", table, "hbase.createtable=true", "clientbuffering=true"));
    assertEquals(0, load.exitCode(), load.describe());
    Results r = load.results();
    assertEquals(RECORDS, r.getLong("INSERT", "Return=BATCHED_OK"), load.describe());
    assertEquals(0, r.getLong("OVERALL", "FailedOperations", 0), load.describe());
    checkStoredRecords(table, RECORDS);
  }

  @Test
  void aMissingTableStopsTheRunWithOneLineAndExitCode1() {
    YcsbRun run = execute(command("run", "workloadc", "never_created"));
    assertEquals(1, run.exitCode(), run.describe());
    assertTrue(run.err().contains("HBase table never_created does not exist"), run.describe());
    assertTrue(!run.err().contains("\tat "), "no stack trace\n" + run.describe());
  }

  /** Reads the table back: the row count, and 10 fields x 100 bytes in the first rows. */
  static void checkStoredRecords(String table, long expected) throws IOException {
    long rows = 0;
    try (Table t = HBaseTestServer.get().admin().getTable(TableName.valueOf(table));
         ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result r : scanner) {
        rows++;
        assertTrue(Bytes.toString(r.getRow()).startsWith("user"), Bytes.toString(r.getRow()));
        if (rows <= 10) {
          assertEquals(10, r.size(), "fields of " + Bytes.toString(r.getRow()));
          for (Cell c : r.rawCells()) {
            assertEquals("cf", Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()));
            assertEquals(100, c.getValueLength(), "value length in " + Bytes.toString(r.getRow()));
          }
        }
      }
    }
    assertEquals(expected, rows, "rows in " + table);
  }
}
