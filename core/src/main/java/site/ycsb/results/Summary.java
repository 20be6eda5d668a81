package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.runner.PhaseResult;

/**
 * Turns what a phase measured into result lines, in the order and with the names scripts for
 * YCSB expect. Latencies are microseconds with fractions (nanosecond resolution underneath).
 */
public final class Summary {
  private final double[] percentiles;
  private final boolean showOp;
  private final boolean showIntended;
  private TimeSeriesLines timeSeries;

  /**
   * @param percentiles the percentiles to report
   * @param measurementInterval op, intended or both
   */
  public Summary(double[] percentiles, String measurementInterval) {
    this.percentiles = percentiles.clone();
    this.showOp = !"intended".equals(measurementInterval);
    this.showIntended = !"op".equals(measurementInterval);
  }

  /** Appends YCSB-style time-series lines after each operation's section. */
  public void withTimeSeries(TimeSeriesLines lines) {
    this.timeSeries = lines;
  }

  /**
   * @param r what the phase measured
   * @param extra lines placed after the overall figures (client resources, JVM)
   * @return the result lines
   */
  public List<ResultLine> lines(PhaseResult r, List<ResultLine> extra) {
    List<ResultLine> out = new ArrayList<>();
    IntervalStats m = r.measured();
    double seconds = r.runtimeNanos() / 1e9;
    long ops = m.operations();
    long failed = m.failedOperations();
    out.add(new ResultLine("OVERALL", "RunTime(ms)", r.runtimeNanos() / 1_000_000L));
    out.add(new ResultLine("OVERALL", "Throughput(ops/sec)", seconds > 0 ? ops / seconds : 0.0));
    out.add(new ResultLine("OVERALL", "Operations", ops));
    out.add(new ResultLine("OVERALL", "FailedOperations", failed));
    out.add(new ResultLine("OVERALL", "SuccessfulThroughput(ops/sec)", seconds > 0 ? (ops - failed) / seconds : 0.0));
    out.add(new ResultLine("OVERALL", "Threads", (long) r.threads()));
    out.add(new ResultLine("OVERALL", "DbInitTime(ms)", r.initNanos() / 1_000_000L));
    out.add(new ResultLine("OVERALL", "CleanupTime(ms)", r.cleanupNanos() / 1_000_000L));
    out.add(new ResultLine("OVERALL", "AbandonedThreads", (long) r.abandonedThreads()));
    out.add(new ResultLine("OVERALL", "DiscardedAfterDeadline", r.discardedAfterDeadline()));
    if (r.missedSlots() > 0 || r.lateStarts() > 0 || r.notStartedSlots() > 0) {
      out.add(new ResultLine("THROTTLE", "MissedSlots", r.missedSlots()));
      out.add(new ResultLine("THROTTLE", "LateStarts", r.lateStarts()));
      out.add(new ResultLine("THROTTLE", "NotStarted", r.notStartedSlots()));
    }
    IntervalStats w = r.warmup();
    if (r.warmupNanos() > 0 || w.operations() > 0) {
      long wops = w.operations();
      out.add(new ResultLine("WARMUP", "RunTime(ms)", r.warmupNanos() / 1_000_000L));
      out.add(new ResultLine("WARMUP", "Operations", wops));
      out.add(new ResultLine("WARMUP", "Throughput(ops/sec)",
          r.warmupNanos() > 0 ? wops / (r.warmupNanos() / 1e9) : 0.0));
    }
    out.addAll(extra);
    if (showOp) {
      LatencyStats all = m.all(Outcome.OK);
      if (all.count() > 0) {
        latencySection(out, "ALL", all);
      }
    }
    for (Operation op : Operation.all()) {
      if (showOp) {
        LatencyStats ok = m.get(op, Outcome.OK);
        LatencyStats bad = m.get(op, Outcome.FAILED);
        if (ok.count() > 0 || bad.count() == 0 && op != Operation.VERIFY && ok.statusCounts().size() > 0) {
          latencySection(out, Outcome.OK.section(op), ok);
        }
        if (bad.count() > 0) {
          latencySection(out, Outcome.FAILED.section(op), bad);
        }
      }
      LatencyStats intended = m.get(op, Outcome.INTENDED);
      if (showIntended && intended.count() > 0) {
        latencySection(out, Outcome.INTENDED.section(op), intended);
      }
    }
    return out;
  }

  /** The lines of one section: counts, latency figures, return codes and retries. */
  public void latencySection(List<ResultLine> out, String section, LatencyStats s) {
    out.add(new ResultLine(section, "Operations", s.count()));
    out.add(new ResultLine(section, "AverageLatency(us)", round3(s.meanNanos() / 1000.0)));
    out.add(new ResultLine(section, "MinLatency(us)", micros(s.minNanos())));
    out.add(new ResultLine(section, "MaxLatency(us)", micros(s.maxNanos())));
    for (double p : percentiles) {
      out.add(new ResultLine(section, Percentiles.metricName(p), micros(s.percentileNanos(p))));
    }
    if (s.retries() > 0) {
      out.add(new ResultLine(section, "Retries", s.retries()));
    }
    for (Map.Entry<String, Long> e : s.statusCounts().entrySet()) {
      out.add(new ResultLine(section, "Return=" + e.getKey(), e.getValue()));
    }
    if (timeSeries != null) {
      out.addAll(timeSeries.lines(section));
    }
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }

  private static double round3(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }
}
