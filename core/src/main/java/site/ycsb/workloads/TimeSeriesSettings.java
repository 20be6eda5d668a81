package site.ycsb.workloads;

import static site.ycsb.workloads.TimeSeriesWorkload.*;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.RandomDiscreteTimestampGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SequentialGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.UnixEpochTimestampGenerator;
import site.ycsb.generator.ZipfianGenerator;

/** Reads the time-series workload's properties into its fields, with one clear error per bad value. */
final class TimeSeriesSettings {
  private TimeSeriesSettings() {
  }

  static void read(TimeSeriesWorkload w, Properties p) throws WorkloadException {
    w.recordcount = integer(p, Client.RECORD_COUNT_PROPERTY, Client.DEFAULT_RECORD_COUNT);
    if (w.recordcount == 0) {
      w.recordcount = Integer.MAX_VALUE;
    }
    w.timestampKey = p.getProperty(TIMESTAMP_KEY_PROPERTY, TIMESTAMP_KEY_PROPERTY_DEFAULT);
    w.valueKey = p.getProperty(VALUE_KEY_PROPERTY, VALUE_KEY_PROPERTY_DEFAULT);
    w.operationchooser = CoreWorkload.createOperationGenerator(p);
    w.scanlength = scanLength(p);
    w.randomizeTimestampOrder = bool(p, RANDOMIZE_TIMESTAMP_ORDER_PROPERTY, RANDOMIZE_TIMESTAMP_ORDER_PROPERTY_DEFAULT);
    w.randomizeTimeseriesOrder =
        bool(p, RANDOMIZE_TIMESERIES_ORDER_PROPERTY, RANDOMIZE_TIMESERIES_ORDER_PROPERTY_DEFAULT);
    w.numKeys = integer(p, CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT);
    w.tagPairs = integer(p, TAG_COUNT_PROPERTY, TAG_COUNT_PROPERTY_DEFAULT);
    w.sparsity = decimal(p, SPARSITY_PROPERTY, SPARSITY_PROPERTY_DEFAULT);
    w.tagCardinality = new int[w.tagPairs];
    w.keychooser = keyChooser(p, w.numKeys);
    w.timestampInterval = integer(p, TIMESTAMP_INTERVAL_PROPERTY, TIMESTAMP_INTERVAL_PROPERTY_DEFAULT);
    w.timeUnits = timeUnits(p);
    w.tagPairDelimiter = p.getProperty(PAIR_DELIMITER_PROPERTY, PAIR_DELIMITER_PROPERTY_DEFAULT);
    w.deleteDelimiter = p.getProperty(DELETE_DELIMITER_PROPERTY, DELETE_DELIMITER_PROPERTY_DEFAULT);
    w.dataintegrity = bool(p, CoreWorkload.DATA_INTEGRITY_PROPERTY, CoreWorkload.DATA_INTEGRITY_PROPERTY_DEFAULT);
    w.queryTimeSpan = integer(p, QUERY_TIMESPAN_PROPERTY, QUERY_TIMESPAN_PROPERTY_DEFAULT);
    w.queryRandomTimeSpan = bool(p, QUERY_RANDOM_TIMESPAN_PROPERTY, QUERY_RANDOM_TIMESPAN_PROPERTY_DEFAULT);
    w.queryTimeSpanDelimiter =
        p.getProperty(QUERY_TIMESPAN_DELIMITER_PROPERTY, QUERY_TIMESPAN_DELIMITER_PROPERTY_DEFAULT);
    w.groupByKey = p.getProperty(GROUPBY_KEY_PROPERTY, GROUPBY_KEY_PROPERTY_DEFAULT);
    w.groupByFunction = p.getProperty(GROUPBY_PROPERTY);
    if (w.groupByFunction != null && !w.groupByFunction.isEmpty()) {
      w.groupBys = groupBys(p, w.tagPairs);
      w.groupBy = true;
    }
    w.downsampleKey = p.getProperty(DOWNSAMPLING_KEY_PROPERTY, DOWNSAMPLING_KEY_PROPERTY_DEFAULT);
    w.downsampleFunction = p.getProperty(DOWNSAMPLING_FUNCTION_PROPERTY);
    if (w.downsampleFunction != null && !w.downsampleFunction.isEmpty()) {
      String interval = p.getProperty(DOWNSAMPLING_INTERVAL_PROPERTY);
      if (interval == null || interval.isEmpty()) {
        throw new WorkloadException("'" + DOWNSAMPLING_INTERVAL_PROPERTY + "' is missing although '"
            + DOWNSAMPLING_FUNCTION_PROPERTY + "' is set.");
      }
      w.downsampleInterval = integer(p, DOWNSAMPLING_INTERVAL_PROPERTY, interval);
      w.downsample = true;
    }
    w.delayedSeries = decimal(p, DELAYED_SERIES_PROPERTY, DELAYED_SERIES_PROPERTY_DEFAULT);
    w.delayedIntervals = integer(p, DELAYED_INTERVALS_PROPERTY, DELAYED_INTERVALS_PROPERTY_DEFAULT);
    try {
      w.valueType = ValueType.fromString(p.getProperty(VALUE_TYPE_PROPERTY, VALUE_TYPE_PROPERTY_DEFAULT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException("'" + VALUE_TYPE_PROPERTY + "': expected integers, floats or mixednumbers", e);
    }
    w.table = p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
  }

  /** @return a fresh clock for one thread, starting at {@code insertstart} or now */
  static UnixEpochTimestampGenerator clock(TimeSeriesWorkload w) throws WorkloadException {
    String start = w.properties.getProperty(Workload.INSERT_START_PROPERTY);
    if (start == null || start.isEmpty()) {
      return w.randomizeTimestampOrder
          ? new RandomDiscreteTimestampGenerator(w.timestampInterval, w.timeUnits, w.maxOffsets)
          : new UnixEpochTimestampGenerator(w.timestampInterval, w.timeUnits);
    }
    long first;
    try {
      first = Long.parseLong(start.trim());
    } catch (NumberFormatException e) {
      throw new WorkloadException("'" + Workload.INSERT_START_PROPERTY + "': expected a Unix Epoch timestamp, got "
          + start, e);
    }
    return w.randomizeTimestampOrder
        ? new RandomDiscreteTimestampGenerator(w.timestampInterval, w.timeUnits, first, w.maxOffsets)
        : new UnixEpochTimestampGenerator(w.timestampInterval, w.timeUnits, first);
  }

  private static site.ycsb.generator.NumberGenerator scanLength(Properties p) throws WorkloadException {
    int max = integer(p, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT);
    String distribution = p.getProperty(CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY,
        CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT);
    switch (distribution) {
    case "uniform":
      return new UniformLongGenerator(1, max);
    case "zipfian":
      return new ZipfianGenerator(1, max);
    default:
      throw new WorkloadException("Distribution \"" + distribution + "\" not allowed for scan length");
    }
  }

  private static site.ycsb.generator.NumberGenerator keyChooser(Properties p, int keys) throws WorkloadException {
    String distribution = p.getProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY,
        CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT);
    switch (distribution) {
    case "uniform":
      return new UniformLongGenerator(0, keys - 1);
    case "sequential":
      return new SequentialGenerator(0, keys - 1);
    case "zipfian":
      return new ScrambledZipfianGenerator(0, keys - 1);
    case "hotspot":
      return new HotspotIntegerGenerator(0, keys - 1,
          decimal(p, CoreWorkload.HOTSPOT_DATA_FRACTION, CoreWorkload.HOTSPOT_DATA_FRACTION_DEFAULT),
          decimal(p, CoreWorkload.HOTSPOT_OPN_FRACTION, CoreWorkload.HOTSPOT_OPN_FRACTION_DEFAULT));
    default:
      throw new WorkloadException("Unknown request distribution \"" + distribution + "\"");
    }
  }

  private static TimeUnit timeUnits(Properties p) throws WorkloadException {
    String name = p.getProperty(TIMESTAMP_UNITS_PROPERTY, TIMESTAMP_UNITS_PROPERTY_DEFAULT).trim().toUpperCase();
    TimeUnit unit;
    try {
      unit = TimeUnit.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new WorkloadException("'" + TIMESTAMP_UNITS_PROPERTY + "': unknown time unit " + name, e);
    }
    // the clocks tick from System.currentTimeMillis, so finer units would only be zero-padded
    if (unit == TimeUnit.NANOSECONDS || unit == TimeUnit.MICROSECONDS) {
      throw new WorkloadException("'" + TIMESTAMP_UNITS_PROPERTY + "': " + unit + " is not supported; use SECONDS"
          + " or MILLISECONDS");
    }
    return unit;
  }

  private static boolean[] groupBys(Properties p, int tagPairs) throws WorkloadException {
    String keys = p.getProperty(GROUPBY_KEYS_PROPERTY);
    if (keys == null || keys.isEmpty()) {
      throw new WorkloadException("'" + GROUPBY_PROPERTY + "' is set but '" + GROUPBY_KEYS_PROPERTY + "' is not.");
    }
    String[] parts = keys.split(",");
    if (parts.length != tagPairs) {
      throw new WorkloadException("'" + GROUPBY_KEYS_PROPERTY + "' has " + parts.length + " entries but there are "
          + tagPairs + " tag keys.");
    }
    boolean[] flags = new boolean[parts.length];
    for (int i = 0; i < parts.length; i++) {
      flags[i] = integer(p, GROUPBY_KEYS_PROPERTY, parts[i].trim(), parts[i].trim()) != 0;
    }
    return flags;
  }

  private static int integer(Properties p, String name, String fallback) throws WorkloadException {
    return integer(p, name, fallback, p.getProperty(name, fallback).trim());
  }

  private static int integer(Properties p, String name, String fallback, String text) throws WorkloadException {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new WorkloadException("'" + name + "': expected an integer, got " + text, e);
    }
  }

  private static double decimal(Properties p, String name, String fallback) throws WorkloadException {
    String text = p.getProperty(name, fallback).trim();
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new WorkloadException("'" + name + "': expected a number, got " + text, e);
    }
  }

  private static boolean bool(Properties p, String name, String fallback) {
    return Boolean.parseBoolean(p.getProperty(name, fallback).trim());
  }
}
