package site.ycsb.upstreamapi;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * A custom workload as written for upstream YCSB: it overrides {@code doTransactionRead} and
 * makes the read itself from the protected generators and settings of {@link CoreWorkload}.
 */
public class ReadOverridingWorkload extends CoreWorkload {
  /** Reads made by the override since the last {@link #reset()}, and how often each key number was read. */
  static final AtomicLong READS = new AtomicLong();
  static final Map<Long, AtomicLong> KEYNUMS = new ConcurrentHashMap<>();
  /** What the protected settings said when the run read them. */
  static volatile long recordCountSeen = -1;
  static volatile String tableSeen;

  static void reset() {
    READS.set(0);
    KEYNUMS.clear();
    recordCountSeen = -1;
    tableSeen = null;
  }

  @Override
  public void doTransactionRead(DB db) {
    long keynum;
    do {
      keynum = keychooser.nextValue().longValue();
    } while (keynum > transactioninsertkeysequence.lastValue());
    String keyname = buildKeyName(keynum);
    HashSet<String> fields = null;
    if (!readallfields) {
      fields = new HashSet<>();
      fields.add("field" + fieldchooser.nextValue().intValue());
    }
    HashMap<String, ByteIterator> cells = new HashMap<>();
    db.read(table, keyname, fields, cells);
    READS.incrementAndGet();
    KEYNUMS.computeIfAbsent(keynum, k -> new AtomicLong()).incrementAndGet();
    recordCountSeen = recordcount;
    tableSeen = table;
  }

  /** Upstream's static helpers, reached as a subclass reaches them. */
  static DiscreteGenerator mixOf(Properties p) {
    return createOperationGenerator(p);
  }

  static NumberGenerator fieldLengthsOf(Properties p) throws WorkloadException {
    return getFieldLengthGenerator(p);
  }

  /** @return the key {@link #buildKeyName} makes of a key number with this workload's settings */
  String keyOf(long keynum) {
    return buildKeyName(keynum);
  }
}
