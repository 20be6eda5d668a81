package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every figure of a summary comes from a window that happened. A profile whose last rate is 0
 * ends the load, and the window, at the profile's end (or later, when the last operations
 * complete after it); a slot past the deadline keeps the window running to the deadline. Over a
 * grid of profiles that reach 0 and of tiny and huge rates, on both paths, the reported run time is
 * never longer than the run itself took, and the throughput is the operations over that run time.
 */
class WindowThatHappenedTest {
  @ParameterizedTest(name = "{0} {1} inflight={2}")
  @CsvSource(delimiter = '|', value = {
      // profile                                  | maxexecutiontime (s) | inflight | operations | window (ms) | ended by
      "stages:300ms:200,300ms:0                   |   | 0 | 60   | 600  | target.profile",
      "stages:300ms:200,300ms:0                   |   | 4 | 60   | 600  | target.profile",
      "stages:200ms:100,200ms:100,200ms:0         |   | 0 | 40   | 600  | target.profile",
      "stages:300ms:200,0s:0                      |   | 4 | 30   | 300  | target.profile",
      "steps:300ms:200,200ms:0                    |   | 0 | 60   | 500  | target.profile",
      "steps:300ms:200,200ms:0                    |   | 4 | 60   | 500  | target.profile",
      "stages:300ms:200,300ms:0,400ms:0           |   | 0 | 60   | 1000 | target.profile",
      "stages:300ms:200,300ms:0                   | 2 | 0 | 60   | 600  | target.profile",
      "stages:300ms:200,300ms:0                   | 2 | 4 | 60   | 600  | target.profile",
      "steps:1s:100,1s:0                          | 1 | 0 | 100  | 1000 | maxexecutiontime",
      "constant:0.001                             | 1 | 0 | 1    | 1000 | maxexecutiontime",
      "constant:0.001                             | 1 | 4 | 1    | 1000 | maxexecutiontime",
      "sine:mean=0.5,amplitude=0.5,period=10s     | 1 | 0 | 1    | 1000 | maxexecutiontime",
  })
  void theReportedWindowIsTheOneThatRan(String profile, String seconds, int inflight, long operations,
                                         long windowMillis, String endedBy) {
    List<String> args = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada",
        "-p", "basicdb.verbose=false", "-p", "operationcount=100000", "-p", "target.profile=" + profile.strip()));
    if (seconds != null) {
      args.addAll(List.of("-p", "maxexecutiontime=" + seconds.strip()));
    }
    Timed timed = runTimed(args, inflight);
    Run r = timed.run;
    long livedMillis = timed.livedMillis;
    long runtime = r.count("OVERALL", "RunTime(ms)");
    if ("maxexecutiontime".equals(endedBy.strip())) {
      // a busy host may finish the last call after the deadline: exact counts are the simulated clock's
      // (TimingOnSimulatedClockTest); here, what only real time shows: the window that was reported ran
      assertTrue(r.count("OVERALL", "Operations") <= operations && r.count("OVERALL", "Operations") >= 1, r.toString());
    } else {
      // without a deadline the open schedule runs every slot the profile offered, however late
      assertEquals(operations, r.count("OVERALL", "Operations"), r.toString());
    }
    // at least the window asked for; more only when the last operations completed after it
    assertTrue(runtime >= windowMillis && runtime <= livedMillis,
        "run time " + runtime + " ms, window " + windowMillis + " ms, the run took " + livedMillis + " ms\n" + r);
    if ("maxexecutiontime".equals(endedBy.strip())) {
      assertEquals(windowMillis, runtime, r.toString());
    }
    assertThroughputOf(r.count("OVERALL", "Operations"), runtime, r);
    assertTrue(r.err.lines().noneMatch(l -> l.startsWith("ERROR")), r.err);
  }

  @ParameterizedTest(name = "target={0} inflight={1}")
  @CsvSource({"10000000, 0", "10000000, 4", "2000, 0", "0.001, 4"})
  void aRunByTimeAtAnyRateReportsItsDeadline(String target, int inflight) {
    List<String> args = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada",
        "-p", "basicdb.verbose=false", "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-target", target));
    Timed timed = runTimed(args, inflight);
    Run r = timed.run;
    long livedMillis = timed.livedMillis;
    long runtime = r.count("OVERALL", "RunTime(ms)");
    assertEquals(1000, runtime, r.toString());
    assertTrue(runtime <= livedMillis, "the run took " + livedMillis + " ms\n" + r);
    assertThroughputOf(r.count("OVERALL", "Operations"), runtime, r);
  }

  /** A run and how long it really took. */
  private record Timed(Run run, long livedMillis) {
  }

  /** Runs the phase, on the asynchronous path when {@code inflight} is above 0, and times it. */
  private static Timed runTimed(List<String> args, int inflight) {
    if (inflight > 0) {
      args.addAll(List.of("-inflight", Integer.toString(inflight)));
    }
    long t0 = System.nanoTime();
    Run r = Run.of(args.toArray(new String[0]));
    long livedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertEquals(0, r.exitCode, r.toString());
    return new Timed(r, livedMillis);
  }

  /** The throughput is the operations over the run time (which is printed in whole milliseconds, rounded down). */
  private static void assertThroughputOf(long operations, long runtimeMillis, Run r) {
    double throughput = r.get("OVERALL", "Throughput(ops/sec)");
    assertTrue(throughput <= operations * 1000.0 / runtimeMillis + 1e-9
        && throughput >= operations * 1000.0 / (runtimeMillis + 1) - 1e-9, throughput + " ops/s\n" + r.out);
  }
}
