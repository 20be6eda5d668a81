package site.ycsb.workloads;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.Generator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.UnixEpochTimestampGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.props.TimeSeriesProperties;

/**
 * A workload of time series: each series is a metric name (the record key) plus a fixed set of
 * tag key/value pairs, and each data point is one value at one timestamp.
 *
 * <p>Bindings get the series through the ordinary {@link DB} calls, as upstream YCSB encodes them
 * (see {@link site.ycsb.TimeseriesDB}, which decodes them into typed calls):
 * <ul>
 * <li>{@code insert}/{@code update}: the key is the metric; the values map holds each tag key with
 * its value as a {@link StringByteIterator}, the timestamp under {@code timestampkey} and the value
 * under {@code valuekey}, both as {@link NumericByteIterator}s.</li>
 * <li>{@code read}/{@code scan}: the field set holds {@code tagkey=tagvalue} pairs (only the tag key
 * for a grouped tag), {@code YCSBTS=start} or {@code YCSBTS=start,end}, and optionally
 * {@code YCSBGB=function} and {@code YCSBDS=functionInterval}.</li>
 * <li>{@code delete}: the metric and its pairs flattened into one key with {@code deletedelimiter}.</li>
 * </ul>
 *
 * <p>There are {@code fieldcount} metrics, each with {@code tagcount} tags whose values range over
 * {@code tagcardinality}; a load writes every series once per timestamp (unless {@code sparsity}
 * skips some) before the clock moves on by {@code timestampinterval} {@code timestampunits}. With
 * {@code dataintegrity=true} every value is a function of its tags and timestamp, so reads can be
 * checked; this needs {@code insertstart} (the first timestamp) and integer values. See
 * {@code workloads/tsworkload_template} for every property.
 *
 * <p>Each thread writes the series of its own slice of the metrics, with its own clock, so
 * {@code fieldcount} must be at least the thread count.
 */
public class TimeSeriesWorkload extends Workload {

  /** The kinds of values written. */
  public enum ValueType {
    /** 64-bit integers. */
    INTEGERS("integers"),
    /** Doubles. */
    FLOATS("floats"),
    /** Integers or doubles, chosen per data point. */
    MIXED("mixednumbers");

    /** The name used in the {@code valuetype} property. */
    protected final String name;

    ValueType(final String name) {
      this.name = name;
    }

    /**
     * @param name a {@code valuetype} property value, in any case
     * @return the matching type
     * @throws IllegalArgumentException when no type has that name
     */
    public static ValueType fromString(final String name) {
      for (ValueType type : values()) {
        if (type.name.equalsIgnoreCase(name)) {
          return type;
        }
      }
      throw new IllegalArgumentException("Unrecognized type: " + name);
    }
  }

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
  /** Kind of values written. */
  protected ValueType valueType;
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
  /** Where {@code VERIFY} results go. */
  protected Measurements measurements = Measurements.getMeasurements();

  @Override
  public void init(final Properties p) throws WorkloadException {
    properties = p;
    TimeSeriesSettings.read(this, p);
    initKeysAndTags();
    validateSettings();
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    if (properties == null) {
      throw new WorkloadException("Workload has not been initialized.");
    }
    return new ThreadState(mythreadid, threadcount);
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    Map<String, ByteIterator> point = new TreeMap<>();
    String metric = state(threadstate).nextDataPoint(point, true);
    return db.insert(table, metric, point).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    state(threadstate);
    switch (operationchooser.nextString()) {
    case "READ":
      doTransactionRead(db, threadstate);
      return true;
    case "UPDATE":
      doTransactionUpdate(db, threadstate);
      return true;
    case "INSERT":
      doTransactionInsert(db, threadstate);
      return true;
    case "SCAN":
      doTransactionScan(db, threadstate);
      return true;
    case "DELETE":
      doTransactionDelete(db, threadstate);
      return true;
    default:
      return false;
    }
  }

  private static ThreadState state(Object threadstate) {
    if (threadstate == null) {
      throw new IllegalStateException("Missing thread state.");
    }
    return (ThreadState) threadstate;
  }

