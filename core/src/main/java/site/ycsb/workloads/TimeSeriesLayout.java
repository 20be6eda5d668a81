package site.ycsb.workloads;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import site.ycsb.Workload;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.Generator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.OperationRandom;
import site.ycsb.props.TimeSeriesProperties;

/**
 * The series of the {@link TimeSeriesWorkload} and how queries name them: the metrics, tag keys and
 * values and their cardinalities, the clock's settings and what a read, scan or delete asks for,
 * read from the properties ({@link TimeSeriesProperties}, under upstream's names here). The fields
 * are upstream's protected ones, which a subclass of the workload reads; the workload adds what its
 * operations write and read.
 */
public abstract class TimeSeriesLayout extends Workload {
  /** Field name carrying the timestamp. */
  public static final String TIMESTAMP_KEY_PROPERTY = TimeSeriesProperties.TIMESTAMP_KEY.name();
  /** Default for {@link #TIMESTAMP_KEY_PROPERTY}. */
  public static final String TIMESTAMP_KEY_PROPERTY_DEFAULT = TimeSeriesProperties.TIMESTAMP_KEY.defaultValue();
  /** Field name carrying the value. */
  public static final String VALUE_KEY_PROPERTY = TimeSeriesProperties.VALUE_KEY.name();
  /** Default for {@link #VALUE_KEY_PROPERTY}. */
  public static final String VALUE_KEY_PROPERTY_DEFAULT = TimeSeriesProperties.VALUE_KEY.defaultValue();
  /** Distance between two timestamps of a series, in {@code timestampunits}. */
  public static final String TIMESTAMP_INTERVAL_PROPERTY = TimeSeriesProperties.TIMESTAMP_INTERVAL.name();
  /** Default for {@link #TIMESTAMP_INTERVAL_PROPERTY}. */
  public static final String TIMESTAMP_INTERVAL_PROPERTY_DEFAULT =
      TimeSeriesProperties.TIMESTAMP_INTERVAL.defaultValue();
  /** Unit of the timestamps: a {@link TimeUnit} name, SECONDS or MILLISECONDS. */
  public static final String TIMESTAMP_UNITS_PROPERTY = TimeSeriesProperties.TIMESTAMP_UNITS.name();
  /** Default for {@link #TIMESTAMP_UNITS_PROPERTY}. */
  public static final String TIMESTAMP_UNITS_PROPERTY_DEFAULT = TimeSeriesProperties.TIMESTAMP_UNITS.defaultValue();
  /** Number of tag pairs per series. */
  public static final String TAG_COUNT_PROPERTY = TimeSeriesProperties.TAG_COUNT.name();
  /** Default for {@link #TAG_COUNT_PROPERTY}. */
  public static final String TAG_COUNT_PROPERTY_DEFAULT = TimeSeriesProperties.TAG_COUNT.defaultValue();
  /** Comma separated number of values of each tag key, one per tag ({@code tagcount} of them). */
  public static final String TAG_CARDINALITY_PROPERTY = TimeSeriesProperties.TAG_CARDINALITY.name();
  /** Default for {@link #TAG_CARDINALITY_PROPERTY}. */
  public static final String TAG_CARDINALITY_PROPERTY_DEFAULT = TimeSeriesProperties.TAG_CARDINALITY.defaultValue();
  /** Length of the tag keys. */
  public static final String TAG_KEY_LENGTH_PROPERTY = TimeSeriesProperties.TAG_KEY_LENGTH.name();
  /** Default for {@link #TAG_KEY_LENGTH_PROPERTY}. */
  public static final String TAG_KEY_LENGTH_PROPERTY_DEFAULT = TimeSeriesProperties.TAG_KEY_LENGTH.defaultValue();
  /** Length of the tag values. */
  public static final String TAG_VALUE_LENGTH_PROPERTY = TimeSeriesProperties.TAG_VALUE_LENGTH.name();
  /** Default for {@link #TAG_VALUE_LENGTH_PROPERTY}. */
  public static final String TAG_VALUE_LENGTH_PROPERTY_DEFAULT = TimeSeriesProperties.TAG_VALUE_LENGTH.defaultValue();
  /** Separator between a tag key and its value in query fields. */
  public static final String PAIR_DELIMITER_PROPERTY = TimeSeriesProperties.PAIR_DELIMITER.name();
  /** Default for {@link #PAIR_DELIMITER_PROPERTY}. */
  public static final String PAIR_DELIMITER_PROPERTY_DEFAULT = TimeSeriesProperties.PAIR_DELIMITER.defaultValue();
  /** Separator between the parts of a delete key. */
  public static final String DELETE_DELIMITER_PROPERTY = TimeSeriesProperties.DELETE_DELIMITER.name();
  /** Default for {@link #DELETE_DELIMITER_PROPERTY}. */
  public static final String DELETE_DELIMITER_PROPERTY_DEFAULT = TimeSeriesProperties.DELETE_DELIMITER.defaultValue();
  /** Whether a load writes the timestamps in random order rather than ascending. */
  public static final String RANDOMIZE_TIMESTAMP_ORDER_PROPERTY = TimeSeriesProperties.RANDOMIZE_TIMESTAMP_ORDER.name();
  /** Default for {@link #RANDOMIZE_TIMESTAMP_ORDER_PROPERTY}. */
  public static final String RANDOMIZE_TIMESTAMP_ORDER_PROPERTY_DEFAULT =
      TimeSeriesProperties.RANDOMIZE_TIMESTAMP_ORDER.defaultValue();
  /** Whether the metric names and tag values are shuffled after being generated. */
  public static final String RANDOMIZE_TIMESERIES_ORDER_PROPERTY =
      TimeSeriesProperties.RANDOMIZE_TIMESERIES_ORDER.name();
  /** Default for {@link #RANDOMIZE_TIMESERIES_ORDER_PROPERTY}. */
  public static final String RANDOMIZE_TIMESERIES_ORDER_PROPERTY_DEFAULT =
      TimeSeriesProperties.RANDOMIZE_TIMESERIES_ORDER.defaultValue();
  /** Kind of values: integers, floats or mixednumbers. */
  public static final String VALUE_TYPE_PROPERTY = TimeSeriesProperties.VALUE_TYPE.name();
  /** Default for {@link #VALUE_TYPE_PROPERTY}. */
  public static final String VALUE_TYPE_PROPERTY_DEFAULT = TimeSeriesProperties.VALUE_TYPE.defaultValue();
  /** Share of timestamps a series skips, from 0 (none) towards 1. */
  public static final String SPARSITY_PROPERTY = TimeSeriesProperties.SPARSITY.name();
  /** Default for {@link #SPARSITY_PROPERTY}. */
  public static final String SPARSITY_PROPERTY_DEFAULT = TimeSeriesProperties.SPARSITY.defaultValue();
  /** Share of the series written late, with older timestamps. */
  public static final String DELAYED_SERIES_PROPERTY = TimeSeriesProperties.DELAYED_SERIES.name();
  /** Default for {@link #DELAYED_SERIES_PROPERTY}. */
  public static final String DELAYED_SERIES_PROPERTY_DEFAULT = TimeSeriesProperties.DELAYED_SERIES.defaultValue();
  /** How many intervals late a delayed series may be at most. */
  public static final String DELAYED_INTERVALS_PROPERTY = TimeSeriesProperties.DELAYED_INTERVALS.name();
  /** Default for {@link #DELAYED_INTERVALS_PROPERTY}. */
  public static final String DELAYED_INTERVALS_PROPERTY_DEFAULT = TimeSeriesProperties.DELAYED_INTERVALS.defaultValue();
  /** Time span of a query in {@code timestampunits}; 0 asks for one timestamp. */
  public static final String QUERY_TIMESPAN_PROPERTY = TimeSeriesProperties.QUERY_TIMESPAN.name();
  /** Default for {@link #QUERY_TIMESPAN_PROPERTY}. */
  public static final String QUERY_TIMESPAN_PROPERTY_DEFAULT = TimeSeriesProperties.QUERY_TIMESPAN.defaultValue();
  /** Whether a query's span is drawn at random up to {@code querytimespan}. */
  public static final String QUERY_RANDOM_TIMESPAN_PROPERTY = TimeSeriesProperties.QUERY_RANDOM_TIMESPAN.name();
  /** Default for {@link #QUERY_RANDOM_TIMESPAN_PROPERTY}. */
  public static final String QUERY_RANDOM_TIMESPAN_PROPERTY_DEFAULT =
      TimeSeriesProperties.QUERY_RANDOM_TIMESPAN.defaultValue();
  /** Separator between the start and end timestamps of a query span. */
  public static final String QUERY_TIMESPAN_DELIMITER_PROPERTY = TimeSeriesProperties.QUERY_TIMESPAN_DELIMITER.name();
  /** Default for {@link #QUERY_TIMESPAN_DELIMITER_PROPERTY}. */
  public static final String QUERY_TIMESPAN_DELIMITER_PROPERTY_DEFAULT =
      TimeSeriesProperties.QUERY_TIMESPAN_DELIMITER.defaultValue();
  /** Field name carrying the group-by function. */
  public static final String GROUPBY_KEY_PROPERTY = TimeSeriesProperties.GROUPBY_KEY.name();
  /** Default for {@link #GROUPBY_KEY_PROPERTY}. */
  public static final String GROUPBY_KEY_PROPERTY_DEFAULT = TimeSeriesProperties.GROUPBY_KEY.defaultValue();
  /** Group-by function of queries (SUM, AVERAGE...); unset means no grouping. */
  public static final String GROUPBY_PROPERTY = TimeSeriesProperties.GROUPBY_FUNCTION.name();
  /** Comma separated 0/1 per tag key: 1 groups on that tag. */
  public static final String GROUPBY_KEYS_PROPERTY = TimeSeriesProperties.GROUPBY_KEYS.name();
  /** Field name carrying the downsampling function and interval. */
  public static final String DOWNSAMPLING_KEY_PROPERTY = TimeSeriesProperties.DOWNSAMPLING_KEY.name();
  /** Default for {@link #DOWNSAMPLING_KEY_PROPERTY}. */
  public static final String DOWNSAMPLING_KEY_PROPERTY_DEFAULT = TimeSeriesProperties.DOWNSAMPLING_KEY.defaultValue();
  /** Downsampling function of queries; unset means none. */
  public static final String DOWNSAMPLING_FUNCTION_PROPERTY = TimeSeriesProperties.DOWNSAMPLING_FUNCTION.name();
  /** Downsampling bucket width in {@code timestampunits}; needed with a function. */
  public static final String DOWNSAMPLING_INTERVAL_PROPERTY = TimeSeriesProperties.DOWNSAMPLING_INTERVAL.name();

