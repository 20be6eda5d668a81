package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import site.ycsb.props.TimeSeriesProperties;

/**
 * {@link BasicDB} for the {@link site.ycsb.workloads.TimeSeriesWorkload}: it understands the workload's timestamp and
 * value fields, and with {@code basicdb.count=true} also counts the distinct timestamps asked for or
 * written and how many writes carried integers and floats, printed when the last instance closes.
 */
public class BasicTSDB extends BasicDB {
  /** Times each timestamp was read or written, over all instances. */
  protected static Map<Long, Integer> timestamps;
  /** Writes with floating point values, by operation hash. */
  protected static Map<Integer, Integer> floats;
  /** Writes with integer values, by operation hash. */
  protected static Map<Integer, Integer> integers;

  private String timestampKey;
  private String valueKey;
  private String tagPairDelimiter;
  private String queryTimeSpanDelimiter;

  @Override
  public void init() {
    super.init();
    synchronized (MUTEX) {
      if (timestamps == null) {
        timestamps = new HashMap<>();
        floats = new HashMap<>();
        integers = new HashMap<>();
      }
    }
    Properties p = getProperties();
    timestampKey = TimeSeriesProperties.TIMESTAMP_KEY.get(p);
    valueKey = TimeSeriesProperties.VALUE_KEY.get(p);
    tagPairDelimiter = TimeSeriesProperties.PAIR_DELIMITER.get(p);
    queryTimeSpanDelimiter = TimeSeriesProperties.QUERY_TIMESPAN_DELIMITER.get(p);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (count && fields != null) {
      for (String field : fields) {
        if (field.startsWith(timestampKey + tagPairDelimiter)) {
          // a span counts by its start
          String span = field.substring(timestampKey.length() + tagPairDelimiter.length());
          int end = span.indexOf(queryTimeSpanDelimiter);
          countTimestamp(Long.parseLong(end < 0 ? span : span.substring(0, end)));
        }
      }
    }
    return super.read(table, key, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    countWrite(table, key, values);
    return super.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    countWrite(table, key, values);
    return super.insert(table, key, values);
  }

  private void countWrite(String table, String key, Map<String, ByteIterator> values) {
    if (!count || values == null) {
      return;
    }
    ByteIterator ts = values.get(timestampKey);
    ByteIterator value = values.get(valueKey);
    if (ts instanceof NumericByteIterator) {
      countTimestamp(((NumericByteIterator) ts).getLong());
    }
    if (value instanceof NumericByteIterator) {
      incCounter(((NumericByteIterator) value).isFloatingPoint() ? floats : integers, hash(table, key, values));
    }
  }

  private void countTimestamp(long timestamp) {
    synchronized (timestamps) {
      timestamps.merge(timestamp, 1, Integer::sum);
    }
  }

  @Override
  public void cleanup() {
    boolean last;
    synchronized (MUTEX) {
      last = counter == 1;
    }
    if (count && last) {
      System.out.println("[TIMESTAMPS], Unique, " + timestamps.size());
      System.out.println("[FLOATS], Unique series, " + floats.size());
      System.out.println("[INTEGERS], Unique series, " + integers.size());
    }
    super.cleanup();
  }

  /**
   * Hashes a write by its numbers rather than their bytes, so equal points hash alike.
   *
   * @param table the table
   * @param key the metric
   * @param values tags, timestamp and value
   * @return the hash
   */
  @Override
  protected int hash(final String table, final String key, final Map<String, ByteIterator> values) {
    StringBuilder sb = getStringBuilder().append(table).append(key);
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(values).entrySet()) {
      sb.append(e.getKey());
      ByteIterator v = e.getValue();
      if (v instanceof NumericByteIterator) {
        NumericByteIterator n = (NumericByteIterator) v;
        sb.append(n.isFloatingPoint() ? Double.toString(n.getDouble()) : Long.toString(n.getLong()));
      } else {
        v.reset();
        sb.append(v.toString());
      }
    }
    return sb.toString().hashCode();
  }
}
