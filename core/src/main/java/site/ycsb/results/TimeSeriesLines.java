package site.ycsb.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;

/**
 * {@code measurementtype=timeseries} as YCSB prints it: after each operation's summary, one line
 * {@code [READ], <interval start ms>, <average latency us>} per interval. Built from the same
 * interval histograms as everything else.
 */
public final class TimeSeriesLines implements PhaseListener {
  private final Map<String, List<ResultLine>> bySection = new HashMap<>();
  private final long granularityNanos;
  private long measuredOriginNanos = -1;
  private final IntervalStats pending = new IntervalStats();
  private long pendingNanos;
  private long nextRowEndNanos;
  /** Where the row being gathered starts on the grid: its label, a multiple of the granularity as upstream's. */
  private long rowStartNanos;

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
    // rows end on a grid of the granularity from the start of measurement: late reads do not drift it
    long sinceStart = elapsedNanos - measuredOriginNanos;
    if (sinceStart >= nextRowEndNanos) {
      flush();
      rowStartNanos = (sinceStart / granularityNanos) * granularityNanos;
      nextRowEndNanos = rowStartNanos + granularityNanos;
    }
  }

  @Override
  public synchronized void onEnd() {
    if (pendingNanos > 0 || pending.operations() > 0) {
      flush();
    }
  }

  private void flush() {
    // labelled by where the row starts on the grid, not by the read that began it (a read late by a
    // millisecond on a busy machine would label the row 1001 instead of 1000)
    long startMs = rowStartNanos / 1_000_000L;
    pendingNanos = 0;
    for (Operation op : Operation.all()) {
      for (Outcome outcome : new Outcome[] {Outcome.OK, Outcome.FAILED}) {
        LatencyStats s = pending.get(op, outcome);
        if (s.count() > 0) {
          String section = outcome.section(op);
          bySection.computeIfAbsent(section, k -> new ArrayList<>())
              .add(new ResultLine(section, Long.toString(startMs), Math.round(s.meanNanos()) / 1000.0));
        }
      }
    }
    // emptied, not made anew: the next row reuses its memory
    pending.reset();
  }

  /** @return the lines of one section, in time order */
  public synchronized List<ResultLine> lines(String section) {
    return new ArrayList<>(bySection.getOrDefault(section, List.of()));
  }
}
