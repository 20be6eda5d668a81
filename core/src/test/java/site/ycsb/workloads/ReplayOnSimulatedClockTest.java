package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.cli.Run;

/**
 * The replay workload on the simulated clock against the simulated database, which logs every
 * call: each traced operation reaches the database at its offset in the trace exactly (divided by
 * the speed), with its operation, key and sizes, each key's operations in the trace's order, on
 * both paths; a stall of the database shows in the latency from the trace's times.
 */
class ReplayOnSimulatedClockTest {
  private static final String DB = CallLogSimulatedDB.class.getName();
  private static final long SECOND = 1_000_000_000L;
  /** Operations in each second of the Twitter-format trace: a step up and down. */
  private static final int[] PER_SECOND = {100, 200, 400, 100};

  @TempDir
  Path dir;

  /** An operation as the trace means it: when it is due, what it does, to which key, how many bytes. */
  record Expected(long offsetNanos, String operation, String key, long bytes) {
  }

  @BeforeEach
  void reset() {
    CallLogSimulatedDB.reset();
  }

  /**
   * Writes a trace in Twitter's cache-trace format: per second the counts of {@link #PER_SECOND},
   * every fourth operation a set of 100 to 149 bytes, every 50th a delete, one line a command with
   * no operation of the benchmark.
   *
   * @param expected receives the operations the trace means, computed here from the format's rules
   */
  private Path twitterTrace(List<Expected> expected) throws IOException {
    List<String> lines = new ArrayList<>();
    Set<String> written = new HashSet<>();
    int n = 0;
    for (int s = 0; s < PER_SECOND.length; s++) {
      // a command the benchmark has no operation for takes its place in its second, but is not sent
      int rows = PER_SECOND[s] + (s == 0 ? 1 : 0);
      for (int row = 0; row < rows; row++) {
        long offset = s * SECOND + row * SECOND / rows;
        if (s == 0 && row == 1) {
          lines.add("1600000000,k1,2,0,7,flush_all,0");
          continue;
        }
        String key = "k" + (n * 7 % 37);
        if (n % 50 == 49) {
          lines.add((1600000000 + s) + "," + key + ",3,0,7,delete,0");
          written.remove(key);
          expected.add(new Expected(offset, "DELETE", key, 0));
        } else if (n % 4 == 0) {
          long size = 100 + n % 50;
          lines.add((1600000000 + s) + "," + key + ",3," + size + ",7,set,3600");
          expected.add(new Expected(offset, written.add(key) ? "INSERT" : "UPDATE", key, size));
        } else {
          lines.add((1600000000 + s) + "," + key + ",3,0,7,get,0");
          expected.add(new Expected(offset, "READ", key, 0));
        }
        n++;
      }
    }
    Path trace = dir.resolve("cache-trace.csv");
    Files.write(trace, lines, StandardCharsets.UTF_8);
    return trace;
  }

