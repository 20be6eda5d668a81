package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.cli.Ycsb;

/**
 * What only the asynchronous path has: an open schedule that keeps sending during a stall up to
 * the in-flight limit, retries whose waits keep no thread asleep, and clear refusals of what it
 * cannot run. (What both paths share is tested on both in {@link RunPhaseSemanticsTest}.)
 */
class AsyncPathTest {
  private static final String DB = ScriptedDB.class.getName();
  private static final String WORKLOAD = "../workloads/workloada";

  @BeforeEach
  void reset() {
    ScriptedDB.reset();
  }

  /**
   * A 1 s pause of the database 1 s into a 3 s run at 200 ops/s: 200 slots fall due during it. On
   * the simulated clock against the simulated database, so every count is exact.
   */
  private static Run pausedRun(int inflight) {
    WatchedSimulatedDB.reset();
    return Run.of("run", "-db", WatchedSimulatedDB.class.getName(), "-P", WORKLOAD, "-threads", "1",
        "-inflight", Integer.toString(inflight), "-target", "200", "-p", "operationcount=0", "-p", "maxexecutiontime=3",
        "-p", "simulated.pause=1s-2s", "-p", "simulated.servicetime=1ms");
  }

  /** @return calls that reached the database while it paused */
  private static long sentDuringPause() {
    long[] a = WatchedSimulatedDB.arrivals();
    return java.util.Arrays.stream(a).filter(t -> t - a[0] >= 1_000_000_000L && t - a[0] < 2_000_000_000L).count();
  }

  /** The longest latency of either kind of call workloada sends: the call that met the pause is either. */
  private static double maxOfReadsAndUpdates(Run r, String prefix) {
    return Math.max(r.get(prefix + "READ", "MaxLatency(us)"), r.get(prefix + "UPDATE", "MaxLatency(us)"));
  }

  private static long limitWaits(Run r) {
    return r.out.contains("[THROTTLE], InFlightLimitWaits") ? r.count("THROTTLE", "InFlightLimitWaits") : 0;
  }

  @Test
  void theOpenScheduleKeepsSendingDuringAStallAndTheStallShowsInIntendedLatency() {
    Run r = pausedRun(1000);
    assertEquals(0, r.exitCode, r.toString());
    // the schedule, not the completions, decides when operations are sent: all 200 of the pause
    assertEquals(200, sentDuringPause());
    assertEquals(0, limitWaits(r), r.toString());
    // the call due when the pause began is answered 1 ms after it ends
    assertEquals(1_001_000, maxOfReadsAndUpdates(r, "Intended-"));
    // every slot of the window completed: the backlog was sent as it fell due, not after the stall
    assertEquals(600, r.count("OVERALL", "Operations"), r.toString());
  }

  @Test
  void atTheInFlightLimitOperationsWaitAndTheWaitIsCountedAndShown() {
    Run r = pausedRun(40);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(40, sentDuringPause(), "at most the limit is sent during the pause");
    // the slots due from 1.200 s (the 41st of the pause) to 2.000 s found every place taken
    assertEquals(161, limitWaits(r), r.toString());
    assertEquals(1_001_000, maxOfReadsAndUpdates(r, "Intended-"), "the wait shows from the intended start");
    assertEquals(1_001_000, maxOfReadsAndUpdates(r, ""), "the call sent when the pause began took it all");
    assertEquals(600, r.count("OVERALL", "Operations"), r.toString());
  }

  /**
   * A server that holds a reply until this client acknowledges its last one (Nagle's algorithm on
   * its side), on the simulated clock: 16 places, 0.2 ms per call, no target. A worker that kept
   * waiting for a batch of completions would send nothing while the replies it waits for are
   * held, once per turn of its wait; one that refills on every completion once a batch came back
   * short keeps the server as busy as 16 calls in flight can, 80,000 a second.
   */
  @Test
  void aServerHoldingRepliesUntilItsLastIsAcknowledgedKeepsEveryPlaceBusy() {
    Run r = Run.of("run", "-db", NagleSimulatedDB.class.getName(), "-P", WORKLOAD, "-threads", "1",
        "-inflight", "16", "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-p", "readproportion=1",
        "-p", "updateproportion=0", "-p", "simulated.servicetime=200us");
    assertEquals(0, r.exitCode, r.toString());
    long ops = r.count("OVERALL", "Operations");
    assertTrue(ops >= 76_000 && ops <= 80_000, "16 places of 0.2 ms for 1 s: " + ops + "\n" + r);
  }

