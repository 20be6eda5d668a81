package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The capacity search against a real redis-server: the capacity it reports must agree with what
 * single runs at fixed targets show, the objective met below it and broken above it.
 *
 * <p>Where the capacity lies is up to the host, and only real time shows it: the objective is one
 * a client that keeps its schedule meets on a busy machine (its starts late by a stall of the host,
 * tens of milliseconds), and one a schedule that has fallen behind the store for good breaks.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisCapacityTest {
  /**
   * Held in at least half of the quarter-second intervals: one stall of a busy host does not decide
   * it (at 100 ms no target met it in cold JVMs with the load average at 19), a schedule falling
   * behind for good (a target the store cannot reach) does.
   */
  private static final String SLO = "Intended-ALL.p99<250ms in 50%";
  private static final String SLO_TEXT = "Intended-ALL.p99<250ms in 50% of intervals";
  /** Operations per second two threads making one round trip to Redis at a time cannot reach. */
  private static final double UNREACHABLE = 1_000_000;

  private RedisServer server;

  @TempDir
  Path tmp;

  @BeforeEach
  void startServer() {
    server = RedisServer.start();
  }

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void capacityAgreesWithFixedTargetRunsBelowAndAboveIt() throws Exception {
    String props = "recordcount: 200, redis.host: " + server.host() + ", redis.port: " + server.port();
    // loaded here, in this JVM: the experiment starts a JVM for each of its phases
    YcsbRun load = YcsbRun.execute("load", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port());
    assertEquals(0, load.exitCode(), load.describe());
    Path plan = tmp.resolve("capacity.yaml");
    Files.write(plan, List.of(
        "binding: redis",
        "properties: {" + props + "}",
        "workloads: [" + YcsbRun.workload("workloada") + "]",
        "load: none",
        "runtime: 2s",
        "warmup: 500ms",
        "granularity: 250ms",
        "sweep: {threads: [2]}",
        "search: {slo: \"" + SLO + "\", repetitions: 3, precision: 20%, tolerance: 5%}"), StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    YcsbRun r = YcsbRun.execute("experiment", plan.toString(), "-o", out.toString());
    assertEquals(0, r.exitCode(), r.describe());
    List<String> capacity = Files.readAllLines(out.resolve("capacity.csv"), StandardCharsets.UTF_8);
    assertEquals(2, capacity.size(), capacity.toString());
    String[] cells = capacity.get(1).split(",");
    double found = Double.parseDouble(cells[2]);
    double high = Double.parseDouble(cells[4]);
    double unthrottled = Double.parseDouble(cells[5]);
    assertTrue(found > 0, "some target met the objective: " + r.out());
    assertTrue(Files.readString(out.resolve("capacity.txt")).contains("capacity " + cells[2] + " ops/s at SLO "
        + SLO_TEXT), r.out());

    // capacity.csv rounds the unthrottled maximum to whole operations; the upper end is a share above the
    // capacity, which may be that maximum itself when the objective held at every target tried
    assertTrue(found <= high && high <= (unthrottled + 1) * 1.1, "capacity " + found + " below its upper end " + high
        + ", within the unthrottled bound " + unthrottled);
    // below it the objective holds, above it it breaks. The capacity holds on the pessimistic side of
    // three runs, so one lucky run on a busy host may still meet it a little above: "above" is a
    // target the store cannot reach at all, on any host: a million operations a second from two
    // threads that each wait for a round trip to the server, where the schedule falls behind by
    // nearly a second per second. The search runs each phase in a JVM of its own, started cold;
    // these runs are in this warm JVM, which was measured 1.5x faster: above the capacity's upper
    // end as much as beyond what the warm JVM reaches
    YcsbRun below = fixedTarget(found * 0.75);
    assertEquals(0, below.exitCode(), "at 0.75 x the capacity " + found + ":\n" + below.describe());
    assertTrue(high * 1.3 < UNREACHABLE, "the capacity's upper end " + high + " is far below " + UNREACHABLE);
    YcsbRun above = fixedTarget(UNREACHABLE);
    assertEquals(3, above.exitCode(), "above the capacity's upper end " + high + " and the search's unthrottled "
        + unthrottled + ":\n" + above.describe());
    assertTrue(above.err().contains("SLO BROKEN: " + SLO_TEXT), above.err());
  }

  private YcsbRun fixedTarget(double target) {
    List<String> args = new ArrayList<>(List.of("run", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-threads", "2", "-target", String.format(Locale.ROOT, "%.0f", target)));
    for (String p : List.of("recordcount=200", "redis.host=" + server.host(), "redis.port=" + server.port(),
        "operationcount=0", "maxexecutiontime=2", "warmupexecutiontime=500", "timeseries.granularity=250",
        "slo=" + SLO)) {
      args.add("-p");
      args.add(p);
    }
    return YcsbRun.execute(args.toArray(new String[0]));
  }
}
