package site.ycsb.runner;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A store in the test's memory that acknowledges every write but forgets every
 * {@link #dropEvery}th update: it answers OK and keeps the record as it was. It keeps its own
 * count of what that costs, independently of the client: the keys whose last acknowledged write
 * it does not hold, and the reads it answered from such a key. One lock for everything, so the
 * order it applies and acknowledges writes is the order of its own count. Both paths: the
 * asynchronous calls of {@link MemoryDB} complete at once with these.
 */
public class ForgetfulDB extends MemoryDB {
  private static final Object LOCK = new Object();
  private static final Map<String, Map<String, byte[]>> STORED = new HashMap<>();
  /** The values of the last write acknowledged for each key. */
  private static final Map<String, Map<String, byte[]>> LAST_ACKNOWLEDGED = new HashMap<>();
  static int dropEvery;
  private static long updates;
  private static long readsOfLostKeys;

  static void reset(int every) {
    synchronized (LOCK) {
      STORED.clear();
      LAST_ACKNOWLEDGED.clear();
      dropEvery = every;
      updates = 0;
      readsOfLostKeys = 0;
    }
  }

  /** @return keys that do not hold their last acknowledged write */
  static long lostKeys() {
    synchronized (LOCK) {
      return LAST_ACKNOWLEDGED.keySet().stream().filter(ForgetfulDB::lost).count();
    }
  }

  /** @return reads answered from a key that did not hold its last acknowledged write */
  static long readsOfLostKeys() {
    synchronized (LOCK) {
      return readsOfLostKeys;
    }
  }

  /** @return keys with an acknowledged write */
  static long keysWritten() {
    synchronized (LOCK) {
      return LAST_ACKNOWLEDGED.size();
    }
  }

  private static boolean lost(String key) {
    Map<String, byte[]> stored = STORED.get(key);
    Map<String, byte[]> acked = LAST_ACKNOWLEDGED.get(key);
    if (stored == null) {
      return true;
    }
    for (Map.Entry<String, byte[]> e : acked.entrySet()) {
      if (!Arrays.equals(e.getValue(), stored.get(e.getKey()))) {
        return true;
      }
    }
    return false;
  }

  private static Map<String, byte[]> bytesOf(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new HashMap<>();
    values.forEach((field, value) -> out.put(field, value.toArray()));
    return out;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    synchronized (LOCK) {
      Map<String, byte[]> record = STORED.get(key);
      // the workers' reads, not the verification pass's after them
      if (LAST_ACKNOWLEDGED.containsKey(key) && lost(key) && !Thread.currentThread().getName().startsWith("ycsb-verify")) {
        readsOfLostKeys++;
      }
      if (record == null) {
        return Status.NOT_FOUND;
      }
      record.forEach((field, value) -> {
        if (fields == null || fields.contains(field)) {
          result.put(field, new ByteArrayByteIterator(value));
        }
      });
      return Status.OK;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> written = bytesOf(values);
    synchronized (LOCK) {
      Map<String, byte[]> record = STORED.get(key);
      if (record == null) {
        return Status.NOT_FOUND;
      }
      Map<String, byte[]> acked = LAST_ACKNOWLEDGED.computeIfAbsent(key, k -> new HashMap<>(record));
      acked.putAll(written);
      updates++;
      if (dropEvery == 0 || updates % dropEvery != 0) {
        record.putAll(written);
      }
      return Status.OK;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> written = bytesOf(values);
    synchronized (LOCK) {
      STORED.put(key, new HashMap<>(written));
      LAST_ACKNOWLEDGED.put(key, written);
      return Status.OK;
    }
  }

  @Override
  public Status delete(String table, String key) {
    synchronized (LOCK) {
      LAST_ACKNOWLEDGED.remove(key);
      return STORED.remove(key) == null ? Status.NOT_FOUND : Status.OK;
    }
  }
}
