package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.random.RandomGenerator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.OperationRandom;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.UnixEpochTimestampGenerator;
import site.ycsb.measurements.Measurements;

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
public class TimeSeriesWorkload extends TimeSeriesLayout {

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

  /** Kind of values written. */
  protected ValueType valueType;
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
    RandomGenerator random = OperationRandom.current();
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
    db.delete(table, deleteKey());
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
