package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * The run-phase distortions the source documents found, each shown to be absent: warm-up in the
 * results, operations lost to integer division, counts that do not add up, a stuck driver call
 * hanging the process. The timing rules (windows longer than configured, a timed warm-up, stalls
 * hidden by coordinated omission, the windowed schedule) are proven exactly on the simulated clock
 * ({@link TimingOnSimulatedClockTest}); what stays here is what real threads show.
 * Each holds on both paths: the blocking one and the asynchronous one ({@code inflight}), where
 * a number of operations at once is made by two threads keeping half of them in flight each.
 */
class RunPhaseSemanticsTest {
  private static final String DB = ScriptedDB.class.getName();
  private static final String WORKLOAD = "../workloads/workloada";

  @BeforeEach
  void reset() {
    ScriptedDB.reset();
  }

  /** Runs the phase on a path with n operations at once. */
  private static Run run(EnginePath path, int atOnce, String... args) {
    String[] head = {"run", "-db", DB, "-P", WORKLOAD};
    return Run.of(concat(concat(head, path.atOnce(atOnce)), args));
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  @Timeout(30)
  void aDriverCallThatNeverReturnsDoesNotHangTheProcess(EnginePath path) {
    long t0 = System.nanoTime();
    Run r = run(path, 4, "-p", "operationcount=0",
        "-p", "maxexecutiontime=1", "-p", "threadstoptimeout=1", "-p", "scripted.hangonce=true",
        "-p", "scripted.delayms=1");
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(0, r.exitCode, r.toString());
    // a blocking worker is stuck inside the call; an asynchronous one leaves the operation behind
    assertEquals(path == EnginePath.BLOCKING ? 1 : 0, r.count("OVERALL", "AbandonedThreads"), r.toString());
    if (path != EnginePath.BLOCKING) {
      assertEquals(1, r.count("OVERALL", "AbandonedOperations"), r.toString());
    }
    assertTrue(r.count("OVERALL", "Operations") > 0, r.toString());
    assertEquals(1000, r.count("OVERALL", "RunTime(ms)"), 5);
    assertTrue(seconds < 10, "took " + seconds + " s");
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void warmupOperationsAreNotInTheResults(EnginePath path) {
    Run r = run(path, 7, "-p", "operationcount=1000",
        "-p", "warmupoperationcount=333", "-p", "scripted.delayms=0.05");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(333, r.count("WARMUP", "Operations"), r.toString());
    assertEquals(1000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(1000, r.count("READ", "Operations") + r.count("UPDATE", "Operations"), r.toString());
    assertEquals(1333, ScriptedDB.CALLS.get(), "the database saw warm-up and measured calls");
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void operationCountIsSplitExactlyOverThreads(EnginePath path) {
    Run r = run(path, 16, "-p", "operationcount=100",
        "-p", "scripted.delayms=1");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(100, r.count("OVERALL", "Operations"));
    assertEquals(100, ScriptedDB.CALLS.get());
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void moreThreadsThanOperations(EnginePath path) {
    Run r = run(path, 50, "-p", "operationcount=7");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(7, r.count("OVERALL", "Operations"));
    assertEquals(7, ScriptedDB.CALLS.get());
  }

  @ParameterizedTest
  @EnumSource(EnginePath.class)
  void returnCodeCountsAlwaysSumToOperations(EnginePath path) {
    Run r = run(path, 8, "-p", "operationcount=20000",
        "-p", "scripted.failures=0.3", "-p", "readretrycount=1");
    assertEquals(0, r.exitCode, r.toString());
    long total = 0;
    for (String op : new String[] {"READ", "UPDATE"}) {
      // [READ] lists the codes of all calls, as upstream does; [READ-FAILED] those of its own
      long calls = r.count(op, "Operations") + r.count(op + "-FAILED", "Operations");
      assertEquals(calls, r.returnCodes(op), op + " in\n" + r);
      assertEquals(r.count(op + "-FAILED", "Operations"), r.returnCodes(op + "-FAILED"), op + "-FAILED in\n" + r);
      total += calls;
    }
    assertEquals(20000, total, "every operation is counted once, retried or not");
    assertEquals(20000, r.count("OVERALL", "Operations"));
    assertTrue(r.count("READ-FAILED", "Return=ERROR") > 0, "exceptions count as ERROR");
    assertTrue(r.count("READ", "Retries") + r.count("READ-FAILED", "Retries") > 0, r.toString());
    assertTrue(r.err.contains("scripted exception"), "the cause is logged");
    assertEquals(1, r.err.split("scripted exception", -1).length - 1, "logged once per distinct cause:\n" + r.err);
  }

  private static String[] concat(String[] a, String... b) {
    return EnginePath.concat(a, b);
  }
}
