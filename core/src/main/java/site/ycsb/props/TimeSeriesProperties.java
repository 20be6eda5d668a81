package site.ycsb.props;

import static site.ycsb.props.PropertyDef.bool;
import static site.ycsb.props.PropertyDef.choice;
import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.integer;
import static site.ycsb.props.PropertyDef.integerList;
import static site.ycsb.props.PropertyDef.longValue;
import static site.ycsb.props.PropertyDef.string;

import java.util.List;

/**
 * The properties of the time-series workload ({@code site.ycsb.workloads.TimeSeriesWorkload}) and of
 * the bindings that decode it ({@code site.ycsb.TimeseriesDB}, {@code site.ycsb.KeyValueTimeseriesDB}): declared once,
 * so a bad value is refused with one line before the phase starts. The workload also reads core's
 * {@code fieldcount} (its metrics), {@code fieldlength} (their length), {@code insertstart} (its
 * first timestamp), the operation mix and {@code dataintegrity}.
 */
public final class TimeSeriesProperties implements PropertyCatalog {
  private static final int IMAX = Integer.MAX_VALUE;

  public static final PropertyDef TIMESTAMP_KEY = string("timestampkey",
      "YCSBTS", "Time series: field name carrying a point's timestamp");
  public static final PropertyDef VALUE_KEY = string("valuekey",
      "YCSBV", "Time series: field name carrying a point's value");
  public static final PropertyDef TIMESTAMP_INTERVAL = integer("timestampinterval", 60, 1,
      IMAX, "Time series: distance between two timestamps of a series, in timestampunits");
  public static final PropertyDef TIMESTAMP_UNITS = choice("timestampunits", "SECONDS",
      "Time series: unit of the timestamps (the clocks tick in milliseconds, so finer units are not offered)",
      "SECONDS", "MILLISECONDS");
  public static final PropertyDef TAG_COUNT = integer("tagcount", 4, 0, IMAX,
      "Time series: tag pairs per series");
  public static final PropertyDef TAG_CARDINALITY = integerList("tagcardinality",
      "1,2,4,8", 1, IMAX, "Time series: values of each tag key, one number per tag (tagcount of them; the default"
          + " is for tagcount=4); the series are fieldcount times their product");
  public static final PropertyDef TAG_KEY_LENGTH = integer("tagkeylength", 8, 1, IMAX,
      "Time series: characters of a tag key");
  public static final PropertyDef TAG_VALUE_LENGTH = integer("tagvaluelength", 8, 1,
      IMAX, "Time series: characters of a tag value");
  public static final PropertyDef PAIR_DELIMITER = string("tagpairdelimiter",
      "=",
      "Time series: separator between a tag key and its value in query fields (not empty)");
  public static final PropertyDef DELETE_DELIMITER = string("deletedelimiter",
      ":",
      "Time series: separator between the parts of a delete key, metric:tag=value:... (not empty)");
  public static final PropertyDef RANDOMIZE_TIMESTAMP_ORDER = bool(
      "randomwritetimestamporder", false,
      "Time series: a load writes the timestamps in random order instead of ascending");
  public static final PropertyDef RANDOMIZE_TIMESERIES_ORDER = bool(
      "randomtimeseriesorder", true,
      "Time series: shuffle the generated metric names and tag values (must be false with dataintegrity)");
  public static final PropertyDef VALUE_TYPE = choice("valuetype", "floats",
      "Time series: values written (integers with dataintegrity)", "integers", "floats", "mixednumbers");
  public static final PropertyDef SPARSITY = decimal("sparsity", 0.0, 0, 0.999999,
      "Time series: share of timestamps a series skips; 0 writes every series at every timestamp");
  public static final PropertyDef DELAYED_SERIES = decimal("delayedseries", 0.1, 0, 1,
      "Time series: share of the series that report late, with older timestamps");
  public static final PropertyDef DELAYED_INTERVALS = integer("delayedintervals", 5, 0,
      IMAX, "Time series: most intervals a late series lags behind");
  public static final PropertyDef QUERY_TIMESPAN = integer("querytimespan", 0, 0, IMAX,
      "Time series: span of reads and scans in timestampunits; 0 asks for one timestamp");
  public static final PropertyDef QUERY_RANDOM_TIMESPAN = bool("queryrandomtimespan",
      false, "Time series: draw each query's span at random, up to querytimespan");
  public static final PropertyDef QUERY_TIMESPAN_DELIMITER = string(
      "querytimespandelimiter", ",",
      "Time series: separator between the start and the end of a query span (not empty)");
  public static final PropertyDef GROUPBY_KEY = string("groupbykey",
      "YCSBGB", "Time series: field name carrying the group-by function");
  public static final PropertyDef GROUPBY_FUNCTION = choice("groupbyfunction", null,
      "Time series: group-by function of queries; unset: no grouping", "SUM", "AVERAGE", "COUNT", "MAX", "MIN");
  public static final PropertyDef GROUPBY_KEYS = integerList("groupbykeys", null, 0, 1,
      "Time series, with groupbyfunction: per tag key (tagcount of them), 1 to group on it, 0 not to");
  public static final PropertyDef DOWNSAMPLING_KEY = string("downsamplingkey",
      "YCSBDS", "Time series: field name carrying the downsampling");
  public static final PropertyDef DOWNSAMPLING_FUNCTION = choice("downsamplingfunction",
      null, "Time series: downsampling function of queries; unset: none", "SUM", "AVERAGE", "COUNT", "MAX", "MIN");
  public static final PropertyDef DOWNSAMPLING_INTERVAL = longValue(
      "downsamplinginterval", null, 1, IMAX,
      "Time series, with downsamplingfunction: width of a downsampling bucket in timestampunits");
  public static final PropertyDef STORE = string("tsdb.store", null,
      "site.ycsb.KeyValueTimeseriesDB: the binding that stores the points (a short name such as rocksdb, or a class)");
  public static final PropertyDef TEST = bool("test", false,
      "Time-series bindings (site.ycsb.TimeseriesDB): run without talking to a server, where the binding offers it");
  public static final PropertyDef DEBUG = bool("debug", false,
      "Time-series bindings (site.ycsb.TimeseriesDB): print what they do");

  private static final List<PropertyDef> ALL = List.of(
      TIMESTAMP_KEY, VALUE_KEY, TIMESTAMP_INTERVAL, TIMESTAMP_UNITS, TAG_COUNT, TAG_CARDINALITY, TAG_KEY_LENGTH,
      TAG_VALUE_LENGTH, PAIR_DELIMITER, DELETE_DELIMITER, RANDOMIZE_TIMESTAMP_ORDER, RANDOMIZE_TIMESERIES_ORDER,
      VALUE_TYPE, SPARSITY, DELAYED_SERIES, DELAYED_INTERVALS, QUERY_TIMESPAN, QUERY_RANDOM_TIMESPAN,
      QUERY_TIMESPAN_DELIMITER, GROUPBY_KEY, GROUPBY_FUNCTION, GROUPBY_KEYS, DOWNSAMPLING_KEY, DOWNSAMPLING_FUNCTION,
      DOWNSAMPLING_INTERVAL, STORE, TEST, DEBUG);

  @Override
  public String module() {
    return "timeseries";
  }

  @Override
  public List<PropertyDef> properties() {
    return ALL;
  }
}
