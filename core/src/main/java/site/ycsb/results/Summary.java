package site.ycsb.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseResult;

/**
 * Turns what a phase measured into result lines, in the order and with the names scripts for
 * YCSB expect. Minimum, maximum and percentiles are whole microseconds as upstream prints them
 * (parsers read them with {@code int()}), or microseconds with three decimals when asked; the
 * average is a decimal either way.
 */
public final class Summary {
  private final double[] percentiles;
  private final boolean showOp;
  private final boolean showIntended;
  private final boolean latencyDecimals;
  private TimeSeriesLines timeSeries;
  private int histogramBuckets;
  private boolean rawLines;
  private boolean rawStatistics;

  /**
   * @param percentiles the percentiles to report
   * @param measurementInterval op, intended or both
   */
  public Summary(double[] percentiles, String measurementInterval) {
    this(percentiles, measurementInterval, false);
  }

  /**
   * @param percentiles the percentiles to report
   * @param measurementInterval op, intended or both
   * @param latencyDecimals whether latencies get three decimals instead of whole microseconds
   */
  public Summary(double[] percentiles, String measurementInterval, boolean latencyDecimals) {
    this.percentiles = percentiles.clone();
    this.showOp = !"intended".equals(measurementInterval);
    this.showIntended = !"op".equals(measurementInterval);
    this.latencyDecimals = latencyDecimals;
  }

  /**
   * Appends the 1-ms bucket lines of upstream's verbose {@code measurementtype=histogram} to each section.
   *
   * @param buckets the number of 1-ms buckets; 0 for none
   */
  public void withHistogramBuckets(int buckets) {
    this.histogramBuckets = buckets;
  }

