package site.ycsb.workloads;

import static site.ycsb.props.TimeSeriesProperties.*;

import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.WorkloadException;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.RandomDiscreteTimestampGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SequentialGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.UnixEpochTimestampGenerator;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.PropertyException;
import site.ycsb.workloads.TimeSeriesWorkload.ValueType;

/**
 * Reads the time-series workload's properties into its fields through their declarations
 * ({@link TimeSeriesProperties}), and checks what one declaration cannot: values that must agree
 * with each other. A bad value is a {@link PropertyException}: one line naming it, before any point
 * is written.
 */
final class TimeSeriesSettings {
  private TimeSeriesSettings() {
  }

  static void read(TimeSeriesWorkload w, Properties p) throws WorkloadException {
    w.recordcount = recordCount(p);
    w.timestampKey = TIMESTAMP_KEY.get(p);
    w.valueKey = VALUE_KEY.get(p);
    w.operationchooser = CoreWorkload.createOperationGenerator(p);
    w.scanlength = scanLength(p);
    w.randomizeTimestampOrder = RANDOMIZE_TIMESTAMP_ORDER.getBoolean(p);
    w.randomizeTimeseriesOrder = RANDOMIZE_TIMESERIES_ORDER.getBoolean(p);
    w.numKeys = CoreProperties.FIELD_COUNT.getInt(p);
    w.tagPairs = TAG_COUNT.getInt(p);
    w.tagCardinality = cardinalities(p, w.tagPairs);
    w.sparsity = SPARSITY.getDouble(p);
    w.keychooser = keyChooser(p, w.numKeys);
    w.timestampInterval = TIMESTAMP_INTERVAL.getInt(p);
    w.timeUnits = TimeUnit.valueOf(TIMESTAMP_UNITS.getChoice(p).toUpperCase(Locale.ROOT));
    w.tagPairDelimiter = delimiter(p, PAIR_DELIMITER);
    w.deleteDelimiter = delimiter(p, DELETE_DELIMITER);
    w.dataintegrity = CoreProperties.DATA_INTEGRITY.getBoolean(p);
    w.queryTimeSpan = QUERY_TIMESPAN.getInt(p);
    w.queryRandomTimeSpan = QUERY_RANDOM_TIMESPAN.getBoolean(p);
    w.queryTimeSpanDelimiter = delimiter(p, QUERY_TIMESPAN_DELIMITER);
    w.groupByKey = GROUPBY_KEY.get(p);
    String groupBy = GROUPBY_FUNCTION.getChoice(p);
    if (groupBy != null) {
      w.groupByFunction = groupBy.toUpperCase(Locale.ROOT);
      w.groupBys = groupBys(p, w.tagPairs);
      w.groupBy = true;
    }
    w.downsampleKey = DOWNSAMPLING_KEY.get(p);
    String downsampling = DOWNSAMPLING_FUNCTION.getChoice(p);
    if (downsampling != null) {
      if (!DOWNSAMPLING_INTERVAL.isSet(p)) {
        throw new PropertyException("property " + DOWNSAMPLING_FUNCTION.name() + "=" + DOWNSAMPLING_FUNCTION.get(p)
            + " needs " + DOWNSAMPLING_INTERVAL.name() + ": the width of a bucket in " + TIMESTAMP_UNITS.name());
      }
      w.downsampleFunction = downsampling.toUpperCase(Locale.ROOT);
      w.downsampleInterval = DOWNSAMPLING_INTERVAL.getInt(p);
      w.downsample = true;
    }
    w.delayedSeries = DELAYED_SERIES.getDouble(p);
    w.delayedIntervals = DELAYED_INTERVALS.getInt(p);
    w.valueType = ValueType.fromString(VALUE_TYPE.getChoice(p));
    w.table = CoreProperties.TABLE.get(p);
  }

  /** @return a fresh clock for one thread, starting at {@code insertstart} or now */
  static UnixEpochTimestampGenerator clock(TimeSeriesWorkload w) throws WorkloadException {
    if (!hasInsertStart(w.properties)) {
      return w.randomizeTimestampOrder
          ? new RandomDiscreteTimestampGenerator(w.timestampInterval, w.timeUnits, w.maxOffsets)
          : new UnixEpochTimestampGenerator(w.timestampInterval, w.timeUnits);
    }
    long first = CoreProperties.INSERT_START.getLong(w.properties);
    return w.randomizeTimestampOrder
        ? new RandomDiscreteTimestampGenerator(w.timestampInterval, w.timeUnits, first, w.maxOffsets)
        : new UnixEpochTimestampGenerator(w.timestampInterval, w.timeUnits, first);
  }

