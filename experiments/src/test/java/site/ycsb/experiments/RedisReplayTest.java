package site.ycsb.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;
import site.ycsb.measurements.Operation;
import site.ycsb.results.ResultsFolder;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.trace.TraceReader;
import site.ycsb.trace.TracedOperation;
import site.ycsb.trace.Traces;

/**
 * The repository's replay experiment ({@code experiments/replay-redis-speeds.yaml}) against a real
 * redis-server, on the first two seconds of the example trace: at each speed every operation is
 * made, the run lasts the trace's time divided by the speed (it can be no shorter, and is longer
 * only by what the run itself measured as lateness), and Redis holds what the trace wrote. Real
 * time is what this shows (a real server, real JVMs); the replay's timing rules are proven
 * exactly on the simulated clock in core.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisReplayTest {
  /** The first operations of the example trace: its first two seconds, 300 a second. */
  private static final int OPERATIONS = 600;

  @RegisterExtension
  final RedisServerExtension redis = new RedisServerExtension();


  @TempDir
  Path tmp;

  @Test
  void theExampleExperimentReplaysTheTraceAtSpeedsOneTwoAndFour() throws Exception {
    Path trace = Checkout.file("traces/cache-trace-example.csv.gz");
    // the repository's plan, pointed at this test's server, its files found from here, and cut to the trace's first 600 operations
    List<String> plan = new ArrayList<>();
    for (String line : Files.readAllLines(Checkout.plans().resolve("replay-redis-speeds.yaml"))) {
      if (line.startsWith("  redis.host:")) {
        line = "  redis.host: " + redis.server().host();
      } else if (line.startsWith("  redis.port:")) {
        line = "  redis.port: " + redis.server().port() + "\n  operationcount: " + OPERATIONS
            + "\n  replay.file: " + trace;
      } else if (line.startsWith("workloads:")) {
        line = "workloads: [" + YcsbRun.workload("replay_cache_trace") + "]";
      }
      plan.add(line);
    }
    Path planFile = tmp.resolve("replay-redis-speeds.yaml");
    Files.write(planFile, plan, StandardCharsets.UTF_8);
    Path dir = tmp.resolve("out");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Ycsb.execute(new String[] {"experiment", planFile.toString(), "-o", dir.toString()}, o, e);
    }
    String describe = "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err;
    assertEquals(0, code, describe);

    // what the trace's first 600 operations mean: when the last is due, what each key holds after
    // them, and how many find nothing (a read or delete of a key not there: NOT_FOUND, counted as
    // failed), on an empty server the first time and on what the first replay left after it
    List<TracedOperation> ops = new ArrayList<>();
    try (TraceReader in = Traces.open(trace, Traces.TWITTER)) {
      for (int i = 0; i < OPERATIONS; i++) {
        ops.add(in.next());
      }
    }
    long lastDueNanos = ops.get(OPERATIONS - 1).offsetNanos();
    java.util.Set<String> present = new java.util.HashSet<>();
    long missesOnEmpty = replayOnto(ops, present);
    Map<String, Operation> lastWrite = new LinkedHashMap<>();
    for (TracedOperation op : ops) {
      if (op.operation() != Operation.READ) {
        lastWrite.put(op.key(), op.operation());
      }
    }
    long missesAfter = replayOnto(ops, new java.util.HashSet<>(present));
    for (int speed : new int[] {1, 2, 4}) {
      Path run = dir.resolve("replay_cache_trace/replay.speed-" + speed + "_threads-8/1");
      ResultsFolder results = ResultsFolder.read(run, false);
      assertEquals(OPERATIONS, results.line("OVERALL", "Operations").longValue(), run.toString());
      assertEquals(speed == 1 ? missesOnEmpty : missesAfter, results.line("OVERALL", "FailedOperations").longValue(),
          "operations that found nothing at speed " + speed + ": each key's in the trace's order");
      double runMs = results.line("OVERALL", "RunTime(ms)").doubleValue();
      double traceMs = lastDueNanos / 1e6 / speed;
      // no sooner than the trace allows; later only by how late its operations ended after they were due
      assertTrue(runMs >= Math.floor(traceMs), "speed " + speed + ": " + runMs + " ms, the trace's last operation due at "
          + traceMs + " ms");
      double latestMs = 0;
      for (String section : List.of("Intended-READ", "Intended-INSERT", "Intended-UPDATE", "Intended-DELETE")) {
        Number max = results.line(section, "MaxLatency(us)");
        if (max != null) {
          latestMs = Math.max(latestMs, max.doubleValue() / 1000);
        }
      }
      assertTrue(latestMs > 0, "latency measured from the trace's times at speed " + speed);
      assertTrue(runMs <= Math.ceil(traceMs + latestMs) + 1, "speed " + speed + ": " + runMs + " ms, the trace's "
          + traceMs + " ms and at most " + latestMs + " ms late");
    }
    // Redis holds every key whose last write was a set, and none whose last was a delete
    for (Map.Entry<String, Operation> e : lastWrite.entrySet()) {
      String exists = redis.server().cli("EXISTS", e.getKey()).trim();
      assertEquals(e.getValue() == Operation.DELETE ? "0" : "1", exists, e.getKey() + " after its last " + e.getValue());
    }
  }

  /**
   * Plays the operations onto a set of the keys present, as a server would hold them.
   *
   * @return the reads and deletes that found no key
   */
  private static long replayOnto(List<TracedOperation> ops, java.util.Set<String> present) {
    long misses = 0;
    for (TracedOperation op : ops) {
      switch (op.operation()) {
        case READ:
          misses += present.contains(op.key()) ? 0 : 1;
          break;
        case DELETE:
          misses += present.remove(op.key()) ? 0 : 1;
          break;
        default:
          present.add(op.key());
      }
    }
    return misses;
  }
}