  @Test
  @Timeout(20)
  void retryWaitsAreScheduledNotSlept() {
    // 40 reads that all fail, each retried once after 500 ms: slept one after the other they
    // would take 20 s on one thread; scheduled, they wait side by side
    Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-threads", "1", "-inflight", "40",
        "-p", "operationcount=40", "-p", "readproportion=1", "-p", "updateproportion=0",
        "-p", "scripted.failures=1", "-p", "readretrycount=1", "-p", "retrydelay=500");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(40, r.count("OVERALL", "Operations"), "each retried operation counts once\n" + r);
    assertEquals(40, r.count("READ-FAILED", "Operations"), r.toString());
    assertEquals(40, r.count("READ-FAILED", "Retries"), r.toString());
    assertTrue(r.get("READ-FAILED", "MinLatency(us)") >= 500_000, "latency includes the retry: " + r);
    assertTrue(r.count("OVERALL", "RunTime(ms)") < 3000, r.toString());
    assertEquals(80, ScriptedDB.CALLS.get());
  }

  @Test
  void aRunOfReadModifyWritesAndInsertsCountsEveryCallAndOperation() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloadf", "-threads", "2", "-inflight", "8",
        "-p", "operationcount=2000", "-p", "recordcount=100", "-p", "insertproportion=0.2",
        "-p", "readproportion=0.4", "-p", "readmodifywriteproportion=0.4", "-p", "scripted.delayms=0.2");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(2000, r.count("OVERALL", "Operations"), r.toString());
    long rmw = r.count("READ-MODIFY-WRITE", "Operations");
    long reads = r.count("READ", "Operations");
    long inserts = r.count("INSERT", "Operations");
    // a read-modify-write is one operation of two calls, a read and an update
    assertEquals(2000, reads + inserts, r.toString());
    assertEquals(rmw, r.count("UPDATE", "Operations"), r.toString());
    assertEquals(reads + rmw + inserts, ScriptedDB.CALLS.get());
  }

  @Test
  @Timeout(30)
  void aBufferingBindingIsFlushedWheneverTheWorkerWaits() {
    // the binding sends nothing until flush(): a worker that never flushed would time out here
    Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-threads", "2", "-inflight", "16", "-p", "operationcount=2000",
        "-p", "maxexecutiontime=10", "-p", "scripted.bufferuntilflush=true", "-p", "scripted.delayms=0.1",
        "-p", "warmupoperationcount=100");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(2000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(100, r.count("WARMUP", "Operations"), r.toString());
    assertTrue(r.count("OVERALL", "RunTime(ms)") < 5000, r.toString());
  }

  @Test
  @Timeout(30)
  void aBindingWhoseIoTheWorkerRunsCompletesEveryOperationOnTheWorkersThread() {
    // replies complete only when the worker runs the binding's I/O, and only from its own thread
    Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-threads", "2", "-inflight", "8", "-p", "operationcount=3000",
        "-p", "maxexecutiontime=10", "-p", "scripted.workerio=worker", "-p", "scripted.delayms=0.2",
        "-p", "warmupoperationcount=100", "-p", "scripted.failures=0.1");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(3000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(100, r.count("WARMUP", "Operations"), r.toString());
    assertEquals(3100, ScriptedDB.CALLS.get());
    assertTrue(ScriptedDB.IO_RUNS.get() > 0);
    assertEquals(0, ScriptedDB.IO_RUNS_ELSEWHERE.get(), "the binding's I/O ran on a thread other than its worker's");
    assertTrue(r.count("OVERALL", "FailedOperations") > 0, r.toString());
  }

  @Test
  @Timeout(60)
  void anOperationCompletedOutsideTheWorkersIoWakesTheWorker() {
    // every call completes on another thread; the worker waits inside the binding's I/O, which
    // only wake() ends early: without it each of the 300 operations would wait out the 100 ms bound
    Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-threads", "1", "-inflight", "1", "-p", "operationcount=300",
        "-p", "maxexecutiontime=50", "-p", "scripted.workerio=foreign", "-p", "scripted.delayms=0.2");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(300, r.count("OVERALL", "Operations"), r.toString());
    assertTrue(r.count("OVERALL", "RunTime(ms)") < 10_000, r.toString());
  }

  @Test
  @Timeout(60)
  void completingThreadsStandInForTheWorkerAndDrawWhatItWouldHaveDrawn(@TempDir Path dir) throws Exception {
    // at saturation a binding callable from its completing threads has them plan and send the
    // next operations in the worker's place: the same operations for the same seed, each counted once
    List<List<String>> drawn = new ArrayList<>();
    for (boolean standIn : new boolean[] {false, true}) {
      ScriptedDB.reset();
      Path log = dir.resolve("calls-" + standIn);
      Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-threads", "1", "-inflight", "8", "-p", "operationcount=6000",
          "-p", "warmupoperationcount=500", "-p", "seed=7", "-p", "scripted.delayms=0.05", "-p", "scripted.calllog=" + log,
          "-p", "scripted.callablefromcompletions=" + standIn);
      assertEquals(0, r.exitCode, r.toString());
      assertEquals(6000, r.count("OVERALL", "Operations"), r.toString());
      assertEquals(6000, r.count("READ", "Operations") + r.count("UPDATE", "Operations"), r.toString());
      assertEquals(500, r.count("WARMUP", "Operations"), r.toString());
      assertEquals(6500, ScriptedDB.CALLS.get());
      if (standIn) {
        assertTrue(ScriptedDB.CALLS_FROM_COMPLETERS.get() > 0, "no completing thread stood in for the worker");
      } else {
        assertEquals(0, ScriptedDB.CALLS_FROM_COMPLETERS.get(), "a completing thread called the binding");
      }
      List<String> calls = new ArrayList<>(Files.readAllLines(log));
      assertEquals(6500, calls.size());
      java.util.Collections.sort(calls);
      drawn.add(calls);
    }
    assertTrue(drawn.get(0).equals(drawn.get(1)), "the same seed drew other operations when completing threads planned"
        + " them: " + drawn.get(0).stream().filter(c -> !drawn.get(1).contains(c)).limit(3).toList());
  }

  @Test
  void aBindingWithoutAnAsynchronousSideIsRefused() {
    // written against upstream's API only
    String upstream = site.ycsb.cli.UpstreamStyleDB.class.getName();
    Run r = Run.of("run", "-db", upstream, "-P", WORKLOAD, "-inflight", "4", "-p", "operationcount=10");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
    assertTrue(r.err.contains("inflight") && r.err.contains(upstream) && r.err.contains("asynchronous"), r.err);
    assertEquals("", r.out);
  }

  @Test
  void oneThreadKeepsManyOperationsOfTheBasicBindingInFlight() {
    // 1000 calls of 20 ms: one at a time they take 20 s; 100 in flight on one thread, about 0.2 s
    Run r = Run.of("run", "basic", "-P", WORKLOAD, "-threads", "1", "-inflight", "100", "-p", "operationcount=1000",
        "-p", "basicdb.simulatedelay=20", "-p", "basicdb.randomizedelay=false", "-p", "basicdb.verbose=false",
        "-p", "basicdb.count=true");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(1000, r.count("READ", "Operations") + r.count("UPDATE", "Operations"), r.toString());
    assertEquals(100, r.count("OVERALL", "InFlightPerThread"), r.toString());
    assertTrue(r.count("OVERALL", "RunTime(ms)") < 2000, r.toString());
    assertTrue(r.get("READ", "MinLatency(us)") >= 20_000, "each call still took its 20 ms:\n" + r);
  }

  @Test
  void badInFlightValuesAreRefused() {
    for (String bad : new String[] {"-1", "many", "2.5"}) {
      Run r = Run.of("run", "-db", DB, "-P", WORKLOAD, "-inflight", bad, "-p", "operationcount=10");
      assertEquals(Ycsb.BAD_INPUT, r.exitCode, bad + ": " + r);
      assertEquals(1, r.err.strip().lines().count(), r.err);
      assertTrue(r.err.contains("inflight"), r.err);
    }
    Run missing = Run.of("run", "-db", DB, "-P", WORKLOAD, "-inflight");
    assertEquals(Ycsb.BAD_INPUT, missing.exitCode, missing.toString());
  }
}
