package site.ycsb.workloads;

import static site.ycsb.workloads.TimeSeriesWorkload.*;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.WorkloadException;
import site.ycsb.generator.IncrementingPrintableStringGenerator;

/** Generates the metric names, tag keys and tag values of the time-series workload and its cardinalities. */
final class TimeSeriesKeySpace {
  private TimeSeriesKeySpace() {
  }

  static void build(TimeSeriesWorkload w) throws WorkloadException {
    int keyLength = Integer.parseInt(w.properties.getProperty(CoreWorkload.FIELD_LENGTH_PROPERTY,
        CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT).trim());
    int tagKeyLength = Integer.parseInt(w.properties.getProperty(TAG_KEY_LENGTH_PROPERTY,
        TAG_KEY_LENGTH_PROPERTY_DEFAULT).trim());
    int tagValueLength = Integer.parseInt(w.properties.getProperty(TAG_VALUE_LENGTH_PROPERTY,
        TAG_VALUE_LENGTH_PROPERTY_DEFAULT).trim());
    w.keyGenerator = new IncrementingPrintableStringGenerator(keyLength);
    w.tagKeyGenerator = new IncrementingPrintableStringGenerator(tagKeyLength);
    w.tagValueGenerator = new IncrementingPrintableStringGenerator(tagValueLength);

    int maxCardinality = readCardinalities(w);
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

  /** Parses {@code tagcardinality}; tag keys it does not mention get one value. */
  private static int readCardinalities(TimeSeriesWorkload w) throws WorkloadException {
    String[] parts = w.properties.getProperty(TAG_CARDINALITY_PROPERTY, TAG_CARDINALITY_PROPERTY_DEFAULT).split(",");
    w.totalCardinality = w.numKeys;
    w.perKeyCardinality = 1;
    int max = 1;
    for (int i = 0; i < w.tagPairs; i++) {
      int cardinality = 1;
      if (i < parts.length) {
        try {
          cardinality = Integer.parseInt(parts[i].trim());
        } catch (NumberFormatException e) {
          throw new WorkloadException("'" + TAG_CARDINALITY_PROPERTY + "': cannot parse " + parts[i], e);
        }
        if (cardinality < 1) {
          throw new WorkloadException("'" + TAG_CARDINALITY_PROPERTY + "': cardinality must be above zero, got "
              + cardinality);
        }
      }
      w.tagCardinality[i] = cardinality;
      w.totalCardinality *= cardinality;
      w.perKeyCardinality *= cardinality;
      max = Math.max(max, cardinality);
    }
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
    Random random = ThreadLocalRandom.current();
    for (int i = values.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      String t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
