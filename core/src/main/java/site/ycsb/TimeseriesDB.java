package site.ycsb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import site.ycsb.generator.Generator;
import site.ycsb.generator.IncrementingPrintableStringGenerator;
import site.ycsb.props.TimeSeriesProperties;

/**
 * Base class for time-series bindings: it decodes the fields the {@link site.ycsb.workloads.TimeSeriesWorkload} puts in
 * ordinary {@link DB} calls into typed calls (metric, timestamp, value, tags), so a binding
 * implements those instead of parsing field strings.
 *
 * <p>The first argument of the typed calls is the metric, which the workload sends as the key.
 * (Upstream YCSB's version passes the table name there instead.)
 */
public abstract class TimeseriesDB extends DB {
  /** Field name of the timestamp. */
  protected String timestampKey;
  /** Field name of the value. */
  protected String valueKey;
  /** Separator between a tag key and its value. */
  protected String tagPairDelimiter;
  /** Separator between the start and end of a time span. */
  protected String queryTimeSpanDelimiter;
  /** Separator between the parts of a delete key. */
  protected String deleteDelimiter;
  /** Unit of the timestamps. */
  protected TimeUnit timestampUnit;
  /** Field name of the group-by function. */
  protected String groupByKey;
  /** Field name of the downsampling spec. */
  protected String downsamplingKey;
  /** Downsampling bucket width; 0 without downsampling. */
  protected Integer downsamplingInterval;
  /** Downsampling function; {@link AggregationOperation#NONE} without downsampling. */
  protected AggregationOperation downsamplingFunction;
  /** The {@code debug} property: bindings may print what they do. */
  protected boolean debug;
  /** The {@code test} property: bindings may skip talking to a server. */
  protected boolean test;

