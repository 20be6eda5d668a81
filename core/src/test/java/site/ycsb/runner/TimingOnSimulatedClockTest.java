package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * The engine's timing rules, proven exactly: every phase here runs on the simulated clock against
 * the simulated database (a model with a fixed service time, a pause, failures), so each figure has
 * one right value and no host can change it. Each rule holds on both paths, the blocking one and
 * the asynchronous one. The real-time tests keep only what real time alone can show (real
 * servers, stuck threads, signals, processes).
 */
class TimingOnSimulatedClockTest {
  private static final String DB = WatchedSimulatedDB.class.getName();
  private static final long MS = 1_000_000L;

  @BeforeEach
  void reset() {
    WatchedSimulatedDB.reset();
  }

  /** Runs the phase on a path with n operations at once. */
  private static Run run(EnginePath path, int atOnce, String... args) {
    String[] head = {"run", "-db", DB, "-P", "../workloads/workloada", "-p", "operationcount=0"};
    Run r = Run.of(EnginePath.concat(EnginePath.concat(head, path.atOnce(atOnce)), args));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  private static long most(Run r, String metric, String... sections) {
    long most = 0;
    for (String s : sections) {
      if (r.has(s, metric)) {
        most = Math.max(most, r.count(s, metric));
      }
    }
    return most;
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theWindowEndsAtTheDeadlineAndNothingAfterItCounts(EnginePath path) {
    // slots every 1 ms from 0 to 9.999 s, each call 5 ms: those due from 9.996 s end after the deadline
    Run r = run(path, 8, "-target", "1000", "-p", "simulated.servicetime=5ms", "-p", "maxexecutiontime=10");
    assertEquals(10_000, r.count("OVERALL", "RunTime(ms)"));
    assertEquals(9996, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(4, r.count("OVERALL", "DiscardedAfterDeadline"), r.toString());
    // the four cut off are shown at their lateness at the deadline: 4, 3, 2 and 1 ms
    assertEquals(4, r.count("Intended-UNFINISHED", "Operations"), r.toString());
    assertEquals(1000, r.count("Intended-UNFINISHED", "MinLatency(us)"));
    assertEquals(4000, r.count("Intended-UNFINISHED", "MaxLatency(us)"));
    assertEquals(5000, most(r, "MaxLatency(us)", "READ", "UPDATE"), r.toString());
    assertEquals(0, r.count("START-LAG", "MaxLatency(us)"), "every call starts at its slot");
    assertEquals(10_000, WatchedSimulatedDB.arrivals().length, "the database saw every slot's call");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theWarmupIsApartFromTheWindow(EnginePath path) {
    Run r = run(path, 4, "-target", "1000", "-p", "simulated.servicetime=1ms", "-p", "warmupexecutiontime=2000",
        "-p", "maxexecutiontime=5");
    assertEquals(2000, r.count("WARMUP", "Operations"), r.toString());
    assertEquals(2000, r.count("WARMUP", "RunTime(ms)"), r.toString());
    assertEquals(5000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(5000, r.count("OVERALL", "RunTime(ms)"));
    assertEquals(7000, WatchedSimulatedDB.arrivals().length);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void noMeasuredCallOverlapsAWarmupCall(EnginePath path) {
    // 3 ms calls: the last warm-up call, due at 1.999 s, ends at 2.002 s; the window opens then
    Run r = run(path, 4, "-target", "1000", "-p", "simulated.servicetime=3ms", "-p", "warmupexecutiontime=2000",
        "-p", "maxexecutiontime=5");
    assertEquals(2000, r.count("WARMUP", "Operations"), r.toString());
    assertEquals(2002, r.count("WARMUP", "RunTime(ms)"), r.toString());
    // the measured schedule starts at 2.002 s: its calls due from 7.000 s on end after the deadline
    assertEquals(4998, r.count("OVERALL", "Operations"), r.toString());
    long[] arrivals = WatchedSimulatedDB.arrivals();
    long first = arrivals[0];
    for (long a : arrivals) {
      long t = a - first;
      assertTrue(t < 2000 * MS || t >= 2002 * MS, "a call at " + t / 1e6 + " ms, between the warm-up and the window");
    }
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theOpenScheduleShowsAStallInTheIntendedLatency(EnginePath path) {
    // the database stalls from 2 s to 3 s: the call due at 2.000 s ends at 3.0001 s
    Run r = run(path, path == EnginePath.BLOCKING ? 1 : 2000, "-target", "1000",
        "-p", "simulated.servicetime=0.1ms", "-p", "simulated.pause=2s-3s", "-p", "maxexecutiontime=5");
    assertEquals(5000, r.count("OVERALL", "Operations"), "the open schedule keeps every slot:\n" + r);
    assertEquals(1_000_100, most(r, "MaxLatency(us)", "Intended-READ", "Intended-UPDATE"), r.toString());
    if (path == EnginePath.BLOCKING) {
      // one thread: the calls due during the stall start after it, and only their intended latency shows it
      assertEquals(999_100, r.count("START-LAG", "MaxLatency(us)"), r.toString());
    } else {
      // in flight: every call is sent on time, and the database holds it
      assertEquals(0, r.count("START-LAG", "MaxLatency(us)"), r.toString());
      assertEquals(1_000_100, most(r, "MaxLatency(us)", "READ", "UPDATE"), r.toString());
    }
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aStallRunningIntoTheDeadlineIsCountedAtItsLatenessThere(EnginePath path) {
    // the stall from 4 s to 7 s outlasts the 5 s window: the 1000 slots due in its last second never complete
    Run r = run(path, path == EnginePath.BLOCKING ? 1 : 2000, "-target", "1000",
        "-p", "simulated.servicetime=0.1ms", "-p", "simulated.pause=4s-7s", "-p", "maxexecutiontime=5");
    assertEquals(5000, r.count("OVERALL", "RunTime(ms)"));
    assertEquals(4000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(1000, r.count("Intended-UNFINISHED", "Operations"), r.toString());
    assertEquals(1000, r.count("Intended-UNFINISHED", "MinLatency(us)"));
    assertEquals(1_000_000, r.count("Intended-UNFINISHED", "MaxLatency(us)"));
    long notStarted = r.has("THROTTLE", "NotStarted") ? r.count("THROTTLE", "NotStarted") : 0;
    assertEquals(1000, notStarted + r.count("OVERALL", "DiscardedAfterDeadline"), r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theWindowedScheduleGivesUpWhatAStallHeldBackAndNeverBursts(EnginePath path) {
    String[] stall = {"-target", "1000", "-p", "simulated.servicetime=0.1ms", "-p", "simulated.pause=2s-3s",
        "-p", "maxexecutiontime=5"};
    Run windowed = run(path, 1, EnginePath.concat(stall, "-p", "throttlemode=windowed"));
    // the call due at 2.000 s waits the stall out; the 1000 slots due after it while it waited are given up
    assertEquals(4000, windowed.count("OVERALL", "Operations"), windowed.toString());
    assertEquals(1000, windowed.count("THROTTLE", "MissedSlots"), windowed.toString());
    assertEquals(100, mostCallsInAnyWindow(100 * MS), "a 100 ms window holds its share, 100, and no more");

    WatchedSimulatedDB.reset();
    Run open = run(path, 1, stall);
    assertEquals(5000, open.count("OVERALL", "Operations"), open.toString());
    // the open schedule sends its backlog at once: 0.1 ms calls back to back
    assertEquals(1000, mostCallsInAnyWindow(100 * MS), "the open schedule's burst after the stall");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aScheduleTheWorkerCannotKeepUpWithLeavesAtTheDeadlineOnlyWhatWasWithinTheTolerance(EnginePath path) {
    // one call at a time, 0.8 ms each, against a slot every 0.5 ms: the worker is never idle, and
    // every slot it reaches more than throttle.tolerance (50 ms) late is given up
    Run r = run(path, 1, "-target", "2000", "-p", "throttlemode=windowed", "-p", "simulated.servicetime=0.8ms",
        "-p", "maxexecutiontime=2");
    long ops = r.count("OVERALL", "Operations");
    long missed = r.count("THROTTLE", "MissedSlots");
    long left = r.count("THROTTLE", "NotStarted") + r.count("OVERALL", "DiscardedAfterDeadline");
    // 2 s of 0.8 ms calls; the schedule settles 50 ms behind, so the slots of the deadline's last
    // 50 ms are left (100, the tolerance's worth at 2000/s) and the rest of what was not sent, given up
    assertEquals(2500, ops, r.toString());
    assertEquals(100, left, r.toString());
    assertEquals(1400, missed, r.toString());
    assertEquals(4000, ops + missed + left, r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theWindowedScheduleDeliversItsTargetWhenTheDatabaseKeepsUp(EnginePath path) {
    Run r = run(path, 8, "-target", "2000", "-p", "throttlemode=windowed", "-p", "simulated.servicetime=1ms",
        "-p", "maxexecutiontime=3");
    // every slot is sent on time; the last, due at 2.9995 s, is answered after the deadline
    assertEquals(5999, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(1, r.count("OVERALL", "DiscardedAfterDeadline"), r.toString());
    assertEquals(0, most(r, "MissedSlots", "THROTTLE"), r.toString());
    assertEquals(200, mostCallsInAnyWindow(100 * MS));
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void loadProfilesOfferWhatTheirFormulasSay(EnginePath path) {
    // a ramp from 0 to 1000/s over 2 s offers 250 t^2 operations by t: the n-th call is due at sqrt(n / 250) s
    Run r = run(path, 4, "-p", "target.profile=stages:2s:1000,2s:0", "-p", "simulated.servicetime=1ms");
    assertEquals(2000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(4000, r.count("OVERALL", "RunTime(ms)"));
    long[] a = WatchedSimulatedDB.arrivals();
    for (int n : new int[] {1, 10, 250, 999, 1000}) {
      assertEquals(Math.sqrt(n / 250.0), (a[n] - a[0]) / 1e9, 1e-6, "call " + n);
    }
    // ... then down to 0 over the next 2 s: the last call is due where 2000 have been offered
    assertEquals(4 - Math.sqrt(1 / 250.0), (a[1999] - a[0]) / 1e9, 1e-6);

    WatchedSimulatedDB.reset();
    Run steps = run(path, 4, "-p", "target.profile=steps:1s:500,1s:1500", "-p", "maxexecutiontime=3",
        "-p", "simulated.servicetime=0.1ms");
    assertEquals(500 + 1500 + 1500, steps.count("OVERALL", "Operations"), steps.toString());

    WatchedSimulatedDB.reset();
    Run sine = run(path, 4, "-p", "target.profile=sine:mean=1000,amplitude=500,period=1s", "-p", "maxexecutiontime=2",
        "-p", "simulated.servicetime=0.1ms");
    assertEquals(2000, sine.count("OVERALL", "Operations"), "whole periods offer the mean:\n" + sine);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aProfileEndingAtZeroEndsTheWindowAtItsEnd(EnginePath path) {
    // 0 to 200/s in 1 s, 200/s for 1 s, down to 0 in 1 s: 400 operations, the load ends at 3 s
    Run r = run(path, 4, "-p", "target.profile=stages:1s:200,1s:200,1s:0", "-p", "simulated.servicetime=1ms");
    assertEquals(400, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(3000, r.count("OVERALL", "RunTime(ms)"), r.toString());
    assertEquals(400.0 / 3, r.get("OVERALL", "Throughput(ops/sec)"), 1e-9);
    // with a deadline before the load's end, the deadline ends it
    Run cut = run(path, 4, "-p", "target.profile=stages:1s:200,1s:200,1s:0", "-p", "simulated.servicetime=1ms",
        "-p", "maxexecutiontime=2");
    assertEquals(2000, cut.count("OVERALL", "RunTime(ms)"), cut.toString());
    assertEquals(300, cut.count("OVERALL", "Operations"), cut.toString());
    // a rate too low for a second operation in the window: the window still lasts to its deadline
    Run slow = run(path, 4, "-target", "0.01", "-p", "maxexecutiontime=3");
    assertEquals(3000, slow.count("OVERALL", "RunTime(ms)"), slow.toString());
    assertEquals(1, slow.count("OVERALL", "Operations"), slow.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aCallStuckPastTheDeadlineIsLeftAfterThreadstoptimeout(EnginePath path) {
    // the database stalls from 1 s to 100 s; the window ends at 2 s and the phase waits 0.5 s more
    Run r = run(path, 1, "-target", "100", "-p", "simulated.servicetime=1ms", "-p", "simulated.pause=1s-100s",
        "-p", "maxexecutiontime=2", "-p", "threadstoptimeout=0.5");
    assertEquals(2000, r.count("OVERALL", "RunTime(ms)"), r.toString());
    assertEquals(100, r.count("OVERALL", "Operations"), r.toString());
    if (path == EnginePath.BLOCKING) {
      assertEquals(1, r.count("OVERALL", "AbandonedThreads"), r.toString());
    } else {
      assertEquals(1, r.count("OVERALL", "AbandonedOperations"), r.toString());
    }
    // the call due at 1 s is shown at its lateness at the deadline, 1 s; the 100 slots after it never started
    assertEquals(1_000_000, r.count("Intended-UNFINISHED", "MaxLatency(us)"), r.toString());
    assertEquals(100, r.count("Intended-UNFINISHED", "Operations"), r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void poissonArrivalsHaveExponentialGapsAtTheTarget(EnginePath path) {
    run(path, 4, "-target", "1000", "-p", "target.arrivals=poisson", "-p", "target.seed=7",
        "-p", "simulated.servicetime=0.1ms", "-p", "maxexecutiontime=10");
    long[] a = WatchedSimulatedDB.arrivals();
    // 10 s at 1000/s: a Poisson count of mean 10000 (standard deviation 100)
    assertTrue(Math.abs(a.length - 10_000) < 400, a.length + " calls");
    double[] gaps = new double[a.length - 1];
    for (int i = 1; i < a.length; i++) {
      gaps[i - 1] = (a[i] - a[i - 1]) / 1e6;
    }
    java.util.Arrays.sort(gaps);
    // Kolmogorov-Smirnov distance to the exponential distribution of mean 1 ms
    double d = 0;
    for (int i = 0; i < gaps.length; i++) {
      double f = 1 - Math.exp(-gaps[i]);
      d = Math.max(d, Math.max(Math.abs(f - (double) i / gaps.length), Math.abs(f - (double) (i + 1) / gaps.length)));
    }
    assertTrue(d < 1.63 / Math.sqrt(gaps.length), "KS distance " + d + " over " + gaps.length + " gaps");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void failedCallsAreRetriedAndCountedApart(EnginePath path) {
    // every call fails; two retries each: three 1 ms calls, but none retried after the deadline
    Run r = run(path, 4, "-target", "1000", "-p", "simulated.failurerate=1", "-p", "readretrycount=2",
        "-p", "readproportion=1", "-p", "updateproportion=0", "-p", "maxexecutiontime=2");
    assertEquals(2000, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(2000, r.count("OVERALL", "FailedOperations"), r.toString());
    assertEquals(2000, r.count("READ-FAILED", "Return=ERROR"), r.toString());
    assertEquals(3000, r.count("READ-FAILED", "MaxLatency(us)"), "three calls, each answered in 1 ms");
    assertEquals(0, r.has("READ", "Operations") ? r.count("READ", "Operations") : 0, r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aReadModifyWriteTakesItsTwoCallsAndNoMore(EnginePath path) {
    // on the asynchronous path under a target, the write follows the read at once, not at the next slot
    Run r = run(path, 4, "-target", "1000", "-p", "readproportion=0", "-p", "updateproportion=0",
        "-p", "readmodifywriteproportion=1", "-p", "maxexecutiontime=2");
    assertEquals(2000, r.count("READ-MODIFY-WRITE", "MinLatency(us)"), r.toString());
    assertEquals(2000, r.count("READ-MODIFY-WRITE", "MaxLatency(us)"), r.toString());
    assertEquals(2000, r.count("Intended-READ-MODIFY-WRITE", "MaxLatency(us)"), r.toString());
  }

  @Test
  void aStartTimeIsWaitedForOnTheVirtualClockToo() {
    // a minute ahead: waited in virtual time, to the millisecond, then the phase runs as without it
    Run r = run(EnginePath.BLOCKING, 1, "-target", "100", "-p", "operationcount=100",
        "-p", "starttime=" + (System.currentTimeMillis() + 60_000));
    assertEquals(100, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(991, r.count("OVERALL", "RunTime(ms)"), "the last call, due at 990 ms, answered 1 ms later");
  }

  @Test
  void aLongPhaseTakesAMomentAndGivesTheSameLatenciesEveryTime() {
    // two minutes at 2000/s against exponential service times drawn from the model's seed
    String[] args = {"-target", "2000", "-p", "simulated.servicetime=2ms", "-p", "simulated.servicedistribution=exponential",
        "-p", "maxexecutiontime=120"};
    // one worker: the model draws from one stream per worker, and which worker takes which slot is the host's choice
    Run first = run(EnginePath.ASYNCHRONOUS, 63, args);
    Run second = run(EnginePath.ASYNCHRONOUS, 63, args);
    assertEquals(240_000, first.count("OVERALL", "Operations") + first.count("OVERALL", "DiscardedAfterDeadline"));
    // which calls are reads is the workload's draw, not the model's: the calls' latencies are the model's
    for (String m : new String[] {"Operations", "AverageLatency(us)", "99thPercentileLatency(us)", "MaxLatency(us)"}) {
      assertEquals(first.get("ALL", m), second.get("ALL", m), "ALL " + m);
    }
    assertEquals(2000, first.get("ALL", "AverageLatency(us)"), 40, "the model's mean service time");
  }

  /** @return the most calls the database saw in any window of the given length */
  private static int mostCallsInAnyWindow(long windowNanos) {
    long[] a = WatchedSimulatedDB.arrivals();
    int most = 0;
    int from = 0;
    for (int to = 0; to < a.length; to++) {
      while (a[to] - a[from] >= windowNanos) {
        from++;
      }
      most = Math.max(most, to - from + 1);
    }
    return most;
  }
}
