package site.ycsb.db.voltdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.voltdb.VoltTable;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** load + run of the core workloads A-F through the command line, with the data read back. */
@ExtendWith({VoltTestServer.Extension.class, ServerLogsOnFailure.class})
class VoltWorkloadsTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  private static String[] command(String phase, String workload, String table) {
    List<String> args = new ArrayList<>(Arrays.asList(phase, "voltdb",
        "-P", YcsbRun.workload(workload).toString(),
        "-p", "voltdb.servers=" + VoltTestServer.get().servers(), "-p", "table=" + table,
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2"));
    return args.toArray(new String[0]);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRun(String workload) throws Exception {
    String table = "t_" + workload;
    YcsbRun load = YcsbRun.execute(command("load", workload, table));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords(table, RECORDS);

    YcsbRun run = YcsbRun.execute(command("run", workload, table));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    checkStoredRecords(table, RECORDS + inserted);
  }

  /** Reads the table back: the row count, and 10 fields x 100 bytes in some rows. */
  private static void checkStoredRecords(String table, long expected) throws Exception {
    VoltTable count = VoltTestServer.get().admin().callProcedure("@AdHoc", "SELECT COUNT(*) FROM " + table + ";")
        .getResults()[0];
    assertEquals(expected, count.asScalarLong(), "rows in " + table);
    VoltTable rows = VoltTestServer.get().admin().callProcedure("@AdHoc",
        "SELECT * FROM " + table + " ORDER BY ycsb_key LIMIT 10;").getResults()[0];
    while (rows.advanceRow()) {
      String key = rows.getString(0);
      assertTrue(key.startsWith("user"), key);
      for (int i = 1; i <= 10; i++) {
        assertEquals(100, rows.getVarbinary(i).length, key + " column " + i);
      }
    }
  }
}
