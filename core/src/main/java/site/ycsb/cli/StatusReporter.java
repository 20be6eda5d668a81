package site.ycsb.cli;

import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.measurements.PhaseListener;

/**
 * The status line on stderr: one when the workers start, one every {@code status.interval} seconds
 * and one at the end, as upstream prints them: elapsed time, operations so far, current
 * throughput, how far the phase is and the time left (or how far the warm-up is), and per
 * operation the figures of the last interval. While the phase waits for its start (a start time,
 * a start barrier) a line every interval says so.
 */
final class StatusReporter implements PhaseListener {
  private final PrintStream err;
  private final String label;
  private final long intervalNanos;
  private final PhaseProgress progress;
  /** The phase so far: the measured window's length and the warm-up's count, which samples do not carry. */
  private Supplier<PhaseResult> figures;
  private final IntervalStats sinceLast = new IntervalStats();
  private long sinceLastNanos;
  private long lastElapsedNanos;
  private IntervalStats lastTotal;
  private boolean lastWarmingUp;
  private boolean printedAny;
  /** When the previous line was printed and the warm-up count then: the warm-up's current rate. */
  private long printedElapsedNanos;
  private long printedWarmupOperations;

  /** Guards the wait for the start, whose lines come from a thread of their own. */
  private final Object waitLock = new Object();
  private boolean waiting;
  private long awaitedStartEpochMillis;

