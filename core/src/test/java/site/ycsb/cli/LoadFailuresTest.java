package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A failed insert in the load phase: stop that worker (YCSB's default) or go on (ignoreinserterrors). */
class LoadFailuresTest {
  private static final String DB = AlwaysFailingDB.class.getName();

  @Test
  void byDefaultAWorkerStopsAtItsFirstFailedInsertAndTheLoadSaysSo() {
    Run r = Run.of("load", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=100", "-threads", "2");
    assertEquals(Ycsb.COULD_NOT_RUN, r.exitCode, r.toString());
    assertTrue(r.err.contains("ERROR: the load inserted 0 of 100 records (a worker stopped after a failed insert)"),
        r.err);
    assertEquals(2, r.count("INSERT-FAILED", "Operations"), "one failed insert per worker:\n" + r);
    assertEquals(2, r.count("INSERT-FAILED", "Return=ERROR"));
    assertTrue(r.err.contains("not every record was loaded"), r.err);
  }

  @Test
  void ignoreInsertErrorsGoesOnAndRetriesCountOnce() {
    Run r = Run.of("load", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=100", "-threads", "2",
        "-p", "ignoreinserterrors=true", "-p", "insertretrycount=2");
    assertEquals(Ycsb.COULD_NOT_RUN, r.exitCode, r.toString());
    assertTrue(r.err.contains("ERROR: the load inserted 0 of 100 records (100 inserts failed)"), r.err);
    assertEquals(100, r.count("INSERT-FAILED", "Operations"), r.toString());
    assertEquals(200, r.count("INSERT-FAILED", "Retries"), "two retries each, counted as one operation");
    assertEquals(100, r.count("OVERALL", "FailedOperations"));
  }
}
