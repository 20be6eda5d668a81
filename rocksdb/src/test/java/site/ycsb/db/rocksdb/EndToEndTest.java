package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;

/**
 * {@code load} then {@code run} of every workload file through the command line entry point, each
 * pair in its own store folder, as a user would run them one after the other.
 */
class EndToEndTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 500;
  /** Operation sections whose counts add up to the operations a run performed. */
  private static final String[] OPERATION_SECTIONS = {"READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE",
      "TRANSFER", "AUDIT"};

  static List<Path> workloadFiles() throws Exception {
    Path dir = YcsbRun.workload("workloada").getParent();
    try (Stream<Path> files = Files.list(dir)) {
      // the time-series files need a time-series binding: TimeSeriesTest runs them; a replay loads nothing
      // (its trace says what is written): core's and Redis's replay tests run it
      return files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("ts"))
          .filter(f -> !f.getFileName().toString().startsWith("replay")).sorted().collect(Collectors.toList());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("workloadFiles")
  void loadThenRun(Path workload, @TempDir Path store) {
    YcsbRun load = execute("load", workload, store);
    assertEquals(0, load.exitCode(), load.describe());
    Results loaded = load.results();
    assertEquals(RECORDS, loaded.getLong("INSERT", "Operations"), load.describe());
    assertEquals(0, failed(loaded), load.describe());

    YcsbRun run = execute("run", workload, store);
    assertEquals(0, run.exitCode(), run.describe());
    Results ran = run.results();
    assertTrue(ran.has("OVERALL", "RunTime(ms)"), run.describe());
    long total = 0;
    for (String op : OPERATION_SECTIONS) {
      total += ran.getLong(op, "Operations", 0) + ran.getLong(op + "-FAILED", "Operations", 0);
    }
    // as in upstream YCSB, a read-modify-write is also counted as its inner READ and UPDATE
    long rmw = ran.getLong("READ-MODIFY-WRITE", "Operations", 0)
        + ran.getLong("READ-MODIFY-WRITE-FAILED", "Operations", 0);
    assertEquals(OPERATIONS, total - 2 * rmw,
        "operations over all sections: " + total + " (read-modify-write " + rmw + ")\n" + run.describe());
    // every key the run reads was written by the load, whose store was closed in between
    assertEquals(0, failed(ran), run.describe());
  }

  private static YcsbRun execute(String command, Path workload, Path store) {
    return YcsbRun.execute(command, "rocksdb", "-P", workload.toString(),
        "-p", "rocksdb.dir=" + store,
        "-p", "recordcount=" + RECORDS,
        "-p", "operationcount=" + OPERATIONS,
        "-threads", "2");
  }

  private static long failed(Results r) {
    long n = 0;
    for (String op : OPERATION_SECTIONS) {
      n += r.getLong(op + "-FAILED", "Operations", 0);
    }
    return n;
  }
}
