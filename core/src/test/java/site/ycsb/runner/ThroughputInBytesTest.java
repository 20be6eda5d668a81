package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * Throughput in MB/s: for records of a fixed size the bytes written and read are the record size
 * times the writes and reads, in the summary and in the time series, on both paths.
 */
class ThroughputInBytesTest {
  /** 10 fields of 100 bytes, every field written and read. */
  private static final long RECORD_BYTES = 10 * 100;

  @TempDir
  Path tmp;

  @BeforeEach
  void reset() {
    MemoryDB.reset();
  }

  private static Run phase(EnginePath path, String command, String... more) {
    List<String> a = new ArrayList<>(List.of(command, "-db", MemoryDB.class.getName(), "-P", "../workloads/workloada",
        "-p", "recordcount=300", "-p", "fieldcount=10", "-p", "fieldlength=100", "-p", "writeallfields=true",
        "-p", "readallfields=true"));
    a.addAll(Arrays.asList(path.atOnce(4)));
    a.addAll(Arrays.asList(more));
    Run r = Run.of(a.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void megabytesPerSecondAreTheRecordSizesMovedOverTheWindow(EnginePath path) throws IOException {
    Run load = phase(path, "load");
    assertEquals(300 * RECORD_BYTES, load.count("OVERALL", "BytesWritten"), load.toString());
    assertEquals(300 * RECORD_BYTES, load.count("INSERT", "BytesWritten"), load.toString());

    Path dir = tmp.resolve("run");
    Run run = phase(path, "run", "-p", "operationcount=0", "-p", "maxexecutiontime=2", "-target", "2000",
        "-p", "resultsdir=" + dir);
    long reads = run.count("READ", "Operations");
    long updates = run.count("UPDATE", "Operations");
    assertEquals(reads * RECORD_BYTES, run.count("OVERALL", "BytesRead"), run.toString());
    assertEquals(updates * RECORD_BYTES, run.count("OVERALL", "BytesWritten"), run.toString());
    assertEquals(reads * RECORD_BYTES, run.count("READ", "BytesRead"), run.toString());
    assertEquals(updates * RECORD_BYTES, run.count("UPDATE", "BytesWritten"), run.toString());
    double seconds = run.get("OVERALL", "RunTime(ms)") / 1000.0;
    assertEquals((reads + updates) * RECORD_BYTES / 1e6 / seconds, run.get("OVERALL", "Throughput(MB/sec)"), 0.0011);
    assertEquals(reads * RECORD_BYTES / 1e6 / seconds, run.get("OVERALL", "ReadThroughput(MB/sec)"), 0.0011);
    assertEquals(updates * RECORD_BYTES / 1e6 / seconds, run.get("OVERALL", "WriteThroughput(MB/sec)"), 0.0011);

    long rowBytes = 0;
    for (TimeSeriesRows.Row row : TimeSeriesRows.overall(dir)) {
      rowBytes += row.bytes();
      assertEquals(row.count() * RECORD_BYTES, row.bytes(), "every operation moves one record: " + row);
    }
    assertEquals((reads + updates) * RECORD_BYTES, rowBytes, "the rows add up to the summary");
  }
}