  /** Compares two lists of operations as sorted lists, naming the first difference (not the whole lists). */
  private static void assertSameOperations(List<Expected> expected, List<Expected> seen, String what) {
    List<Expected> a = new ArrayList<>(expected);
    List<Expected> b = new ArrayList<>(seen);
    java.util.Comparator<Expected> order = java.util.Comparator.comparingLong(Expected::offsetNanos)
        .thenComparing(Expected::key).thenComparing(Expected::operation).thenComparingLong(Expected::bytes);
    a.sort(order);
    b.sort(order);
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      assertEquals(a.get(i), b.get(i), what + ": the first difference, at operation " + i);
    }
    assertEquals(a.size(), b.size(), what + ": operations");
  }

  /** Compares each key's operations in order, naming the first key that differs. */
  private static void assertSameOrderPerKey(List<Expected> expected, List<Expected> seen) {
    Map<String, List<Expected>> a = byKey(expected);
    Map<String, List<Expected>> b = byKey(seen);
    assertEquals(a.keySet(), b.keySet(), "the keys");
    for (String key : a.keySet()) {
      assertEquals(a.get(key), b.get(key), "the operations of " + key + ", in order");
    }
  }

  private static Run replay(Path trace, String format, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + trace, "-p", "replay.format=" + format, "-p", "operationcount=0",
        "-p", "simulated.servicetime=1ms"));
    args.addAll(List.of(more));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  /** @return the calls the database saw, as offsets from the first and what they asked */
  private static List<Expected> seen() {
    List<CallLogSimulatedDB.Call> calls = CallLogSimulatedDB.calls();
    long first = calls.get(0).nanos();
    List<Expected> seen = new ArrayList<>();
    for (CallLogSimulatedDB.Call c : calls) {
      seen.add(new Expected(c.nanos() - first, c.operation(), c.key(), c.bytes()));
    }
    return seen;
  }

  private static Map<String, List<Expected>> byKey(List<Expected> ops) {
    Map<String, List<Expected>> m = new LinkedHashMap<>();
    for (Expected e : ops) {
      m.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e);
    }
    return m;
  }

  private static List<Expected> atSpeed(List<Expected> ops, double speed) {
    List<Expected> out = new ArrayList<>();
    for (Expected e : ops) {
      out.add(new Expected(Math.round(e.offsetNanos() / speed), e.operation(), e.key(), e.bytes()));
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-threads 4", "-threads 2 -inflight 8"})
  void aCacheTraceIsReplayedAtItsTimesWithItsMixSizesAndKeyOrder(String path) throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    List<String> args = new ArrayList<>(List.of(path.split(" ")));
    Run r = replay(trace, "twitter", args.toArray(new String[0]));

    List<Expected> seen = seen();
    assertEquals(expected.size(), seen.size(), "every traced operation, the flush_all passed over\n" + r);
    assertSameOperations(expected, seen, "each operation at its offset, with its key and bytes");
    assertSameOrderPerKey(expected, seen);
    assertEquals(expected.size(), r.count("OVERALL", "Operations"));
    for (String op : List.of("READ", "INSERT", "UPDATE", "DELETE")) {
      long n = expected.stream().filter(e -> e.operation().equals(op)).count();
      assertEquals(n, r.count(op, "Operations"), op + "\n" + r);
    }
    // the last operation is due at 3.99 s and answered 1 ms later
    assertEquals(3991, r.count("OVERALL", "RunTime(ms)"), r.toString());
    // nothing fell behind the trace: the latency from the trace's times is the service time
    assertEquals(1000, r.count("Intended-READ", "MaxLatency(us)"), r.toString());
  }

  /** A 20 s run of workload F (reads and read-modify-writes) with a step profile, captured; the database's log of its calls. */
  private List<Expected> capturedRun(Path results, String path, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "-db", DB, "-P", "../workloads/workloadf",
        "-p", "recordcount=1000", "-p", "operationcount=0", "-p", "maxexecutiontime=20",
        "-p", "target.profile=steps:5s:100,5s:400,5s:200,5s:50", "-p", "simulated.servicetime=1ms",
        "-p", "capture=true", "-p", "resultsdir=" + results));
    args.addAll(List.of(path.split(" ")));
    args.addAll(List.of(more));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return seen();
  }

  private static Map<String, Long> counts(List<Expected> ops) {
    Map<String, Long> m = new java.util.TreeMap<>();
    for (Expected e : ops) {
      m.merge(e.operation(), 1L, Long::sum);
    }
    return m;
  }

  private static long[] perSecond(List<Expected> ops, int seconds) {
    long[] counts = new long[seconds + 1];
    for (Expected e : ops) {
      counts[(int) Math.min(seconds, e.offsetNanos() / SECOND)]++;
    }
    return counts;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-threads 4", "-threads 2 -inflight 8"})
  void aCapturedRunIsReplayedWithItsCountsPerSecondItsKeysAndItsTiming(String path) {
    Path results = dir.resolve("captured");
    List<Expected> captured = capturedRun(results, path);
    assertEquals(5 * (100 + 400 + 200 + 50), captured.stream().filter(e -> !e.operation().equals("UPDATE")).count(),
        "the profile's operations (a read-modify-write's update is its second call)");

    CallLogSimulatedDB.reset();
    Run r = replay(results.resolve("capture"), "capture", path.split(" "));
    List<Expected> replayed = seen();
    // on the simulated clock the replay is the run again: every call at its instant, so every second's count
    // is the capture's (the issue asks for 1%), and each key's operations in their order
    assertEquals(java.util.Arrays.toString(perSecond(captured, 20)), java.util.Arrays.toString(perSecond(replayed, 20)));
    assertSameOperations(captured, replayed, "the replay's calls against the captured run's");
    assertSameOrderPerKey(captured, replayed);
    assertEquals(3750, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(r.count("READ-MODIFY-WRITE", "Operations"), captured.stream().filter(e -> e.operation().equals("UPDATE"))
        .count(), "each read-modify-write replayed as one, a read and an update");

    CallLogSimulatedDB.reset();
    // kept in flight, so that a read-modify-write's two calls (2 ms) do not hold back the next operation, due 1.25 ms later
    Run twice = replay(results.resolve("capture"), "capture", "-threads", "2", "-inflight", "8", "-p", "replay.speed=2");
    // each operation's first call at its time divided by 2 (a read-modify-write's update follows its read by the service time)
    List<Expected> firstCalls = captured.stream().filter(e -> !e.operation().equals("UPDATE")).toList();
    List<Expected> seenFirst = seen().stream().filter(e -> !e.operation().equals("UPDATE")).toList();
    assertSameOperations(atSpeed(firstCalls, 2), seenFirst, "at speed 2");
    assertEquals(counts(captured), counts(seen()), "the same calls at speed 2");
    // the run ends with the last call's answer, 1 ms after it reached the database
    List<Expected> atTwo = seen();
    assertEquals((atTwo.get(atTwo.size() - 1).offsetNanos() + 1_000_000) / 1_000_000, twice.count("OVERALL", "RunTime(ms)"),
        twice.toString());
    assertTrue(twice.count("OVERALL", "RunTime(ms)") <= 10_000, "half the captured 20 s: " + twice);
  }

  @Test
  void aStallDuringAReplayShowsInTheIntendedLatencyAsInTheRunItself() {
    Path results = dir.resolve("captured");
    capturedRun(results, "-threads 4", "-p", "seed=42");
    // the same stall, from 7 s to 8 s, in a run (the same operations: the same seed) and in the replay of
    // that run's capture without it
    CallLogSimulatedDB.reset();
    Run stalledRun = Run.of("run", "-db", DB, "-P", "../workloads/workloadf", "-p", "recordcount=1000",
        "-p", "operationcount=0", "-p", "maxexecutiontime=20", "-p", "target.profile=steps:5s:100,5s:400,5s:200,5s:50",
        "-p", "simulated.servicetime=1ms", "-p", "simulated.pause=7s-8s", "-threads", "4", "-p", "seed=42");
    assertEquals(0, stalledRun.exitCode, stalledRun.toString());
    CallLogSimulatedDB.reset();
    Run stalledReplay = replay(results.resolve("capture"), "capture", "-threads", "4", "-p", "simulated.pause=7s-8s");
    for (String section : List.of("Intended-READ", "Intended-READ-MODIFY-WRITE")) {
      assertEquals(stalledRun.count(section, "MaxLatency(us)"), stalledReplay.count(section, "MaxLatency(us)"),
          section + "\nrun:\n" + stalledRun + "\nreplay:\n" + stalledReplay);
    }
    assertTrue(stalledReplay.count("Intended-READ", "MaxLatency(us)") >= 1_000_000, stalledReplay.toString());
  }

  @Test
  void atSpeedTwoTheTraceTakesHalfTheTimeAtTwiceTheRate() throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    Run r = replay(trace, "twitter", "-threads", "4", "-p", "replay.speed=2");
    assertSameOperations(atSpeed(expected, 2), seen(), "at twice the speed");
    assertEquals(1996, r.count("OVERALL", "RunTime(ms)"), r.toString());
    // 800 operations in 1.996 s where the trace takes 3.991 s
    assertEquals(expected.size(), r.count("OVERALL", "Operations"));
    assertEquals(expected.size() / 1.996, r.get("OVERALL", "Throughput(ops/sec)"), 0.01);
  }

  @Test
  void operationcountReplaysTheTracesFirstOperationsWhateverTheirWorkers() throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    // eight workers whose parts of the first 300 operations differ in length: each makes all of its own
    List<String> args = new ArrayList<>(List.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + trace, "-p", "replay.format=twitter", "-p", "operationcount=300",
        "-p", "simulated.servicetime=1ms", "-threads", "8"));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(300, r.count("OVERALL", "Operations"), r.toString());
    assertSameOperations(expected.subList(0, 300), seen(), "the trace's first 300 operations");
  }

  @Test
  void asFastAsPossibleKeepsTheOperationsAndDropsTheTiming() throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    Run r = replay(trace, "twitter", "-threads", "1", "-p", "replay.speed=0");
    // one worker, 1 ms each, one after the other
    assertEquals(expected.size(), r.count("OVERALL", "Operations"));
    assertEquals(expected.size(), r.count("OVERALL", "RunTime(ms)"), r.toString());
    List<Expected> seen = seen();
    for (int i = 0; i < seen.size(); i++) {
      assertEquals(i * 1_000_000L, seen.get(i).offsetNanos());
      assertEquals(expected.get(i).key(), seen.get(i).key(), "one worker sends the trace in its order");
    }
    assertTrue(!r.has("Intended-READ", "Operations"), "no times, no latency from them:\n" + r);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-threads 4", "-threads 2 -inflight 8"})
  void aStallDuringTheReplayShowsInTheLatencyFromTheTracesTimes(String path) throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    List<String> args = new ArrayList<>(List.of(path.split(" ")));
    args.addAll(List.of("-p", "simulated.pause=1s-2s"));
    Run r = replay(trace, "twitter", args.toArray(new String[0]));
    assertEquals(expected.size(), r.count("OVERALL", "Operations"), "every operation is still made\n" + r);
    // the operation due at 1.000 s is held until the pause ends at 2 s and answered 1 ms later
    long most = 0;
    for (String s : List.of("Intended-READ", "Intended-UPDATE", "Intended-INSERT", "Intended-DELETE")) {
      if (r.has(s, "MaxLatency(us)")) {
        most = Math.max(most, r.count(s, "MaxLatency(us)"));
      }
    }
    assertEquals(1_001_000, most, r.toString());
  }

  @Test
  void aRedisMonitorFileIsReplayedAtItsMicroseconds() throws IOException {
    List<String> lines = new ArrayList<>(List.of("OK"));
    List<Expected> expected = new ArrayList<>();
    long t0 = 1_700_000_000_000_000L;
    long[] gaps = {0, 1700, 250, 90_000, 3, 1_000_000, 42_000};
    long at = t0;
    for (int i = 0; i < 70; i++) {
      at += gaps[i % gaps.length];
      String stamp = (at / 1_000_000) + "." + String.format("%06d", at % 1_000_000) + " [0 127.0.0.1:6000" + i % 3 + "] ";
      String key = "user:" + i % 5;
      long offset = (at - t0) * 1000;
      switch (i % 5) {
        case 0:
          lines.add(stamp + "\"SET\" \"" + key + "\" \"" + "v".repeat(10 + i) + "\"");
          expected.add(new Expected(offset, i < 5 ? "INSERT" : "UPDATE", key, 10 + i));
          break;
        case 1:
          lines.add(stamp + "\"HSET\" \"" + key + "\" \"a\" \"12345\" \"b\" \"678\"");
          expected.add(new Expected(offset, i < 5 ? "INSERT" : "UPDATE", key, 8));
          break;
        case 2:
          lines.add(stamp + "\"PING\"");
          break;
        default:
          lines.add(stamp + "\"GET\" \"" + key + "\"");
          expected.add(new Expected(offset, "READ", key, 0));
      }
    }
    Path trace = dir.resolve("monitor.txt");
    Files.write(trace, lines, StandardCharsets.UTF_8);
    // some commands are microseconds apart: kept in flight, each is sent at its time
    replay(trace, "monitor", "-threads", "1", "-inflight", "16");
    List<Expected> seen = seen();
    assertSameOperations(expected, seen, "each command at its microsecond, with its key and bytes");
    assertSameOrderPerKey(expected, seen);
    // the gaps between arrivals are the trace's, to the nanosecond
    assertNotEquals(0, expected.get(expected.size() - 1).offsetNanos());
  }

  @Test
  void twoClientsSplitTheTraceByKeyAndTogetherReplayAllOfIt() throws IOException {
    List<Expected> expected = new ArrayList<>();
    Path trace = twitterTrace(expected);
    List<Expected> all = new ArrayList<>();
    Set<String> keysOfFirst = new HashSet<>();
    for (int client = 0; client < 2; client++) {
      CallLogSimulatedDB.reset();
      Run r = replay(trace, "twitter", "-threads", "2", "-p", "clientcount=2", "-p", "clientid=" + client);
      List<CallLogSimulatedDB.Call> calls = CallLogSimulatedDB.calls();
      assertTrue(calls.size() > 0 && calls.size() < expected.size(), "a part of the trace: " + calls.size());
      assertEquals(calls.size(), r.count("OVERALL", "Operations"));
      for (CallLogSimulatedDB.Call c : calls) {
        // both clients start at the trace's start: offsets from the release, which the sampler's first instant marks
        if (client == 0) {
          keysOfFirst.add(c.key());
        } else {
          assertTrue(!keysOfFirst.contains(c.key()), "a key belongs to one client: " + c.key());
        }
      }
      all.addAll(seenFromRelease(calls, expected));
    }
    assertSameOperations(expected, all, "the two clients together");
  }

  /**
   * A client's calls as offsets from the replay's start: its first call is the trace's first
   * operation of its keys, whose offset the trace gives.
   */
  private static List<Expected> seenFromRelease(List<CallLogSimulatedDB.Call> calls, List<Expected> expected) {
    String firstKey = calls.get(0).key();
    long firstOffset = expected.stream().filter(e -> e.key().equals(firstKey)).findFirst().orElseThrow().offsetNanos();
    long origin = calls.get(0).nanos() - firstOffset;
    List<Expected> out = new ArrayList<>();
    for (CallLogSimulatedDB.Call c : calls) {
      out.add(new Expected(c.nanos() - origin, c.operation(), c.key(), c.bytes()));
    }
    return out;
  }

  @Test
  void whatTheReplayCannotDoIsRefusedInOneLine() throws IOException {
    Path trace = twitterTrace(new ArrayList<>());
    Run noFile = Run.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName());
    assertNotEquals(0, noFile.exitCode);
    assertTrue(noFile.err.contains("replay.file is not set"), noFile.err);
    Run missing = Run.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + dir.resolve("nothing.csv"));
    assertNotEquals(0, missing.exitCode);
    assertTrue(missing.err.contains("cannot be read"), missing.err);
    Run target = Run.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + trace, "-p", "replay.format=twitter", "-target", "100");
    assertNotEquals(0, target.exitCode);
    assertTrue(target.err.contains("replay.speed"), target.err);
    Run load = Run.of("load", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + trace, "-p", "replay.format=twitter");
    assertNotEquals(0, load.exitCode);
    assertTrue(load.err.contains("load phase"), load.err);
    Run slow = Run.of("run", "-db", DB, "-p", "workload=" + ReplayWorkload.class.getName(),
        "-p", "replay.file=" + trace, "-p", "replay.format=twitter", "-p", "replay.speed=0.0001");
    assertNotEquals(0, slow.exitCode);
    assertTrue(slow.err.contains("replay.speed=0.0001"), slow.err);
    for (Run r : List.of(noFile, missing, target, load, slow)) {
      assertTrue(!r.err.contains("\tat "), "no stack trace: " + r.err);
    }
  }
}
