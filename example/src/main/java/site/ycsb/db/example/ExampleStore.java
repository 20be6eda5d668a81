package site.ycsb.db.example;

import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The example's "database": records in a sorted map, one per process, shared by every worker
 * through the binding context. A real binding keeps its client or connection pool here.
 */
final class ExampleStore implements AutoCloseable {
  private final ConcurrentNavigableMap<String, Map<String, byte[]>> records = new ConcurrentSkipListMap<>();
  private final AtomicLong size = new AtomicLong();
  private final long maxRecords;

  ExampleStore(long maxRecords) {
    this.maxRecords = maxRecords;
  }

  ConcurrentNavigableMap<String, Map<String, byte[]>> records() {
    return records;
  }

  /** @return false when the store is full */
  boolean reserve() {
    long n = size.incrementAndGet();
    if (maxRecords > 0 && n > maxRecords) {
      size.decrementAndGet();
      return false;
    }
    return true;
  }

  void released() {
    size.decrementAndGet();
  }

  /** Called by the engine when the phase ends: a real client would disconnect here. */
  @Override
  public void close() {
    records.clear();
  }
}
