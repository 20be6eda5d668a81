package site.ycsb.db.rocksdb;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.TimeSeriesChecks;
import site.ycsb.testsupport.YcsbRun;

/** Upstream's time-series workload on the embedded store: loaded, run, and its values read back. */
class TimeSeriesTest {
  @Test
  void tsworkloadaLoadsAndReadsBackWhatItWrote(@TempDir Path store) {
    String dir = "rocksdb.dir=" + store;
    YcsbRun load = YcsbRun.execute(TimeSeriesChecks.args("load", "rocksdb", "-p", dir));
    YcsbRun run = YcsbRun.execute(TimeSeriesChecks.args("run", "rocksdb", "-p", dir));
    TimeSeriesChecks.assertLoadedAndReadBack(load, run);
  }
}
