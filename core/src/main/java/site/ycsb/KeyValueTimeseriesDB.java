package site.ycsb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.TimeSeriesProperties;

/**
 * Runs the {@link site.ycsb.workloads.TimeSeriesWorkload} on any key-value binding: each data point becomes one record
 * whose key is the metric, its sorted tags and its timestamp ({@code AA|AA=AA,AB=AB|1483228800}),
 * with the tags, timestamp and value as its fields. Reads fetch that record back, so
 * {@code dataintegrity=true} checks what the store kept.
 *
 * <p>Properties: {@code tsdb.store}, the binding that stores the records (a short name such as
 * {@code rocksdb} or a class name); the store's own properties pass through unchanged.
 */
public class KeyValueTimeseriesDB extends TimeseriesDB {
  /** The binding that stores the data points. */
  public static final String STORE_PROPERTY = TimeSeriesProperties.STORE.name();

  private DB store;
  private String table;
  private long interval;

  @Override
  public void init() throws DBException {
    super.init();
    if (store == null) {
      store = newStore(TimeSeriesProperties.STORE.get(getProperties()));
      store.setProperties(getProperties());
    }
    table = CoreProperties.TABLE.get(getProperties());
    interval = TimeSeriesProperties.TIMESTAMP_INTERVAL.getInt(getProperties());
    // the store opens with the engine's context when this one has it
    BindingContext context = initContext();
    if (context != null) {
      store.init(context);
    } else {
      store.init();
    }
  }

  private static DB newStore(String name) throws DBException {
    if (name == null || name.trim().isEmpty()) {
      throw new DBException("'" + STORE_PROPERTY + "' is not set: name the binding that stores the points,"
          + " e.g. rocksdb");
    }
    String className = name.trim();
    for (PropertyCatalog c : PropertyCatalog.all()) {
      if (className.equals(c.module()) && c.bindingClass() != null) {
        className = c.bindingClass();
      }
    }
    try {
      return Class.forName(className).asSubclass(DB.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new DBException("'" + STORE_PROPERTY + "': cannot create binding " + name + ": " + e, e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    store.cleanup();
  }

  /** @return the record key of one data point: metric, tags sorted by key, timestamp */
  static String recordKey(String metric, Map<String, String> sortedTags, long timestamp) {
    StringBuilder sb = new StringBuilder(metric).append('|');
    String sep = "";
    for (Map.Entry<String, String> tag : sortedTags.entrySet()) {
      sb.append(sep).append(tag.getKey()).append('=').append(tag.getValue());
      sep = ",";
    }
    return sb.append('|').append(timestamp).toString();
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags,
                        Map<String, ByteIterator> result) {
    TreeMap<String, String> series = new TreeMap<>();
    for (Map.Entry<String, List<String>> tag : tags.entrySet()) {
      if (tag.getValue().size() != 1) {
        return Status.NOT_IMPLEMENTED;
      }
      series.put(tag.getKey(), tag.getValue().get(0));
    }
    Map<String, ByteIterator> fields = new HashMap<>();
    Status status = store.read(table, recordKey(metric, series, timestamp), null, fields);
    if (status.isOk()) {
      decode(fields, result);
    }
    return status;
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    return read(metric, timestamp, tags, new HashMap<>());
  }

  /** Turns the stored text back into the workload's numeric timestamp and value fields. */
  private void decode(Map<String, ByteIterator> stored, Map<String, ByteIterator> result) {
    for (Map.Entry<String, ByteIterator> f : stored.entrySet()) {
      String text = f.getValue().toString();
      if (f.getKey().equals(timestampKey)) {
        result.put(f.getKey(), new NumericByteIterator(Long.parseLong(text)));
      } else if (f.getKey().equals(valueKey)) {
        // Double.toString always writes a '.' or an exponent, so integers are recognised exactly
        boolean integer = text.indexOf('.') < 0 && text.indexOf('E') < 0 && !text.contains("Inf")
            && !text.contains("NaN");
        result.put(f.getKey(), integer ? new NumericByteIterator(Long.parseLong(text))
            : new NumericByteIterator(Double.parseDouble(text)));
      } else {
        result.put(f.getKey(), new StringByteIterator(text));
      }
    }
  }

  /** Reads each timestamp of the span, one interval apart; OK when at least one point is there. */
  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    int found = 0;
    for (long t = startTs; t <= endTs; t += Math.max(1, interval)) {
      if (read(metric, t, tags).isOk()) {
        found++;
      }
    }
    return found > 0 ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    return write(metric, timestamp, Long.toString(value), tags);
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    return write(metric, timestamp, Double.toString(value), tags);
  }

  /** An update rewrites the point at its timestamp. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    ByteIterator ts = values.remove(timestampKey);
    ByteIterator value = values.remove(valueKey);
    if (!(ts instanceof NumericByteIterator) || !(value instanceof NumericByteIterator)) {
      return Status.BAD_REQUEST;
    }
    NumericByteIterator n = (NumericByteIterator) value;
    String text = n.isFloatingPoint() ? Double.toString(n.getDouble()) : Long.toString(n.getLong());
    return write(key, ((NumericByteIterator) ts).getLong(), text, values);
  }

  private Status write(String metric, long timestamp, String value, Map<String, ByteIterator> tags) {
    TreeMap<String, String> series = new TreeMap<>();
    Map<String, ByteIterator> fields = new HashMap<>();
    List<String> names = new ArrayList<>(tags.keySet());
    Collections.sort(names);
    for (String name : names) {
      String text = tags.get(name).toString();
      series.put(name, text);
      fields.put(name, new StringByteIterator(text));
    }
    fields.put(timestampKey, new StringByteIterator(Long.toString(timestamp)));
    fields.put(valueKey, new StringByteIterator(value));
    return store.insert(table, recordKey(metric, series, timestamp), fields);
  }
}
