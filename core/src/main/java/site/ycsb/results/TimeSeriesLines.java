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
  private long measuredOriginNanos = -1;

  @Override
  public synchronized void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval,
                                    IntervalStats total, boolean warmingUp) {
    if (warmingUp) {
      return;
    }
    if (measuredOriginNanos < 0) {
      measuredOriginNanos = elapsedNanos - intervalNanos;
    }
    long startMs = (elapsedNanos - intervalNanos - measuredOriginNanos) / 1_000_000L;
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
