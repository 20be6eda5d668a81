package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The status line says how far the phase is, as a user watching it reads it: the share of the
 * records loaded, of the operations run or of maxexecutiontime gone, rising to 100%, with the time
 * left; how far the warm-up is while it lasts; and that the phase waits while it waits for its start.
 * The phases run against the simulated database on virtual time, where every line comes at its
 * instant exactly, so a share of the time is checked to the tenth of a percent and no host can move
 * it; only the waits for a start time and for a start barrier wait in real time, as they are real
 * waits for the wall clock and for another process.
 */
class StatusProgressTest {
  /** {@code N sec: M operations; [X current ops/sec;] P% of T noun[, left];} */
  private static final Pattern SHARE = Pattern.compile(
      " (\\d+) sec: (\\d+) operations;(?: ([\\d.]+) current ops/sec;)? (\\d+\\.\\d)% of (\\d+(?:\\.\\d+)?) "
          + "(records|operations|s)(, (?:about )?(.+?) left)?;");
  private static final Pattern WARMUP = Pattern.compile(
      " warming up: (\\d+\\.\\d)% of (\\d+(?:\\.\\d+)?) (operations|s)(, (?:about )?(.+?) left)?;");

  /** One status line's share. */
  private record Share(String line, long seconds, long operations, double current, double percent, String of,
                       String noun, String left) {
  }

  private static List<String> statusLines(Run r) {
    return r.err.lines().filter(l -> l.contains(" sec: ") && l.contains(" operations;")).toList();
  }

