package site.ycsb.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * Upstream's time-series workload ({@code workloads/tsworkloada}) sized down, run on a key-value
 * store through {@code site.ycsb.KeyValueTimeseriesDB}, with {@code dataintegrity=true} (which reads single points, so no query time span) so every
 * read compares the value the store gives back with the one the load wrote.
 */
public final class TimeSeriesChecks {
  /** 4 metrics x 2 series (tag cardinalities 1,2,1,1) x 10 timestamps. */
  public static final int POINTS = 4 * 2 * 10;
  /** Operations of the run: 10% reads, 90% new points, as the workload file says. */
  public static final int OPERATIONS = 200;

  private TimeSeriesChecks() {
  }

  /**
   * @param command load or run
   * @param store the binding that keeps the points, e.g. rocksdb
   * @param storeArgs its own {@code -p} arguments
   * @return the arguments of {@link YcsbRun#execute}
   */
  public static String[] args(String command, String store, String... storeArgs) {
    List<String> a = new ArrayList<>(List.of(command, "site.ycsb.KeyValueTimeseriesDB",
        "-P", YcsbRun.workload("tsworkloada").toString(), "-p", "tsdb.store=" + store,
        "-p", "fieldcount=4", "-p", "tagcardinality=1,2,1,1", "-p", "recordcount=" + POINTS,
        "-p", "operationcount=" + OPERATIONS, "-p", "insertstart=1483228800", "-p", "dataintegrity=true",
        "-p", "valuetype=integers", "-p", "querytimespan=0", "-p", "randomtimeseriesorder=false",
        // the workload gives each thread its own metrics and the engine shares one operation count
        // among the threads, so a load on several threads may end a point short in one thread's
        // metrics and a point over in another's: one thread loads exactly every point
        "-threads", "load".equals(command) ? "1" : "2"));
    a.addAll(List.of(storeArgs));
    return a.toArray(new String[0]);
  }

  /**
   * Checks that the load wrote every point and that the run's reads found them with the values
   * written: every {@code VERIFY} is OK and there is one per read.
   *
   * @param load the finished load
   * @param run the finished run over the same store
   */
  public static void assertLoadedAndReadBack(YcsbRun load, YcsbRun run) {
    WorkloadChecks.assertLoaded(load, POINTS);
    WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    Results r = run.results();
    long reads = r.getLong("READ", "Operations");
    if (reads == 0 || r.getLong("VERIFY", "Operations", 0) != reads
        || r.getLong("VERIFY", "Return=OK", 0) != reads) {
      throw new AssertionError("expected one VERIFY, OK, per read (" + reads + ")\n" + run.describe());
    }
  }
}
