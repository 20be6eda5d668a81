package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** load + run of the core workloads A-F through the command line, with the data read back. */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraWorkloadsTest {
  private static final String KS = "workloads_test";
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  /** Options every command gets: the workload, the server, a table of its own. */
  private static List<String> common(String workload, String table, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList(
        "-P", YcsbRun.workload(workload).toString(), "-p", "table=" + table,
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2"));
    args.addAll(CassandraTestServer.get().clientOptions(KS));
    for (String m : more) {
      args.add("-p");
      args.add(m);
    }
    return args;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRun(String workload) {
    String table = "t_" + workload;
    // the load creates keyspace and table; the run finds them
    YcsbRun load = YcsbRun.execute(CassandraConsistencyTest.concat("load",
        common(workload, table, "cassandra.createschema=true")));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords(table, RECORDS);

    YcsbRun run = YcsbRun.execute(CassandraConsistencyTest.concat("run", common(workload, table)));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    checkStoredRecords(table, RECORDS + inserted);
  }

  @Test
  void unpreparedLoadWithIfNotExistsThenAgainFindsEveryKeyTaken() {
    String table = "t_lwt";
    String[] options = {"cassandra.createschema=true", "cassandra.useprepared=false",
        "cassandra.insertifnotexists=true"};
    YcsbRun first = YcsbRun.execute(CassandraConsistencyTest.concat("load", common("workloada", table, options)));
    assertEquals(0, first.exitCode(), first.describe());
    assertEquals(RECORDS, first.results().getLong("INSERT", "Return=OK"), first.describe());
    checkStoredRecords(table, RECORDS);

    // a worker stops at its first failed insert unless told to go on
    YcsbRun second = YcsbRun.execute(CassandraConsistencyTest.concat("load", common("workloada", table, options),
        "-p", "ignoreinserterrors=true"));
    // every key was taken: the load inserted nothing and says so
    assertEquals(1, second.exitCode(), second.describe());
    assertTrue(second.err().contains("the load inserted 0 of " + RECORDS + " records"), second.err());
    Results r = second.results();
    assertEquals(0, r.getLong("INSERT", "Return=OK", 0), second.describe());
    assertEquals(RECORDS, r.getLong("INSERT-FAILED", "Return=UNEXPECTED_STATE"), second.describe());
    checkStoredRecords(table, RECORDS);
  }

  private static void checkStoredRecords(String table, long expected) {
    checkStoredRecords(KS, table, expected);
  }

  /** Reads the data back with CQL: the row count, and 10 fields x 100 characters in some rows. */
  static void checkStoredRecords(String keyspace, String table, long expected) {
    String qualified = keyspace + "." + table;
    assertEquals(expected, CassandraTestServer.get().admin().execute("SELECT count(*) FROM " + qualified).one()
        .getLong(0), "rows in " + qualified);
    for (Row row : CassandraTestServer.get().admin().execute("SELECT * FROM " + qualified + " LIMIT 10")) {
      assertTrue(row.getString("y_id").startsWith("user"), row.getString("y_id"));
      for (int i = 0; i < 10; i++) {
        String value = row.getString("field" + i);
        assertEquals(100, value == null ? -1 : value.length(), row.getString("y_id") + ".field" + i);
      }
    }
  }
}
