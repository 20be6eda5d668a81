package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * throttlemode=windowed delivers its target while workers are held up now and then (calls of
 * exponential service time), never holds more starts in a 100 ms window than the share plus its
 * allowance (10% of it by default) and one per worker, and holds under a changing rate too; on
 * the simulated clock, so each bound is checked where no host can move it. The Redis module checks
 * the same against a real server, with a stall.
 */
class WindowedThrottleTest {
  @BeforeEach
  void reset() {
    WatchedSimulatedDB.reset();
  }

  private static Run run(EnginePath path, int atOnce, String... more) {
    // on the simulated clock: the exponential service times make workers late now and then, as a
    // busy host does, and the figures are the model's whatever this host is doing
    List<String> a = new ArrayList<>(List.of("run", "-db", WatchedSimulatedDB.class.getName(), "-P",
        "../workloads/workloadc", "-p", "operationcount=0", "-p", "throttlemode=windowed",
        "-p", "simulated.servicetime=0.2ms", "-p", "simulated.servicedistribution=exponential"));
    a.addAll(Arrays.asList(path.atOnce(atOnce)));
    a.addAll(Arrays.asList(more));
    Run r = Run.of(a.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  /** @return the most starts a 100 ms window may hold: its share, the default allowance, one per worker */
  static long bound(long share, int workers) {
    return (long) Math.ceil(share * (1 + ThrottleSettings.DEFAULT_ALLOWANCE)) + workers;
  }

  static long mostStartsInAnyWindow(long windowNanos) {
    long[] sorted = WatchedSimulatedDB.arrivals();
    long most = 0;
    int from = 0;
    for (int i = 0; i < sorted.length; i++) {
      while (sorted[i] - sorted[from] >= windowNanos) {
        from++;
      }
      most = Math.max(most, i - from + 1);
    }
    return most;
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void theTargetIsDeliveredOnBusyCoresAndNoWindowIsCrowded(EnginePath path) throws Exception {
    Run r = run(path, 8, "-target", "2000", "-p", "maxexecutiontime=3");
    int workers = Integer.parseInt(path.atOnce(8)[1]);
    long ops = r.count("OVERALL", "Operations");
    // 99% where the machine is not shared; 96.9% was measured here with other builds at load average 11
    assertTrue(ops >= 0.95 * 6000, "at least 95% of 3 s at 2000/s: " + ops + "\n" + r);
    long most = mostStartsInAnyWindow(100_000_000L);
    assertTrue(most <= bound(200, workers), "at most " + bound(200, workers) + " starts in any 100 ms: " + most);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void withoutTheAllowanceAWindowHoldsItsShareAndOnePerWorker(EnginePath path) throws Exception {
    // throttle.allowance=0 is the strict rule: nothing beyond one start per worker, even catching up
    Run r = run(path, 8, "-target", "2000", "-p", "maxexecutiontime=2", "-p", "throttle.allowance=0");
    int workers = Integer.parseInt(path.atOnce(8)[1]);
    long most = mostStartsInAnyWindow(100_000_000L);
    assertTrue(most <= 200 + workers, "at most 200 + " + workers + " starts in any 100 ms: " + most);
    assertTrue(r.count("OVERALL", "Operations") >= 0.9 * 4000, r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aRampIsWindowedToItsShareOfTheMoment(EnginePath path) {
    // 0 to 4000/s over 2 s, then 4000/s: a 100 ms window's share grows from 0 to 400
    Run r = run(path, 8, "-p", "target.profile=stages:2s:4000", "-p", "maxexecutiontime=3");
    int workers = Integer.parseInt(path.atOnce(8)[1]);
    long offered = 4000 + 4000;
    assertTrue(r.count("OVERALL", "Operations") >= 0.98 * offered, r.toString());
    long most = mostStartsInAnyWindow(100_000_000L);
    assertTrue(most <= bound(400, workers), "at most " + bound(400, workers) + " starts in any 100 ms: " + most);
  }
}
