package site.ycsb.workloads;

import java.util.random.RandomGenerator;
import site.ycsb.WorkloadException;
import site.ycsb.generator.IncrementingPrintableStringGenerator;
import site.ycsb.generator.OperationRandom;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;
import site.ycsb.props.TimeSeriesProperties;

/** Generates the metric names, tag keys and tag values of the time-series workload and its cardinalities. */
final class TimeSeriesKeySpace {
  private TimeSeriesKeySpace() {
  }

  static void build(TimeSeriesWorkload w) throws WorkloadException {
    int keyLength = CoreProperties.FIELD_LENGTH.getInt(w.properties);
    int tagKeyLength = TimeSeriesProperties.TAG_KEY_LENGTH.getInt(w.properties);
    int tagValueLength = TimeSeriesProperties.TAG_VALUE_LENGTH.getInt(w.properties);
    w.keyGenerator = new IncrementingPrintableStringGenerator(keyLength);
    w.tagKeyGenerator = new IncrementingPrintableStringGenerator(tagKeyLength);
    w.tagValueGenerator = new IncrementingPrintableStringGenerator(tagValueLength);

    int maxCardinality = countSeries(w);
    if (w.numKeys < w.configuredThreads()) {
      throw new WorkloadException("Field count " + w.numKeys + " (metrics of the time series workload) must be at"
          + " least the thread count " + w.configuredThreads());
    }
    w.firstIncrementableCardinality = 0;
    for (int i = 0; i < w.tagCardinality.length; i++) {
      if (w.tagCardinality[i] > 1) {
        w.firstIncrementableCardinality = i;
        break;
      }
    }
    w.keys = new String[w.numKeys];
    for (int i = 0; i < w.numKeys; i++) {
      w.keys[i] = w.keyGenerator.nextValue();
    }
    w.tagKeys = new String[w.tagPairs];
    for (int i = 0; i < w.tagPairs; i++) {
      w.tagKeys[i] = w.tagKeyGenerator.nextValue();
    }
    w.tagValues = new String[maxCardinality];
    for (int i = 0; i < maxCardinality; i++) {
      w.tagValues[i] = w.tagValueGenerator.nextValue();
    }
    if (w.randomizeTimeseriesOrder) {
      shuffle(w.keys);
      shuffle(w.tagValues);
    }
    w.maxOffsets = (w.recordcount / w.totalCardinality) + 1;
    w.cumulativeCardinality = cumulative(w);
  }

  /**
   * Counts the series: metrics times the product of the tag cardinalities. Series are numbered
   * with ints, so a count beyond that range is refused rather than wrapped around.
   *
   * @return the largest cardinality of one tag key (the tag values to generate)
   */
  private static int countSeries(TimeSeriesWorkload w) {
    long perKey = 1;
    int max = 1;
    for (int cardinality : w.tagCardinality) {
      perKey *= cardinality;
      max = Math.max(max, cardinality);
      if (perKey > Integer.MAX_VALUE / w.numKeys) {
        throw new PropertyException("property " + TimeSeriesProperties.TAG_CARDINALITY.name() + "="
            + TimeSeriesProperties.TAG_CARDINALITY.get(w.properties) + " with " + CoreProperties.FIELD_COUNT.name()
            + "=" + w.numKeys + " gives more series than the workload can number: expected at most "
            + Integer.MAX_VALUE + " series (fieldcount times the product of tagcardinality)");
      }
    }
    w.perKeyCardinality = (int) perKey;
    w.totalCardinality = (int) (perKey * w.numKeys);
    return max;
  }

  /** For the metric and each tag position: how many series one step at that position spans. */
  private static int[] cumulative(TimeSeriesWorkload w) {
    int[] spans = new int[w.tagPairs + 1];
    int span = 1;
    for (int i = w.tagPairs; i >= 1; i--) {
      spans[i] = span;
      span *= w.tagCardinality[i - 1];
    }
    spans[0] = span;
    return spans;
  }

  private static void shuffle(String[] values) {
    RandomGenerator random = OperationRandom.current();
    for (int i = values.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      String t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
