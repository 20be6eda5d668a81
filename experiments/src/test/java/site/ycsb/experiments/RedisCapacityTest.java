package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.junit.RedisServerExtension;
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

  @RegisterExtension
  final RedisServerExtension redis = new RedisServerExtension();


  @TempDir
  Path tmp;

  @Test
  void capacityAgreesWithFixedTargetRunsBelowAndAboveIt() throws Exception {
    // two blocking threads (threadmode=threads): a capacity within a few doublings, found in a few
    // runs; as sessions in flight the same two reach about twice as far, and the search runs longer
    String props = "recordcount: 200, redis.host: " + redis.server().host() + ", redis.port: " + redis.server().port()
        + ", threadmode: threads";
    // loaded here, in this JVM: the experiment starts a JVM for each of its phases
    YcsbRun load = YcsbRun.execute("load", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-p", "redis.host=" + redis.server().host(),
        "-p", "redis.port=" + redis.server().port());
    assertEquals(0, load.exitCode(), load.describe());
    Path plan = tmp.resolve("capacity.yaml");
    Files.write(plan, List.of(
        "binding: redis",
        "properties: {" + props + "}",
        "workloads: [" + YcsbRun.workload("workloada") + "]",
        "load: none",
        "runtime: 1s",
        "warmup: 500ms",
        "granularity: 250ms",
        "sweep: {threads: [2]}",
        "search: {slo: \"" + SLO + "\", repetitions: 3, precision: 25%, tolerance: 5%}"), StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    YcsbRun r = YcsbRun.execute("experiment", plan.toString(), "-o", out.toString());
    assertEquals(0, r.exitCode(), r.describe());
    List<String> capacity = Files.readAllLines(out.resolve("capacity.csv"), StandardCharsets.UTF_8);
    assertEquals(2, capacity.size(), capacity.toString());
    String[] cells = capacity.get(1).split(",");
    double found = Double.parseDouble(cells[2]);
    double high = Double.parseDouble(cells[4]);
    double unthrottled = Double.parseDouble(cells[5]);
    String text = Files.readString(out.resolve("capacity.txt"));
    assertTrue(found > 0 ? text.contains("capacity " + cells[2] + " ops/s at SLO " + SLO_TEXT)
        : text.contains("no target met the objective " + SLO_TEXT), text + "\n" + r.out());

    // which targets the store carries on this host, at the time, only real time shows; what holds
    // whatever the host does: each candidate's verdict follows its own runs' figures (the objective on
    // the pessimistic side of their interval, and their mean throughput within the 5% tolerance of
    // the target), and the capacity is the highest target that passed, its upper end the lowest
    // that did not
    System.out.println(Files.readString(out.resolve("search.csv")));
    List<List<String>> search = site.ycsb.tools.experiment.ExperimentCsv.read(out.resolve("search.csv"));
    List<String> header = search.get(0);
    int heldColumn = header.indexOf(SLO_TEXT + " (pessimistic)");
    assertTrue(heldColumn >= 0, "the objective's column in search.csv: " + header);
    double highestPassed = 0;
    double lowestFailed = Double.MAX_VALUE;
    for (List<String> row : search.subList(1, search.size())) {
      double target = Double.parseDouble(row.get(header.indexOf("target")));
      double achieved = Double.parseDouble(row.get(header.indexOf("achieved_mean")));
      String heldCell = row.get(heldColumn);
      double held = heldCell.isEmpty() ? Double.NaN : Double.parseDouble(heldCell);
      boolean passed = Boolean.parseBoolean(row.get(header.indexOf("passed")));
      // the figures are printed rounded: a verdict at the very edge is not judged here
      boolean clearlyMet = held >= 50.01 && achieved >= 0.95 * target + 1;
      boolean clearlyNot = !(held >= 49.99) || achieved < 0.95 * target - 1;
      assertTrue(passed ? !clearlyNot : !clearlyMet, "the verdict follows the figures: " + row);
      if (passed) {
        highestPassed = Math.max(highestPassed, target);
      } else {
        lowestFailed = Math.min(lowestFailed, target);
      }
    }
    assertEquals(highestPassed, found, "the capacity is the highest target that passed: " + search);
    // capacity.csv rounds the unthrottled maximum to whole operations; the upper end is a share above the
    // capacity, which may be that maximum itself when the objective held at every target tried
    assertTrue(found <= high && high <= (unthrottled + 1) * 1.1, "capacity " + found + " below its upper end " + high
        + ", within the unthrottled bound " + unthrottled);
    if (lowestFailed < Double.MAX_VALUE) {
      assertEquals(lowestFailed, high, "the upper end is the lowest target that did not pass: " + search);
    }

    // below it the objective holds, above it it breaks. These runs are in this warm JVM (measured
    // 1.5x faster than the search's, each of which starts a JVM cold), and the host may carry less
    // or more now than during the search: below the capacity, where this run reaches its target,
    // the objective holds
    if (found > 0) {
      YcsbRun below = fixedTarget(found * 0.75);
      double reached = below.results().get("OVERALL", "Throughput(ops/sec)");
      System.out.println("at 0.75 x the capacity " + found + ": " + reached + " ops/s, exit " + below.exitCode());
      if (reached >= 0.95 * found * 0.75) {
        assertEquals(0, below.exitCode(), "at 0.75 x the capacity " + found + ":\n" + below.describe());
      }
    }
    // The capacity holds on the pessimistic side of three runs, so one lucky run on a busy host may
    // still meet it a little above: "above" is a target the store cannot reach at all, on any host:
    // a million operations a second from two threads that each wait for a round trip to the server,
    // where the schedule falls behind by nearly a second per second
    assertTrue(high * 1.3 < UNREACHABLE, "the capacity's upper end " + high + " is far below " + UNREACHABLE);
    YcsbRun above = fixedTarget(UNREACHABLE);
    assertEquals(3, above.exitCode(), "above the capacity's upper end " + high + " and the search's unthrottled "
        + unthrottled + ":\n" + above.describe());
    assertTrue(above.err().contains("SLO BROKEN: " + SLO_TEXT), above.err());
  }

  private YcsbRun fixedTarget(double target) {
    List<String> args = new ArrayList<>(List.of("run", "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-threads", "2", "-target", String.format(Locale.ROOT, "%.0f", target)));
    for (String p : List.of("recordcount=200", "threadmode=threads", "redis.host=" + redis.server().host(),
        "redis.port=" + redis.server().port(),
        "operationcount=0", "maxexecutiontime=1", "warmupexecutiontime=500", "timeseries.granularity=250",
        "slo=" + SLO)) {
      args.add("-p");
      args.add(p);
    }
    return YcsbRun.execute(args.toArray(new String[0]));
  }
}
