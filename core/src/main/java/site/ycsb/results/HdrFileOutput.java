package site.ycsb.results;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;

/**
 * {@code hdrhistogram.fileoutput=true}: an HdrHistogram interval log per section at
 * {@code <hdrhistogram.output.path><SECTION>.hdr}, where upstream writes it and in its unit
 * (microseconds), so tools written for upstream's files read these. One histogram per sampling
 * interval of the measured window.
 */
public final class HdrFileOutput implements PhaseListener {
  private final String prefix;
  private final Map<String, HistogramLogWriter> writers = new LinkedHashMap<>();
  private final Map<String, PrintStream> streams = new LinkedHashMap<>();
  private final long startEpochMillis = System.currentTimeMillis();

  /** @param prefix put before each section name, e.g. {@code /tmp/run1-} */
  public HdrFileOutput(String prefix) {
    this.prefix = prefix == null ? "" : prefix;
  }

  @Override
  public void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                       boolean warmingUp) {
    if (warmingUp) {
      return;
    }
    long endMs = startEpochMillis + elapsedNanos / 1_000_000L;
    long startMs = endMs - intervalNanos / 1_000_000L;
    for (Operation op : Operation.all()) {
      for (Outcome outcome : Outcome.values()) {
        write(outcome.section(op), interval.get(op, outcome), startMs, endMs);
      }
      for (Map.Entry<String, LatencyStats> e : interval.byErrorCode(op).entrySet()) {
        write(op.label() + "-" + e.getKey(), e.getValue(), startMs, endMs);
      }
    }
  }

  private void write(String section, LatencyStats s, long startMs, long endMs) {
    if (s.count() == 0) {
      return;
    }
    HistogramLogWriter w = writers.computeIfAbsent(section, this::open);
    Histogram us = inMicros(s.histogram());
    us.setStartTimeStamp(startMs);
    us.setEndTimeStamp(endMs);
    w.outputIntervalHistogram(us);
    streams.get(section).flush();
  }

  private HistogramLogWriter open(String section) {
    String name = prefix + section + ".hdr";
    try {
      PrintStream ps = new PrintStream(new FileOutputStream(name), false, StandardCharsets.UTF_8);
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputComment("[Logging for: " + section + "] latency in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(startEpochMillis);
      w.setBaseTime(startEpochMillis);
      w.outputLegend();
      streams.put(section, ps);
      return w;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + name + " (hdrhistogram.output.path)", e);
    }
  }

  /** Our histograms hold nanoseconds; upstream's files hold microseconds. */
  private static Histogram inMicros(Histogram nanos) {
    Histogram us = new Histogram(3);
    us.setAutoResize(true);
    for (HistogramIterationValue v : nanos.recordedValues()) {
      us.recordValueWithCount(Math.round(nanos.medianEquivalentValue(v.getValueIteratedTo()) / 1000.0),
          v.getCountAtValueIteratedTo());
    }
    return us;
  }

  @Override
  public void onEnd() {
    streams.values().forEach(PrintStream::close);
  }
}
