package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.runner.ThrottleSettings;
import site.ycsb.testsupport.BusyCores;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * throttlemode=windowed against a real redis-server with 8 workers, on the blocking path and with
 * -inflight, while one spinning thread per core keeps the machine busy: the target is delivered,
 * no 100 ms window holds more than its share plus the gate's allowance (10% of the share, and one
 * start per two workers) plus one start per worker (a start delayed between the gate and the
 * server), and a 1 s stall (CLIENT PAUSE) is not followed by a catch-up burst.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisWindowedThrottleTest {
  private static final int WORKERS = 8;
  /** Starts the windowed gate lets through beyond a window's share: one per two workers. */
  private static final int GATE_ALLOWANCE = WORKERS / 2;
  private static RedisServer server;

  @BeforeAll
  static void startAndLoad() {
    server = RedisServer.start();
    YcsbRun load = YcsbRun.execute("load", "redis", "-P", YcsbRun.workload("workloadc").toString(),
        "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(), "-p", "recordcount=1000",
        "-threads", "4");
    assertEquals(0, load.exitCode(), load.describe());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @BeforeEach
  void reset() {
    StartLoggingRedis.reset();
  }

  /** The most starts a 100 ms window may hold at the server. */
  private static long bound(long share) {
    return (long) Math.ceil(share * (1 + ThrottleSettings.DEFAULT_ALLOWANCE)) + GATE_ALLOWANCE + WORKERS;
  }

  private static YcsbRun run(boolean async, double target, int seconds, String... more) {
    List<String> args = new ArrayList<>(List.of("run", StartLoggingRedis.class.getName(),
        "-P", YcsbRun.workload("workloadc").toString(),
        "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(), "-p", "recordcount=1000",
        "-p", "operationcount=0", "-p", "maxexecutiontime=" + seconds, "-p", "throttlemode=windowed",
        "-threads", Integer.toString(WORKERS), "-target", Double.toString(target)));
    args.addAll(List.of(more));
    if (async) {
      args.addAll(List.of("-inflight", "4"));
    }
    YcsbRun r = YcsbRun.execute(args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.describe());
    return r;
  }

  private static long mostStartsInAnyWindow(long[] sorted, long windowNanos) {
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

  /*
   * 20000/s: one start per worker beyond the share (0.4% of it) was not enough. The spinning threads
   * hold every worker off the cores for a few ms many times a second, and a schedule that fell
   * behind could win its lateness back only that fast, less the wake-up of each start the full window
   * held back: it reached throttle.tolerance and gave slots up (96-99% delivered here; 88-98% with 2%,
   * 97.8-99.9% with 5%). The 10% allowance delivered 99.87-99.99%. Measured after a 2 s warm-up (the schedule starts
   * afresh with the measured window), so the first calls' compilation is not what is measured.
   */
  @ParameterizedTest(name = "inflight={0}, {1} ops/s")
  @CsvSource({"false, 2000", "true, 2000", "false, 20000", "true, 20000"})
  void theTargetIsDeliveredOnBusyCores(boolean async, int target) throws Exception {
    YcsbRun r;
    YcsbRun open = null;
    long ops;
    long most;
    try (BusyCores busy = new BusyCores()) {
      r = run(async, target, 4, "-p", "warmupexecutiontime=2000");
      ops = r.results().getLong("OVERALL", "Operations");
      most = mostStartsInAnyWindow(StartLoggingRedis.starts(), 100_000_000L);
      if (ops < 0.99 * target * 4) {
        // the promise holds where the database keeps up: the open schedule, which sends every late
        // slot at once, shows whether this machine could carry the target on schedule just now
        open = run(async, target, 4, "-p", "warmupexecutiontime=2000", "-p", "throttlemode=open");
      }
    }
    long share = target / 10;
    System.out.println((async ? "inflight 4" : "blocking") + ", " + target + "/s: delivered " + ops + " of " + target * 4
        + ", at most " + most + " starts in 100 ms" + (open == null ? "" : "; the open schedule delivered "
        + open.results().getLong("OVERALL", "Operations") + ", starts late by "
        + open.results().get("START-LAG", "AverageLatency(us)") + " us on average"));
    if (open != null) {
      // delivering the count by bursting is what the windowed mode may not do: the open schedule kept
      // up only if it sent its operations on time, within a tenth of throttle.tolerance on average
      long carried = open.results().getLong("OVERALL", "Operations");
      double lagMs = open.results().get("START-LAG", "AverageLatency(us)") / 1000;
      Assumptions.assumeTrue(carried >= 0.995 * target * 4 && lagMs <= 5, "windowed delivered " + ops + " of "
          + target * 4 + ", but the open schedule delivered only " + carried + ", its starts " + lagMs
          + " ms late on average: the machine could not carry " + target + "/s on schedule");
    }
    assertTrue(ops >= 0.99 * target * 4, "at least 99% of 4 s at " + target + "/s: " + ops + "\n" + r.describe());
    // the gate lets through the share and its allowance by its own clock; a worker descheduled
    // between the gate and the call to Redis (the cores are spun) moves its one start into a later
    // window, which can hold one more per worker at the server
    assertTrue(most <= bound(share), "at most " + bound(share) + " starts in any 100 ms: " + most);
  }

  @ParameterizedTest(name = "inflight={0}")
  @ValueSource(booleans = {false, true})
  void aOneSecondStallIsNotFollowedByABurst(boolean async) throws Exception {
    CompletableFuture<String> pause = CompletableFuture.supplyAsync(() -> {
      // half a second into the measured run, however long the workers took to connect
      long giveUp = System.nanoTime() + 60_000_000_000L;
      while (StartLoggingRedis.count() < 1000 && System.nanoTime() < giveUp) {
        sleep(5);
      }
      return server.cli("CLIENT", "PAUSE", "1000");
    });
    YcsbRun r;
    try (BusyCores busy = new BusyCores()) {
      r = run(async, 2000, 4);
    }
    assertEquals("OK", pause.get().trim());
    Results res = r.results();
    long[] starts = StartLoggingRedis.starts();
    long most = mostStartsInAnyWindow(starts, 100_000_000L);
    assertTrue(most <= bound(200), "no window after the stall holds more than " + bound(200) + " starts: " + most);
    // the 3 s outside the stall are delivered, the stall's second given up. With both cores spun:
    // blocking 5807-5852 (96.8-97.5%; the workers stuck in their calls for the pause come back late),
    // -inflight 4 5838-5984 (97.3-99.7%). Before the catch-up allowance, 87% once on a clean clone's
    // test run: what a busy machine took from the schedule was never won back (docs/performance.md)
    long ops = res.getLong("OVERALL", "Operations");
    System.out.println((async ? "inflight 4" : "blocking") + ", 1 s stall: delivered " + ops + ", MissedSlots "
        + res.getLong("THROTTLE", "MissedSlots") + ", at most " + most + " starts in 100 ms");
    assertTrue(ops >= 0.93 * 6000 && ops <= 6000 + 2 * WORKERS + 200, "3 s of 2000/s: " + ops + "\n" + r.describe());
    assertTrue(res.getLong("THROTTLE", "MissedSlots") >= 1700, r.describe());
    assertTrue(res.get("Intended-UNFINISHED", "MaxLatency(us)") >= 900_000, "the stall shows:\n" + r.describe());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