  /** Reads the workload's field names and delimiters from the properties. */
  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    try {
      timestampKey = TimeSeriesProperties.TIMESTAMP_KEY.get(p);
      valueKey = TimeSeriesProperties.VALUE_KEY.get(p);
      tagPairDelimiter = TimeSeriesProperties.PAIR_DELIMITER.get(p);
      queryTimeSpanDelimiter = TimeSeriesProperties.QUERY_TIMESPAN_DELIMITER.get(p);
      deleteDelimiter = TimeSeriesProperties.DELETE_DELIMITER.get(p);
      groupByKey = TimeSeriesProperties.GROUPBY_KEY.get(p);
      downsamplingKey = TimeSeriesProperties.DOWNSAMPLING_KEY.get(p);
      timestampUnit = TimeUnit.valueOf(TimeSeriesProperties.TIMESTAMP_UNITS.getChoice(p).toUpperCase(Locale.ROOT));
      String function = TimeSeriesProperties.DOWNSAMPLING_FUNCTION.getChoice(p);
      downsamplingFunction = function == null ? AggregationOperation.NONE
          : AggregationOperation.valueOf(function.toUpperCase(Locale.ROOT));
      downsamplingInterval = TimeSeriesProperties.DOWNSAMPLING_INTERVAL.isSet(p)
          ? TimeSeriesProperties.DOWNSAMPLING_INTERVAL.getInt(p) : 0;
      test = TimeSeriesProperties.TEST.getBoolean(p);
      debug = TimeSeriesProperties.DEBUG.getBoolean(p);
    } catch (IllegalArgumentException e) {
      throw new DBException("time series settings: " + e.getMessage(), e);
    }
  }

  /** Decodes a single-timestamp read; a time span is a {@link Status#BAD_REQUEST} here. */
  @Override
  public final Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, List<String>> tags = new HashMap<>();
    Long timestamp = null;
    for (String field : fields) {
      String[] pair = field.split(tagPairDelimiter, 2);
      if (pair[0].equals(timestampKey)) {
        if (pair.length < 2 || pair[1].contains(queryTimeSpanDelimiter)) {
          return Status.BAD_REQUEST;
        }
        timestamp = Long.valueOf(pair[1]);
      } else if (pair.length == 2) {
        tags.computeIfAbsent(pair[0], k -> new ArrayList<>()).add(pair[1]);
      }
    }
    if (timestamp == null) {
      return Status.BAD_REQUEST;
    }
    return read(key, timestamp, tags, result);
  }

  /**
   * Reads one data point. The default calls {@link #read(String, long, Map)}, upstream's form,
   * which returns no fields; override this one to hand back tags, timestamp and value so that
   * {@code dataintegrity} can check them.
   *
   * @param metric the metric
   * @param timestamp the timestamp
   * @param tags the tag values asked for, by tag key
   * @param result receives the fields read
   * @return the outcome
   */
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags,
                        Map<String, ByteIterator> result) {
    return read(metric, timestamp, tags);
  }

  /**
   * Reads one data point.
   *
   * @param metric the metric
   * @param timestamp the timestamp
   * @param tags the tag values asked for, by tag key
   * @return the outcome
   */
  protected abstract Status read(String metric, long timestamp, Map<String, List<String>> tags);

  /** Decodes a time-span query; a single timestamp is {@link Status#NOT_IMPLEMENTED}. */
  @Override
  public final Status scan(String table, String startkey, int recordcount, Set<String> fields,
                           Vector<HashMap<String, ByteIterator>> result) {
    Map<String, List<String>> tags = new HashMap<>();
    Long start = null;
    long end = 0;
    for (String field : fields) {
      String[] pair = field.split(tagPairDelimiter, 2);
      if (pair[0].equals(timestampKey)) {
        if (pair.length < 2 || !pair[1].contains(queryTimeSpanDelimiter)) {
          return Status.NOT_IMPLEMENTED;
        }
        String[] span = pair[1].split(queryTimeSpanDelimiter, 2);
        start = Long.valueOf(span[0]);
        end = Long.valueOf(span[1]);
      } else if (pair[0].equals(downsamplingKey)) {
        // the workload's spec must be the one this binding was configured with
        if (pair.length < 2 || !pair[1].equals(downsamplingFunction.toString() + downsamplingInterval)) {
          return Status.BAD_REQUEST;
        }
      } else if (pair.length == 2 && !pair[0].equals(groupByKey)) {
        tags.computeIfAbsent(pair[0], k -> new ArrayList<>()).add(pair[1]);
      }
      // grouped tags (a key alone) and the group-by function are not passed on, as upstream's
    }
    if (start == null) {
      return Status.BAD_REQUEST;
    }
    return scan(startkey, start, end, tags, downsamplingFunction, downsamplingInterval, timestampUnit);
  }

  /**
   * Reads the data points of a time span.
   *
   * @param metric the metric
   * @param startTs first timestamp, inclusive
   * @param endTs last timestamp
   * @param tags the tag values asked for, by tag key
   * @param aggreg the downsampling function
   * @param timeValue the downsampling bucket width
   * @param timeUnit the unit of the timestamps
   * @return the outcome
   */
  protected abstract Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                                 AggregationOperation aggreg, int timeValue, TimeUnit timeUnit);

  /** Time series stores rarely rewrite points: not implemented unless a binding overrides it. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  /** Takes the timestamp and value out of {@code values} and passes the rest on as the tags. */
  @Override
  public final Status insert(String table, String key, Map<String, ByteIterator> values) {
    ByteIterator ts = values.remove(timestampKey);
    ByteIterator value = values.remove(valueKey);
    if (!(ts instanceof NumericByteIterator) || !(value instanceof NumericByteIterator)) {
      return Status.BAD_REQUEST;
    }
    NumericByteIterator number = (NumericByteIterator) value;
    long timestamp = ((NumericByteIterator) ts).getLong();
    return number.isFloatingPoint()
        ? insert(key, timestamp, number.getDouble(), values)
        : insert(key, timestamp, number.getLong(), values);
  }

  /**
   * Writes an integer data point.
   *
   * @param metric the metric
   * @param timestamp the timestamp
   * @param value the value
   * @param tags the tags
   * @return the outcome
   */
  protected abstract Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags);

  /**
   * Writes a floating point data point.
   *
   * @param metric the metric
   * @param timestamp the timestamp
   * @param value the value
   * @param tags the tags
   * @return the outcome
   */
  protected abstract Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags);

  /** Not implemented unless a binding overrides it. */
  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }

  /**
   * @param properties the run's properties
   * @return the tag keys the workload will use, in order, for bindings that declare them up front
   */
  protected static String[] getPossibleTagKeys(Properties properties) {
    int count = TimeSeriesProperties.TAG_COUNT.getInt(properties);
    int length = TimeSeriesProperties.TAG_KEY_LENGTH.getInt(properties);
    Generator<String> names = new IncrementingPrintableStringGenerator(length);
    String[] keys = new String[count];
    for (int i = 0; i < count; i++) {
      keys[i] = names.nextValue();
    }
    return keys;
  }

  /** Aggregations a query may ask for when grouping or downsampling. */
  public enum AggregationOperation {
    /** No aggregation. */
    NONE,
    /** Sum of the values. */
    SUM,
    /** Mean of the values. */
    AVERAGE,
    /** Number of values. */
    COUNT,
    /** Largest value. */
    MAX,
    /** Smallest value. */
    MIN
  }
}
