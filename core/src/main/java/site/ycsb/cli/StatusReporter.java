package site.ycsb.cli;

import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.Date;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.runner.PhaseListener;

/**
 * The status line on stderr: one when the workers start, one every {@code status.interval} seconds
 * and one at the end, as upstream prints them: elapsed time, operations so far, current
 * throughput (or that the run is still warming up), and per operation the figures of the last
 * interval.
 */
final class StatusReporter implements PhaseListener {
  private final PrintStream err;
  private final String label;
  private final long intervalNanos;
  private final long expectedOperations;
  private IntervalStats sinceLast = new IntervalStats();
  private long sinceLastNanos;
  private long lastElapsedNanos;
  private IntervalStats lastTotal;
  private boolean lastWarmingUp;
  private boolean printedAny;

  StatusReporter(PrintStream err, String label, double intervalSeconds, long expectedOperations) {
    this.err = err;
    this.label = label == null ? "" : label;
    this.intervalNanos = (long) (intervalSeconds * 1e9);
    this.expectedOperations = expectedOperations;
  }

  @Override
  public void onStart(long phaseStartEpochMillis) {
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
    StringBuilder sb = new StringBuilder(256);
    sb.append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date())).append(' ');
    if (!label.isEmpty()) {
      sb.append(label).append(' ');
    }
    sb.append(lastElapsedNanos / 1_000_000_000L).append(" sec: ").append(ops).append(" operations;");
    if (lastWarmingUp && lastElapsedNanos == 0) {
      sb.append(" starting;");
    } else if (lastWarmingUp) {
      // the measured window has not opened: a throughput of 0 would only mislead
      sb.append(" warming up;");
    } else if (sinceLastNanos > 0) {
      sb.append(' ').append(String.format("%.2f", current)).append(" current ops/sec;");
      if (!last && expectedOperations > 0 && current > 0) {
        long left = Math.max(0, expectedOperations - ops);
        sb.append(" est completion in ").append(duration((long) (left / current))).append(';');
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
    sinceLast = new IntervalStats();
    sinceLastNanos = 0;
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

  private static String duration(long seconds) {
    if (seconds < 60) {
      return seconds + " second" + (seconds == 1 ? "" : "s");
    }
    if (seconds < 3600) {
      return (seconds / 60) + " minute" + (seconds / 60 == 1 ? "" : "s");
    }
    return (seconds / 3600) + " hour" + (seconds / 3600 == 1 ? "" : "s");
  }
}