  StatusReporter(PrintStream err, String label, double intervalSeconds, PhaseProgress progress) {
    this.err = err;
    this.label = label == null ? "" : label;
    this.intervalNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), (long) (intervalSeconds * 1e9));
    this.progress = progress;
  }

  /**
   * @param source the phase so far ({@code Runner::progress}); without it the measured window is
   *     taken to be the time since the start and the warm-up's count is not told
   */
  void progressFrom(Supplier<PhaseResult> source) {
    this.figures = source;
  }

  @Override
  public void onAwaitingStart(long startEpochMillis) {
    synchronized (waitLock) {
      boolean first = !waiting;
      waiting = true;
      awaitedStartEpochMillis = startEpochMillis;
      // at once, and again when a barrier has told the instant
      err.println(waitingLine());
      if (first) {
        Thread t = new Thread(this::printWhileWaiting, "ycsb-status-start-wait");
        t.setDaemon(true);
        t.start();
      }
    }
  }

  @Override
  public void onStartCalledOff() {
    stopWaiting();
  }

  @Override
  public void onStart(long phaseStartEpochMillis) {
    stopWaiting();
    // as upstream: a first line the moment the workers start
    lastTotal = new IntervalStats();
    lastWarmingUp = true;
    print(false);
    lastTotal = null;
  }

  @Override
  public void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                       boolean warmingUp) {
    sinceLast.add(interval);
    sinceLastNanos += intervalNanos;
    lastElapsedNanos = elapsedNanos;
    lastTotal = total;
    lastWarmingUp = warmingUp;
    // as upstream: a first line right away, then one per status.interval, and a final one
    if (printedAny && sinceLastNanos < this.intervalNanos) {
      return;
    }
    print(false);
  }

  @Override
  public void onEnd() {
    if (lastTotal != null) {
      print(true);
    }
  }

  private void print(boolean last) {
    long ops = lastTotal.operations();
    double current = sinceLastNanos > 0 ? sinceLast.operations() / (sinceLastNanos / 1e9) : 0;
    StringBuilder sb = head(lastElapsedNanos, ops);
    PhaseResult soFar = lastElapsedNanos > 0 && figures != null ? figures.get() : null;
    if (lastWarmingUp && lastElapsedNanos == 0) {
      sb.append(" starting;");
    } else if (lastWarmingUp) {
      // the measured window has not opened: a throughput of 0 would only mislead
      sb.append(' ').append(warmupShare(soFar, last)).append(';');
    } else {
      if (sinceLastNanos > 0) {
        sb.append(' ').append(String.format("%.2f", current)).append(" current ops/sec;");
      }
      long measuredNanos = soFar != null ? soFar.runtimeNanos() : lastElapsedNanos;
      String share = progress.measured(ops, measuredNanos, current, last);
      if (share != null) {
        sb.append(' ').append(share).append(';');
      }
    }
    for (Operation op : Operation.all()) {
      LatencyStats s = sinceLast.get(op, Outcome.OK);
      LatencyStats f = sinceLast.get(op, Outcome.FAILED);
      if (s.count() > 0) {
        section(sb, op.label(), s);
      }
      if (f.count() > 0) {
        section(sb, op.label() + "-FAILED", f);
      }
    }
    err.println(sb);
    printedAny = true;
    sinceLast.reset();
    sinceLastNanos = 0;
    printedElapsedNanos = lastElapsedNanos;
  }

  /** @return how far the warm-up is, its count's rate taken since the previous line */
  private String warmupShare(PhaseResult soFar, boolean last) {
    long done = soFar == null ? 0 : soFar.warmup().operations();
    long spanNanos = lastElapsedNanos - printedElapsedNanos;
    double rate = spanNanos > 0 ? (done - printedWarmupOperations) / (spanNanos / 1e9) : 0;
    printedWarmupOperations = done;
    return progress.warmup(done, lastElapsedNanos, rate, last);
  }

  /** @return the upstream start of every line: date, label, elapsed seconds, operations */
  private StringBuilder head(long elapsedNanos, long operations) {
    StringBuilder sb = new StringBuilder(256);
    sb.append(timestamp(System.currentTimeMillis())).append(' ');
    if (!label.isEmpty()) {
      sb.append(label).append(' ');
    }
    return sb.append(elapsedNanos / 1_000_000_000L).append(" sec: ").append(operations).append(" operations;");
  }

  private static String timestamp(long epochMillis) {
    return new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date(epochMillis));
  }

  /** @return e.g. {@code ... 0 sec: 0 operations; waiting for the start time 2026-11-25 16:00:00:000, 12 s left;} */
  private String waitingLine() {
    StringBuilder sb = head(0, 0);
    long start = awaitedStartEpochMillis;
    if (start <= 0) {
      return sb.append(" waiting for the start barrier;").toString();
    }
    return sb.append(" waiting for the start time ").append(timestamp(start)).append(", ")
        .append(PhaseProgress.timeLeft(start - System.currentTimeMillis())).append(" left;").toString();
  }

  /** One waiting line per interval until the workers start or the start is called off. */
  private void printWhileWaiting() {
    synchronized (waitLock) {
      long next = System.nanoTime() + intervalNanos;
      try {
        while (waiting) {
          long left = next - System.nanoTime();
          if (left > 0) {
            TimeUnit.NANOSECONDS.timedWait(waitLock, left);
            continue;
          }
          err.println(waitingLine());
          // stay on the grid; lines missed while late are not made up
          while (next <= System.nanoTime()) {
            next += intervalNanos;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void stopWaiting() {
    synchronized (waitLock) {
      waiting = false;
      waitLock.notifyAll();
    }
  }

  private static void section(StringBuilder sb, String name, LatencyStats s) {
    sb.append(" [").append(name).append(": Count=").append(s.count())
        .append(", Max=").append(us(s.maxNanos()))
        .append(", Min=").append(us(s.minNanos()))
        .append(", Avg=").append(String.format("%.2f", s.meanNanos() / 1000.0))
        .append(", 90=").append(us(s.percentileNanos(90)))
        .append(", 99=").append(us(s.percentileNanos(99)))
        .append(", 99.9=").append(us(s.percentileNanos(99.9)))
        .append(", 99.99=").append(us(s.percentileNanos(99.99)))
        .append(']');
  }

  private static String us(long nanos) {
    return Long.toString(Math.round(nanos / 1000.0));
  }
}