  /**
   * Reads one data point (or span) of a random series; checks it with {@code dataintegrity}.
   *
   * @param db the binding
   * @param threadstate this thread's {@link ThreadState}
   */
  protected void doTransactionRead(final DB db, Object threadstate) {
    ThreadState state = state(threadstate);
    String metric = keys[keychooser.nextValue().intValue()];
    long start = state.timestampAt(state.queryOffsetGenerator.nextValue().intValue());
    Map<String, ByteIterator> cells = new HashMap<>();
    Status status = db.read(table, metric, queryFields(start), cells);
    if (dataintegrity && status == Status.OK) {
      verifyRow(metric, cells);
    }
  }

  /**
   * Writes a new value at an earlier timestamp of the next series of this thread.
   *
   * @param db the binding
   * @param threadstate this thread's {@link ThreadState}
   */
  protected void doTransactionUpdate(final DB db, Object threadstate) {
    Map<String, ByteIterator> point = new TreeMap<>();
    String metric = state(threadstate).nextDataPoint(point, false);
    db.update(table, metric, point);
  }

  /**
   * Writes the next data point, as the load does.
   *
   * @param db the binding
   * @param threadstate this thread's {@link ThreadState}
   */
  protected void doTransactionInsert(final DB db, Object threadstate) {
    doInsert(db, threadstate);
  }

  /**
   * Scans a random metric from a random timestamp.
   *
   * @param db the binding
   * @param threadstate this thread's {@link ThreadState}
   */
  protected void doTransactionScan(final DB db, Object threadstate) {
    ThreadState state = state(threadstate);
    Random random = ThreadLocalRandom.current();
    String metric = keys[random.nextInt(keys.length)];
    int length = scanlength.nextValue().intValue();
    long start = state.timestampAt(random.nextInt(Math.max(1, maxOffsets - 1)));
    db.scan(table, metric, length, queryFields(start), new Vector<>());
  }

  /**
   * Deletes one random series, or with grouping all series of a metric sharing the ungrouped tags.
   *
   * @param db the binding
   * @param threadstate this thread's {@link ThreadState}
   */
  protected void doTransactionDelete(final DB db, Object threadstate) {
    Random random = ThreadLocalRandom.current();
    StringBuilder key = new StringBuilder(keys[random.nextInt(keys.length)]);
    for (int i = 0; i < tagPairs; i++) {
      key.append(deleteDelimiter).append(tagKeys[i]);
      if (!(groupBy && groupBys[i])) {
        key.append(tagPairDelimiter).append(tagValues[random.nextInt(tagCardinality[i])]);
      }
    }
    db.delete(table, key.toString());
  }