  /** @return the shares of the measured part, in order, failing on a measured line without one */
  private static List<Share> shares(Run r) {
    List<Share> out = new ArrayList<>();
    for (String l : statusLines(r)) {
      if (l.contains(" starting;") || l.contains(" warming up")) {
        continue;
      }
      Matcher m = SHARE.matcher(l);
      assertTrue(m.find(), "a measured line tells how far the phase is: " + l + "\n" + r.err);
      out.add(new Share(l, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
          m.group(3) == null ? 0 : Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), m.group(5),
          m.group(6), m.group(8)));
    }
    assertTrue(out.size() >= 3, "a few measured lines:\n" + r.err);
    return out;
  }

  /** @return seconds of a time left as the line says it ({@code 45 s}, {@code 1 min 5 s}) */
  private static long seconds(String left) {
    Matcher m = Pattern.compile("(?:(\\d+) min )?(\\d+) s").matcher(left);
    assertTrue(m.matches(), "a time left in minutes and seconds: " + left);
    return (m.group(1) == null ? 0 : Long.parseLong(m.group(1)) * 60) + Long.parseLong(m.group(2));
  }

  /** Shares rise, each but the last says the time left, the last is the whole and says none. */
  private static void assertRisesToAll(List<Share> shares, String of, String noun) {
    for (Share s : shares) {
      assertEquals(of, s.of, "of what the settings ask: " + s.line);
      assertEquals(noun, s.noun, s.line);
    }
    for (int i = 1; i < shares.size(); i++) {
      assertTrue(shares.get(i).percent >= shares.get(i - 1).percent, "the share never goes back: "
          + shares.get(i - 1).line + "\n" + shares.get(i).line);
    }
    Share last = shares.get(shares.size() - 1);
    assertEquals(100.0, last.percent, 0.0, "the final line says all of it: " + last.line);
    assertEquals(null, last.left, "nothing left at the end: " + last.line);
    List<Share> before = shares.subList(0, shares.size() - 1);
    assertTrue(before.stream().anyMatch(s -> s.percent > 0 && s.percent < 100), "a share on the way: " + shares);
    for (Share s : before) {
      if (s.percent < 100) {
        assertTrue(s.left != null, "a line on the way says the time left: " + s.line);
      }
    }
  }

  /** A count's share is the line's own operations over the count, rounded down to a tenth. */
  private static void assertShareOfCount(List<Share> shares, long count) {
    for (Share s : shares) {
      assertEquals(Math.floor(s.operations * 1000.0 / count) / 10, s.percent, 1e-9, s.line);
    }
  }

  /** An estimated time left is what the line's current rate needs for the rest, to the second. */
  private static void assertLeftFromTheCurrentRate(List<Share> shares, long count) {
    int checked = 0;
    for (Share s : shares) {
      if (s.left == null || s.current <= 0 || s.percent >= 100) {
        continue;
      }
      assertTrue(s.line.contains(", about "), "an estimate says so: " + s.line);
      double expected = (count - s.operations) / s.current;
      // the line shows the rate to two decimals; the estimate uses it unrounded
      assertEquals(expected, seconds(s.left), 1.01, "the rest at the current rate: " + s.line);
      checked++;
    }
    assertTrue(checked > 0, "a line with an estimate: " + shares);
  }

  /**
   * A phase against the simulated database, every call taking 1 ms, on virtual time: the status
   * lines come at their exact instants and carry the model's figures, whatever the host is doing.
   */
  private static Run simulated(String phase, String... more) {
    List<String> args = new ArrayList<>(List.of(phase, "simulated", "-P", "../workloads/workloada", "-s",
        "-p", "simulated.servicetime=1ms"));
    args.addAll(List.of(more));
    return Run.of(args.toArray(new String[0]));
  }

  @Test
  void aLoadSaysTheShareOfItsRecordsLoadedAndTheTimeLeft() {
    Run r = simulated("load", "-p", "status.interval=0.4", "-p", "recordcount=2000", "-threads", "1");
    assertEquals(0, r.exitCode, r.toString());
    List<Share> shares = shares(r);
    assertRisesToAll(shares, "2000", "records");
    assertShareOfCount(shares, 2000);
    assertLeftFromTheCurrentRate(shares, 2000);
    Share first = shares.get(0);
    assertTrue(first.line.matches(".* \\d+ sec: \\d+ operations; [\\d.]+ current ops/sec; [\\d.]+% of 2000 records.*"),
        "the upstream start of the line, then the share: " + first.line);
  }

  @Test
  void aRunByOperationCountSaysTheShareOfItsOperationsAndTheTimeLeft() {
    Run r = simulated("run", "-p", "status.interval=0.4", "-p", "operationcount=1500", "-threads", "1");
    assertEquals(0, r.exitCode, r.toString());
    List<Share> shares = shares(r);
    assertRisesToAll(shares, "1500", "operations");
    assertShareOfCount(shares, 1500);
    assertLeftFromTheCurrentRate(shares, 1500);
    assertFalse(r.err.contains("est completion"), "one way of saying the time left: " + r.err);
  }

  @Test
  void aTimedRunSaysTheShareOfMaxExecutionTimeGoneAndTheExactTimeLeft() {
    Run r = simulated("run", "-p", "status.interval=0.4", "-p", "operationcount=0", "-p", "maxexecutiontime=2");
    assertEquals(0, r.exitCode, r.toString());
    List<Share> shares = shares(r);
    assertRisesToAll(shares, "2", "s");
    // on virtual time a line comes every 0.4 s to the nanosecond: 20% of the 2 s more each time, and
    // the rest of the 2 s rounded up to the second, as a countdown says it
    for (int k = 0; k < shares.size(); k++) {
      Share s = shares.get(k);
      double gone = Math.min(2, 0.4 * (k + 1));
      assertEquals(gone / 2 * 100, s.percent, 1e-9, "the share of the time gone: " + s.line);
      if (s.left != null) {
        assertFalse(s.line.contains(", about "), "a time left by the clock is exact: " + s.line);
        assertEquals((long) Math.ceil(2 - gone - 1e-9), seconds(s.left), "the rest of the 2 s: " + s.line);
      }
    }
  }

  @Test
  void withACountAndATimeTheOneThatEndsThePhaseFirstIsTold() {
    Run byTime = simulated("run", "-p", "status.interval=0.3", "-p", "operationcount=100000000",
        "-p", "maxexecutiontime=1");
    assertEquals(0, byTime.exitCode, byTime.toString());
    assertRisesToAll(shares(byTime), "1", "s");

    Run byCount = simulated("run", "-p", "status.interval=0.3", "-p", "operationcount=1000",
        "-p", "maxexecutiontime=600", "-threads", "1");
    assertEquals(0, byCount.exitCode, byCount.toString());
    List<Share> shares = shares(byCount);
    assertRisesToAll(shares, "1000", "operations");
    assertShareOfCount(shares, 1000);
  }

  @Test
  void aTimedWarmUpSaysHowFarItIsThenTheMeasuredPartItsOwn() {
    Run r = simulated("run", "-p", "status.interval=0.2", "-p", "operationcount=0",
        "-p", "warmupexecutiontime=1000", "-p", "maxexecutiontime=1");
    assertEquals(0, r.exitCode, r.toString());
    List<Double> warmup = warmupShares(r, "1", "s");
    // a line every 0.2 s of virtual time: 20% of the warm-up's 1 s more each time, with the rest
    // of it rounded up to the second (the line at 1 s may still see the warm-up, at 100%)
    for (String l : statusLines(r)) {
      Matcher m = WARMUP.matcher(l);
      if (m.find()) {
        double gone = 0.2 * (warmup.indexOf(Double.parseDouble(m.group(1))) + 1);
        assertEquals(gone * 100, Double.parseDouble(m.group(1)), 1e-9, "the share of the warm-up gone: " + l);
        if (m.group(5) != null) {
          assertEquals((long) Math.ceil(1 - gone - 1e-9), seconds(m.group(5)), "the rest of the warm-up: " + l);
        }
      }
    }
    assertTrue(warmup.size() >= 4, "the warm-up goes on: " + warmup);
    // then the measured window, 1 s of its own
    assertRisesToAll(shares(r), "1", "s");
  }

  @Test
  void aWarmUpByCountSaysHowManyOfItsOperationsAreDone() {
    Run r = simulated("run", "-p", "status.interval=0.2", "-p", "operationcount=0",
        "-p", "warmupoperationcount=600", "-p", "maxexecutiontime=1", "-threads", "1");
    assertEquals(0, r.exitCode, r.toString());
    List<Double> warmup = warmupShares(r, "600", "operations");
    assertTrue(warmup.stream().anyMatch(p -> p > 0 && p < 100), "the warm-up on its way: " + r.err);
    assertTrue(statusLines(r).stream().anyMatch(l -> l.contains("warming up: ") && l.contains(", about ")
        && l.contains(" left;")), "an estimate of the warm-up's time left: " + r.err);
    assertRisesToAll(shares(r), "1", "s");
  }

  /** @return the warm-up's shares, in order; they rise, come before the measured lines and say no throughput */
  private static List<Double> warmupShares(Run r, String of, String unit) {
    List<Double> out = new ArrayList<>();
    boolean measured = false;
    for (String l : statusLines(r)) {
      Matcher m = WARMUP.matcher(l);
      if (!m.find()) {
        measured |= l.contains(" current ops/sec;");
        continue;
      }
      assertFalse(measured, "the warm-up comes first: " + l + "\n" + r.err);
      assertFalse(l.contains("current ops/sec"), "no throughput while warming up: " + l);
      assertEquals(of, m.group(2), l);
      assertEquals(unit, m.group(3), l);
      double p = Double.parseDouble(m.group(1));
      assertTrue(out.isEmpty() || p >= out.get(out.size() - 1), "the warm-up's share rises: " + r.err);
      out.add(p);
    }
    assertTrue(out.size() >= 2, "lines during the warm-up:\n" + r.err);
    return out;
  }

  @Test
  void whileWaitingForTheStartTimeTheLineSaysSoAndHowLong() {
    long start = System.currentTimeMillis() + 1500;
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-s", "-p", "status.interval=0.3",
        "-p", "basicdb.verbose=false", "-p", "operationcount=100", "-p", "starttime=" + start);
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = statusLines(r);
    String at = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date(start));
    List<Long> left = new ArrayList<>();
    int i = 0;
    for (; i < lines.size() && lines.get(i).contains(" waiting for "); i++) {
      Matcher m = Pattern.compile(" 0 sec: 0 operations; waiting for the start time " + at + ", (\\d+) s left;$")
          .matcher(lines.get(i));
      assertTrue(m.find(), "says until when and how long: " + lines.get(i));
      left.add(Long.parseLong(m.group(1)));
    }
    assertTrue(left.size() >= 2, "a line when the wait begins and one per interval:\n" + r.err);
    assertTrue(left.get(0) <= 2, "at most 1.5 s to wait, rounded up: " + left);
    for (int k = 1; k < left.size(); k++) {
      assertTrue(left.get(k) <= left.get(k - 1), "the wait shrinks: " + left);
    }
    assertTrue(lines.get(i).contains(" 0 sec: 0 operations; starting;"), "then the start: " + lines);
    assertTrue(lines.stream().skip(i + 1).noneMatch(l -> l.contains("waiting for")), "no wait after the start: "
        + lines);
  }

  @Test
  void whileWaitingForAStartBarrierTheLineSaysSoThenTheInstantItWasTold() throws Exception {
    PipedOutputStream coordinator = new PipedOutputStream();
    PipedInputStream stdin = new PipedInputStream(coordinator);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Ycsb.execute(new String[] {"run", "basic",
        "-P", "../workloads/workloada", "-s", "-p", "status.interval=0.2", "-p", "basicdb.verbose=false",
        "-p", "operationcount=100", "-p", "startbarrier=stdio"}, stdin, new PrintStream(ByteArrayOutputStream
        .nullOutputStream()), errStream));
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!text(err).contains("ycsb-barrier: ready") && System.nanoTime() < until) {
      Thread.sleep(20);
    }
    Thread.sleep(500);
    long start = System.currentTimeMillis() + 1200;
    coordinator.write(("start " + start + "\n").getBytes(StandardCharsets.UTF_8));
    coordinator.flush();
    assertEquals(0, run.get(60, TimeUnit.SECONDS), text(err));
    List<String> lines = text(err).lines().filter(l -> l.contains(" sec: ")).toList();
    String at = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date(start));
    int barrier = 0;
    int instant = 0;
    int i = 0;
    for (; i < lines.size() && lines.get(i).contains(" waiting for "); i++) {
      if (lines.get(i).endsWith(" 0 sec: 0 operations; waiting for the start barrier;")) {
        assertEquals(0, instant, "the barrier first, then the instant it told: " + lines);
        barrier++;
      } else {
        assertTrue(lines.get(i).contains(" waiting for the start time " + at + ", "), lines.get(i));
        instant++;
      }
    }
    assertTrue(barrier >= 2, "lines while the barrier holds the start: " + lines);
    assertTrue(instant >= 1, "a line once the instant is told: " + lines);
    assertTrue(lines.get(i).contains(" starting;"), "then the start: " + lines);
  }

  private static String text(ByteArrayOutputStream b) {
    synchronized (b) {
      return b.toString(StandardCharsets.UTF_8);
    }
  }
}