  /**
   * Appends upstream's {@code measurementtype=raw} lines ({@code Total Operations} and the summary
   * statistics) to each section that has raw samples.
   *
   * @param statistics false for {@code measurement.raw.no_summary=true}: the count only
   */
  public void withRawSummary(boolean statistics) {
    this.rawLines = true;
    this.rawStatistics = statistics;
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
    long written = m.bytesWritten();
    long read = m.bytesRead();
    if (written > 0 || read > 0) {
      out.add(new ResultLine("OVERALL", "BytesWritten", written));
      out.add(new ResultLine("OVERALL", "BytesRead", read));
      out.add(new ResultLine("OVERALL", "Throughput(MB/sec)", megabytesPerSecond(written + read, seconds)));
      out.add(new ResultLine("OVERALL", "WriteThroughput(MB/sec)", megabytesPerSecond(written, seconds)));
      out.add(new ResultLine("OVERALL", "ReadThroughput(MB/sec)", megabytesPerSecond(read, seconds)));
    }
    out.add(new ResultLine("OVERALL", "Threads", (long) r.threads()));
    out.add(new ResultLine("OVERALL", "DbInitTime(ms)", r.initNanos() / 1_000_000L));
    out.add(new ResultLine("OVERALL", "CleanupTime(ms)", r.cleanupNanos() / 1_000_000L));
    out.add(new ResultLine("OVERALL", "AbandonedThreads", (long) r.abandonedThreads()));
    out.add(new ResultLine("OVERALL", "DiscardedAfterDeadline", r.discardedAfterDeadline()));
    if (r.inflight() > 0) {
      out.add(new ResultLine("OVERALL", "InFlightPerThread", (long) r.inflight()));
      out.add(new ResultLine("OVERALL", "AbandonedOperations", r.abandonedOperations()));
    }
    if (m.intendedOperations() > 0) {
      // the load the schedule offered in the window, beside what was achieved
      out.add(new ResultLine("THROTTLE", "IntendedOperations", Math.round(m.intendedOperations())));
      out.add(new ResultLine("THROTTLE", "IntendedThroughput(ops/sec)",
          seconds > 0 ? round3(m.intendedOperations() / seconds) : 0.0));
    }
    if (r.missedSlots() > 0 || r.lateStarts() > 0 || r.notStartedSlots() > 0 || r.inflightLimitWaits() > 0) {
      out.add(new ResultLine("THROTTLE", "MissedSlots", r.missedSlots()));
      out.add(new ResultLine("THROTTLE", "LateStarts", r.lateStarts()));
      out.add(new ResultLine("THROTTLE", "NotStarted", r.notStartedSlots()));
      if (r.inflight() > 0) {
        out.add(new ResultLine("THROTTLE", "InFlightLimitWaits", r.inflightLimitWaits()));
      }
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
        if (ok.count() > 0 || bad.count() > 0) {
          operationSection(out, op, ok, bad);
          rawSummary(out, op, Outcome.OK, ok);
        }
        if (bad.count() > 0) {
          latencySection(out, Outcome.FAILED.section(op), bad);
          rawSummary(out, op, Outcome.FAILED, bad);
        }
        for (Map.Entry<String, LatencyStats> e : m.byErrorCode(op).entrySet()) {
          latencySection(out, op.label() + "-" + e.getKey(), e.getValue());
        }
      }
      LatencyStats intended = m.get(op, Outcome.INTENDED);
      if (showIntended && intended.count() > 0) {
        latencySection(out, Outcome.INTENDED.section(op), intended);
      }
    }
    // what bindings and workloads measured themselves (upstream's Measurements), under their names
    if (showOp) {
      m.named(false).forEach((name, s) -> namedSection(out, name, s));
    }
    if (showIntended) {
      m.named(true).forEach((name, s) -> namedSection(out, "Intended-" + name, s));
    }
    return out;
  }

  /** A section a binding named: its latencies if it measured any, and the return codes it reported. */
  private void namedSection(List<ResultLine> out, String section, LatencyStats s) {
    if (s.count() > 0) {
      latencySection(out, section, s);
      return;
    }
    out.add(new ResultLine(section, "Operations", 0L));
    s.statusCounts().forEach((code, n) -> out.add(new ResultLine(section, "Return=" + code, n)));
  }

  /**
   * The section of an operation ({@code [READ]}), as upstream prints it: the latency figures of
   * the successful calls, and the return codes of all calls, failed ones included, so that
   * {@code grep '[READ], Return=ERROR'} finds the errors. Its {@code Return=} lines therefore sum
   * to its {@code Operations} plus those of {@code [READ-FAILED]}.
   */
  private void operationSection(List<ResultLine> out, Operation op, LatencyStats ok, LatencyStats failed) {
    String section = Outcome.OK.section(op);
    Map<String, Long> codes = new LinkedHashMap<>(ok.statusCounts());
    failed.statusCounts().forEach((code, n) -> codes.merge(code, n, Long::sum));
    if (ok.count() > 0) {
      latencyFigures(out, section, ok);
    } else {
      // every call failed: the section still carries the count and the codes, but no latencies
      out.add(new ResultLine(section, "Operations", 0L));
    }
    codes.forEach((code, n) -> out.add(new ResultLine(section, "Return=" + code, n)));
    if (ok.bytes() > 0) {
      out.add(new ResultLine(section, op.writes() ? "BytesWritten" : "BytesRead", ok.bytes()));
    }
    extraLines(out, section, ok);
  }

  /** The lines of one section: counts, latency figures, return codes and retries. */
  public void latencySection(List<ResultLine> out, String section, LatencyStats s) {
    latencyFigures(out, section, s);
    for (Map.Entry<String, Long> e : s.statusCounts().entrySet()) {
      out.add(new ResultLine(section, "Return=" + e.getKey(), e.getValue()));
    }
    extraLines(out, section, s);
  }

  private void latencyFigures(List<ResultLine> out, String section, LatencyStats s) {
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
  }

  /** The raw type's lines, for the sections its samples cover (every one with a return code). */
  private void rawSummary(List<ResultLine> out, Operation op, Outcome outcome, LatencyStats s) {
    if (rawLines && op != Operation.START_LAG) {
      out.addAll(RawSummaryLines.lines(outcome.section(op), s, rawStatistics));
    }
  }

  private void extraLines(List<ResultLine> out, String section, LatencyStats s) {
    if (histogramBuckets > 0 && s.count() > 0) {
      out.addAll(HistogramBuckets.lines(section, s, histogramBuckets));
    }
    if (timeSeries != null) {
      out.addAll(timeSeries.lines(section));
    }
  }

  private Number micros(long nanos) {
    return latencyDecimals ? (Number) (nanos / 1000.0) : (Number) Math.round(nanos / 1000.0);
  }

  /** MB are 10^6 bytes, as disk and network rates are given. */
  private static double megabytesPerSecond(long bytes, double seconds) {
    return seconds > 0 ? round3(bytes / 1e6 / seconds) : 0.0;
  }

  private static double round3(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }
}
