package site.ycsb.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.runner.PhaseListener;

/**
 * {@code measurementtype=timeseries} as YCSB prints it: after each operation's summary, one line
 * {@code [READ], <interval start ms>, <average latency us>} per interval. Built from the same
 * interval histograms as everything else.
 */
public final class TimeSeriesLines implements PhaseListener {
  private final Map<String, List<ResultLine>> bySection = new HashMap<>();
  private final long granularityNanos;
  private long measuredOriginNanos = -1;
  private IntervalStats pending = new IntervalStats();
  private long pendingNanos;
  private long lastElapsedNanos;
  private long nextRowEndNanos;

  /** @param granularityMillis the length of one interval */
  public TimeSeriesLines(long granularityMillis) {
    this.granularityNanos = granularityMillis * 1_000_000L;
    this.nextRowEndNanos = granularityNanos;
  }

  @Override
  public synchronized void onSample(long elapsedNanos, long sampleNanos, IntervalStats sample,
                                    IntervalStats total, boolean warmingUp) {
    if (warmingUp) {
      return;
    }
    if (measuredOriginNanos < 0) {
      measuredOriginNanos = elapsedNanos - sampleNanos;
    }
    pending.add(sample);
    pendingNanos += sampleNanos;
    lastElapsedNanos = elapsedNanos;
    // rows end on a grid of the granularity from the start of measurement: late reads do not drift it
    long sinceStart = elapsedNanos - measuredOriginNanos;
    if (sinceStart >= nextRowEndNanos) {
      flush();
      nextRowEndNanos = (sinceStart / granularityNanos + 1) * granularityNanos;
    }
  }

  @Override
  public synchronized void onEnd() {
    if (pendingNanos > 0 || pending.operations() > 0) {
      flush();
    }
  }

  private void flush() {
    IntervalStats interval = pending;
    long startMs = (lastElapsedNanos - pendingNanos - measuredOriginNanos) / 1_000_000L;
    pending = new IntervalStats();
    pendingNanos = 0;
    for (Operation op : Operation.all()) {
      for (Outcome outcome : new Outcome[] {Outcome.OK, Outcome.FAILED}) {
        LatencyStats s = interval.get(op, outcome);
        if (s.count() > 0) {
          String section = outcome.section(op);
          bySection.computeIfAbsent(section, k -> new ArrayList<>())
              .add(new ResultLine(section, Long.toString(startMs), Math.round(s.meanNanos()) / 1000.0));
        }
      }
    }
  }

  /** @return the lines of one section, in time order */
  public synchronized List<ResultLine> lines(String section) {
    return new ArrayList<>(bySection.getOrDefault(section, List.of()));
  }
}