  /** @return whether {@code insertstart} gives the first timestamp; unset (or empty) means the current time */
  static boolean hasInsertStart(Properties p) {
    return CoreProperties.INSERT_START.isSet(p) && !CoreProperties.INSERT_START.get(p).isEmpty();
  }

  /** @return {@code recordcount} as the workload counts points: 0 (no limit) and more than an int are the most */
  private static int recordCount(Properties p) {
    long count = CoreProperties.RECORD_COUNT.getLong(p);
    return count == 0 || count > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) count;
  }

  /**
   * @return one number of values per tag key. Upstream documents that {@code tagcardinality} has
   *     {@code tagcount} entries; a list of another length (which upstream silently cut or padded
   *     with ones) is refused, since the series it gives are not the ones the user counted on
   */
  private static int[] cardinalities(Properties p, int tags) {
    String given = TAG_CARDINALITY.get(p);
    if (!TAG_CARDINALITY.isSet(p)) {
      if (tags == 0) {
        return new int[0];
      }
      int[] defaults = TAG_CARDINALITY.getIntegerList(p);
      if (defaults.length != tags) {
        throw new PropertyException("property " + TAG_COUNT.name() + "=" + tags + " needs " + TAG_CARDINALITY.name()
            + ": expected " + tags + " numbers, one per tag (its default " + given + " is for "
            + TAG_COUNT.name() + "=" + defaults.length + ")");
      }
      return defaults;
    }
    int[] cardinalities = TAG_CARDINALITY.getIntegerList(p);
    if (cardinalities.length != tags) {
      throw PropertyException.invalid(TAG_CARDINALITY.name(), given, tags + " numbers, one per tag ("
          + TAG_COUNT.name() + "=" + tags + ")");
    }
    return cardinalities;
  }

  private static boolean[] groupBys(Properties p, int tags) {
    int[] keys = GROUPBY_KEYS.getIntegerList(p);
    if (keys == null) {
      throw new PropertyException("property " + GROUPBY_FUNCTION.name() + "=" + GROUPBY_FUNCTION.get(p) + " needs "
          + GROUPBY_KEYS.name() + ": " + tags + " numbers, one per tag, 1 to group on it, 0 not to");
    }
    if (keys.length != tags) {
      throw PropertyException.invalid(GROUPBY_KEYS.name(), GROUPBY_KEYS.get(p), tags + " numbers 0 or 1, one per tag ("
          + TAG_COUNT.name() + "=" + tags + ")");
    }
    boolean[] flags = new boolean[tags];
    for (int i = 0; i < tags; i++) {
      flags[i] = keys[i] == 1;
    }
    return flags;
  }

  /** @return a separator the fields are joined with; an empty one would make them unreadable */
  private static String delimiter(Properties p, PropertyDef def) {
    String value = def.get(p);
    if (value.isEmpty()) {
      throw PropertyException.invalid(def.name(), value, "a separator of at least one character");
    }
    return value;
  }

  private static NumberGenerator scanLength(Properties p) {
    int max = CoreProperties.MAX_SCAN_LENGTH.getInt(p);
    return "zipfian".equals(CoreProperties.SCAN_LENGTH_DISTRIBUTION.getChoice(p))
        ? new ZipfianGenerator(1, max) : new UniformLongGenerator(1, max);
  }

  private static NumberGenerator keyChooser(Properties p, int keys) {
    String distribution = CoreProperties.REQUEST_DISTRIBUTION.getChoice(p);
    switch (distribution) {
    case "uniform":
      return new UniformLongGenerator(0, keys - 1);
    case "sequential":
      return new SequentialGenerator(0, keys - 1);
    case "zipfian":
      return new ScrambledZipfianGenerator(0, keys - 1);
    case "hotspot":
      return new HotspotIntegerGenerator(0, keys - 1, CoreProperties.HOTSPOT_DATA_FRACTION.getDouble(p),
          CoreProperties.HOTSPOT_OPN_FRACTION.getDouble(p));
    default:
      throw PropertyException.invalid(CoreProperties.REQUEST_DISTRIBUTION.name(), distribution,
          "uniform, sequential, zipfian or hotspot with the time-series workload");
    }
  }
}
