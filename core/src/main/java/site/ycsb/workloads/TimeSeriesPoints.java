package site.ycsb.workloads;

import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;
import site.ycsb.StringByteIterator;
import site.ycsb.generator.OperationRandom;

/**
 * Produces the data points of one thread of the time-series workload: every series of the thread's
 * metrics in turn, then the clock moves one interval.
 */
final class TimeSeriesPoints {
  private TimeSeriesPoints() {
  }

  static String next(TimeSeriesWorkload w, TimeSeriesWorkload.ThreadState s, Map<String, ByteIterator> map,
                     boolean isInsert) {
    RandomGenerator random = OperationRandom.current();
    // with sparsity, a number of series are passed over without a point at this timestamp
    int skip = w.sparsity <= 0 ? 0 : random.nextInt(Math.max(1, (int) (w.perKeyCardinality * w.sparsity)));
    for (int i = 0; i < skip; i++) {
      advance(w, s);
    }
    String metric = fill(w, s, map, isInsert, random);
    advance(w, s);
    return metric;
  }

  private static String fill(TimeSeriesWorkload w, TimeSeriesWorkload.ThreadState s, Map<String, ByteIterator> map,
                             boolean isInsert, RandomGenerator random) {
    if (s.rollover) {
      s.timestampGenerator.nextValue();
      s.rollover = false;
    }
    String metric = w.keys[s.keyIdx];
    TreeMap<String, String> tags = w.dataintegrity ? new TreeMap<>() : null;
    int seriesIdx = s.keyIdx * w.cumulativeCardinality[0];
    for (int i = 0; i < w.tagPairs; i++) {
      String value = w.tagValues[s.tagValueIdxs[i]];
      map.put(w.tagKeys[i], new StringByteIterator(value));
      if (tags != null) {
        tags.put(w.tagKeys[i], value);
      }
      seriesIdx += s.tagValueIdxs[i] * w.cumulativeCardinality[i + 1];
    }
    long now = s.timestampGenerator.currentValue();
    long timestamp = now;
    if (!isInsert) {
      // an update rewrites a point somewhere between the first timestamp and now
      long intervals = (now - s.startTimestamp) / w.timestampInterval;
      timestamp = s.startTimestamp + (long) random.nextInt((int) Math.max(1, intervals)) * w.timestampInterval;
    } else if (w.delayedSeries > 0 && (double) seriesIdx / w.totalCardinality < w.delayedSeries) {
      // the first share of the series reports late, by up to delayedintervals intervals
      timestamp = now - (long) w.timestampInterval * Math.abs(seriesIdx % Math.max(1, w.delayedIntervals));
    }
    map.put(w.timestampKey, new NumericByteIterator(timestamp));
    map.put(w.valueKey, value(w, tags, metric, timestamp, random));
    return metric;
  }

  private static NumericByteIterator value(TimeSeriesWorkload w, TreeMap<String, String> tags, String metric,
                                           long timestamp, RandomGenerator random) {
    if (tags != null) {
      return new NumericByteIterator(w.validationFunction(metric, timestamp, tags));
    }
    switch (w.valueType) {
    case INTEGERS:
      return new NumericByteIterator(random.nextInt());
    case FLOATS:
      return new NumericByteIterator(random.nextDouble() * 100000);
    default:
      return random.nextBoolean()
          ? new NumericByteIterator(random.nextInt())
          : new NumericByteIterator(random.nextDouble() * 100000);
    }
  }

  /** Moves to the next series: the last tag counts fastest, then the metric; past the slice the clock moves. */
  private static void advance(TimeSeriesWorkload w, TimeSeriesWorkload.ThreadState s) {
    boolean carry = true;
    for (int i = w.tagPairs - 1; i >= 0 && carry; i--) {
      if (s.tagValueIdxs[i] + 1 < w.tagCardinality[i]) {
        s.tagValueIdxs[i]++;
        carry = false;
      } else {
        s.tagValueIdxs[i] = 0;
      }
    }
    if (carry) {
      if (s.keyIdx + 1 >= s.keyIdxEnd) {
        s.keyIdx = s.keyIdxStart;
        s.rollover = true;
      } else {
        s.keyIdx++;
      }
    }
  }
}