  /** The properties the workload was initialised with. */
  protected Properties properties;
  /** Makes the metric names. */
  protected Generator<String> keyGenerator;
  /** Makes the tag keys. */
  protected Generator<String> tagKeyGenerator;
  /** Makes the tag values. */
  protected Generator<String> tagValueGenerator;
  /** Field name of the timestamp. */
  protected String timestampKey;
  /** Field name of the value. */
  protected String valueKey;
  /** Distance between timestamps. */
  protected int timestampInterval;
  /** Unit of the timestamps. */
  protected TimeUnit timeUnits;
  /** Whether timestamps are written in random order. */
  protected boolean randomizeTimestampOrder;
  /** Whether metric names and tag values are shuffled. */
  protected boolean randomizeTimeseriesOrder;
  /** Per position (metric, then each tag), how many series one step there spans. */
  protected int[] cumulativeCardinality;
  /** Number of series over all metrics. */
  protected int totalCardinality;
  /** Number of series per metric. */
  protected int perKeyCardinality;
  /** Length of scans. */
  protected NumberGenerator scanlength;
  /** Chooses the metric of reads. */
  protected NumberGenerator keychooser;
  /** Chooses the operation of the run phase. */
  protected DiscreteGenerator operationchooser;
  /** Number of timestamps the record count covers, plus one. */
  protected int maxOffsets;
  /** Number of data points of the load (recordcount; 0 means unbounded). */
  protected int recordcount;
  /** Number of tag pairs per series. */
  protected int tagPairs;
  /** Table written to. */
  protected String table;
  /** Number of metrics. */
  protected int numKeys;
  /** The metric names. */
  protected String[] keys;
  /** The tag keys. */
  protected String[] tagKeys;
  /** The tag values, shared by all tag keys. */
  protected String[] tagValues;
  /** Number of values per tag key. */
  protected int[] tagCardinality;
  /** Index of the first tag key with more than one value. */
  protected int firstIncrementableCardinality;
  /** Share of timestamps skipped. */
  protected double sparsity;
  /** Share of series written late. */
  protected double delayedSeries;
  /** Most intervals a series is late. */
  protected int delayedIntervals;
  /** Span of queries; 0 for single timestamps. */
  protected int queryTimeSpan;
  /** Whether query spans are random up to {@link #queryTimeSpan}. */
  protected boolean queryRandomTimeSpan;
  /** Separator of tag pairs in fields. */
  protected String tagPairDelimiter;
  /** Separator of the parts of delete keys. */
  protected String deleteDelimiter;
  /** Separator of span start and end. */
  protected String queryTimeSpanDelimiter;
  /** Whether queries group. */
  protected boolean groupBy;
  /** Field name of the group-by function. */
  protected String groupByKey;
  /** Group-by function. */
  protected String groupByFunction;
  /** Per tag key, whether queries group on it. */
  protected boolean[] groupBys;
  /** Whether queries downsample. */
  protected boolean downsample;
  /** Field name of the downsampling spec. */
  protected String downsampleKey;
  /** Downsampling function. */
  protected String downsampleFunction;
  /** Downsampling interval. */
  protected int downsampleInterval;
  /** Whether values are derived from their series so reads can be checked. */
  protected boolean dataintegrity;
  /**
   * @param start the first timestamp asked for
   * @return the fields of a read or scan: tag pairs (the tag key alone for a grouped tag), the
   *     timestamp or span, and the grouping and downsampling asked for
   */
  Set<String> queryFields(long start) {
    RandomGenerator random = OperationRandom.current();
    Set<String> fields = new HashSet<>();
    for (int i = 0; i < tagPairs; i++) {
      if (groupBy && groupBys[i]) {
        fields.add(tagKeys[i]);
      } else {
        fields.add(tagKeys[i] + tagPairDelimiter + tagValues[random.nextInt(tagCardinality[i])]);
      }
    }
    if (queryTimeSpan > 0) {
      long end = start + (queryRandomTimeSpan
          ? (long) timestampInterval * random.nextInt(Math.max(1, queryTimeSpan / timestampInterval))
          : queryTimeSpan);
      fields.add(timestampKey + tagPairDelimiter + start + queryTimeSpanDelimiter + end);
    } else {
      fields.add(timestampKey + tagPairDelimiter + start);
    }
    if (groupBy) {
      fields.add(groupByKey + tagPairDelimiter + groupByFunction);
    }
    if (downsample) {
      fields.add(downsampleKey + tagPairDelimiter + downsampleFunction + downsampleInterval);
    }
    return fields;
  }

  /** @return the key of a delete: a random series, or with grouping every series sharing its ungrouped tags */
  String deleteKey() {
    RandomGenerator random = OperationRandom.current();
    StringBuilder key = new StringBuilder(keys[random.nextInt(keys.length)]);
    for (int i = 0; i < tagPairs; i++) {
      key.append(deleteDelimiter).append(tagKeys[i]);
      if (!(groupBy && groupBys[i])) {
        key.append(tagPairDelimiter).append(tagValues[random.nextInt(tagCardinality[i])]);
      }
    }
    return key.toString();
  }
}