  /** @return the fields of a read or scan starting at {@code start}: tags, time, grouping */
  private Set<String> queryFields(long start) {
    Random random = ThreadLocalRandom.current();
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

  /**
   * Checks a data point read against the value its series and timestamp imply, and records the
   * outcome as {@code VERIFY}.
   *
   * @param key the metric
   * @param cells the fields read: tags, timestamp and value
   * @return {@link Status#OK} when the value matches, else {@link Status#UNEXPECTED_STATE}
   */
  protected Status verifyRow(final String key, final Map<String, ByteIterator> cells) {
    long start = System.nanoTime();
    Status verdict = TimeSeriesValues.matches(this, key, cells) ? Status.OK : Status.UNEXPECTED_STATE;
    measurements.measure("VERIFY", (int) ((System.nanoTime() - start) / 1000));
    measurements.reportStatus("VERIFY", verdict);
    return verdict;
  }

  /**
   * The value written for a data point when {@code dataintegrity} is on: the hash of the sorted tag
   * keys and values, XOR'd with the timestamp (the metric does not enter, as in upstream YCSB, so
   * data loaded by either can be checked by the other).
   *
   * @param key the metric
   * @param timestamp the data point's timestamp
   * @param tags the series' tags, sorted by key
   * @return the value to write or expect
   */
  protected long validationFunction(final String key, final long timestamp,
                                    final TreeMap<String, String> tags) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> pair : tags.entrySet()) {
      sb.append(pair.getKey()).append(pair.getValue());
    }
    return (long) sb.toString().hashCode() ^ timestamp;
  }

  /**
   * Generates the metric names, tag keys and tag values and derives the cardinalities.
   *
   * @throws WorkloadException on a bad {@code tagcardinality} or too few metrics for the threads
   */
  protected void initKeysAndTags() throws WorkloadException {
    TimeSeriesKeySpace.build(this);
  }

  /**
   * Rejects settings that {@code dataintegrity} cannot check.
   *
   * @throws WorkloadException naming the setting to change
   */
  protected void validateSettings() throws WorkloadException {
    if (!dataintegrity) {
      return;
    }
    String prefix = "Data integrity was enabled. ";
    if (valueType != ValueType.INTEGERS) {
      throw new WorkloadException(prefix + "'valuetype' must be set to 'integers'.");
    }
    if (groupBy) {
      throw new WorkloadException(prefix + "'groupbyfunction' must be empty or null.");
    }
    if (downsample) {
      throw new WorkloadException(prefix + "'downsamplingfunction' must be empty or null.");
    }
    if (queryTimeSpan > 0) {
      throw new WorkloadException(prefix + "'querytimespan' must be empty or 0.");
    }
    if (randomizeTimeseriesOrder) {
      throw new WorkloadException(prefix + "'randomtimeseriesorder' must be false.");
    }
    if (!TimeSeriesSettings.hasInsertStart(properties)) {
      throw new WorkloadException(prefix + "'insertstart' must be set to a Unix Epoch timestamp.");
    }
  }

  /** Number of threads the run was configured with, for the key-space check. */
  int configuredThreads() {
    return site.ycsb.props.CoreProperties.THREADS.getInt(properties);
  }

  /**
   * One thread's position in the series: which metric and tag values it writes next and its clock.
   * Each thread owns a contiguous slice of the metrics.
   */
  protected class ThreadState {
    /** This thread's clock. */
    protected final UnixEpochTimestampGenerator timestampGenerator;
    /** Chooses how many intervals after the start a read looks. */
    protected final NumberGenerator queryOffsetGenerator;
    /** Metric written next. */
    protected int keyIdx;
    /** First metric of this thread's slice. */
    protected int keyIdxStart;
    /** One past the last metric of this thread's slice. */
    protected int keyIdxEnd;
    /** Tag value index per tag key of the series written next. */
    protected int[] tagValueIdxs;
    /** Set when every series of the slice got the current timestamp: the clock moves next. */
    protected boolean rollover;
    /** The first timestamp of this thread. */
    protected long startTimestamp;

    /**
     * @param threadID this thread's index
     * @param threadCount number of threads
     * @throws WorkloadException when there are fewer metrics than threads or insertstart is bad
     */
    protected ThreadState(final int threadID, final int threadCount) throws WorkloadException {
      int threads = threadCount > 0 ? threadCount : 1;
      if (threadID >= threads) {
        throw new IllegalStateException("Thread ID " + threadID + " must be below the thread count " + threads);
      }
      if (keys.length < threads) {
        throw new WorkloadException("Field count " + keys.length + " (metrics of the time series workload) "
            + "must be at least the thread count " + threads);
      }
      int perThread = keys.length / threads;
      keyIdxStart = perThread * threadID;
      keyIdx = keyIdxStart;
      keyIdxEnd = threadID == threads - 1 ? keys.length : keyIdxStart + perThread;
      tagValueIdxs = new int[tagPairs];
      timestampGenerator = TimeSeriesSettings.clock(TimeSeriesWorkload.this);
      // draw once so the clock's current value is the first timestamp, not one interval before
      startTimestamp = timestampGenerator.nextValue();
      queryOffsetGenerator = new UniformLongGenerator(0, Math.max(0, maxOffsets - 2));
    }

    /** @return the timestamp {@code offsets} intervals after this thread's first */
    long timestampAt(int offsets) {
      return offsets > 0 ? startTimestamp + timestampGenerator.getOffset(offsets) : startTimestamp;
    }

    /**
     * Fills {@code map} with the next data point of this thread and advances to the following
     * series (and the clock, once every series of the slice had this timestamp).
     *
     * @param map receives the tags, timestamp and value
     * @param isInsert true for a new point, false for an update at an earlier timestamp
     * @return the metric
     */
    protected String nextDataPoint(final Map<String, ByteIterator> map, final boolean isInsert) {
      return TimeSeriesPoints.next(TimeSeriesWorkload.this, this, map, isInsert);
    }
  }
}
