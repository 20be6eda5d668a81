package site.ycsb;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.props.PropertyDef;

/**
 * A binding that talks to no database: it optionally prints each call and sleeps a simulated
 * delay. Used to measure the client's own overhead and to test the engine.
 */
public class BasicDB extends DB {
  public static final PropertyDef VERBOSE = PropertyDef.bool("basicdb.verbose", true,
      "basic: print every operation to stdout");
  public static final PropertyDef SIMULATE_DELAY = PropertyDef.integer("basicdb.simulatedelay", 0, 0,
      Integer.MAX_VALUE, "basic: delay of each operation in milliseconds (maximum when randomized)");
  public static final PropertyDef RANDOMIZE_DELAY = PropertyDef.bool("basicdb.randomizedelay", true,
      "basic: random delay between 0 and simulatedelay (true) or exactly simulatedelay (false)");
  public static final PropertyDef COUNT = PropertyDef.bool("basicdb.count", false,
      "basic: count the operations of each kind and print the counts at cleanup");

  private static final Map<String, Long> COUNTS = new TreeMap<>();

  private boolean verbose;
  private int delayMillis;
  private boolean randomizeDelay;
  private boolean count;
  private final Map<String, Long> localCounts = new HashMap<>();
  private PrintStream out = System.out;

  @Override
  public void init() throws DBException {
    verbose = VERBOSE.getBoolean(getProperties());
    delayMillis = SIMULATE_DELAY.getInt(getProperties());
    randomizeDelay = RANDOMIZE_DELAY.getBoolean(getProperties());
    count = COUNT.getBoolean(getProperties());
    if (verbose) {
      synchronized (System.out) {
        out.println("***************** properties *****************");
        for (String name : new TreeMap<>(getProperties()).keySet().toArray(new String[0])) {
          out.println("\"" + name + "\"=\"" + site.ycsb.props.Masking.maskIfSecret(name,
              getProperties().getProperty(name)) + "\"");
        }
        out.println("**********************************************");
      }
    }
  }

  private void delay() {
    if (delayMillis > 0) {
      long nanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
      if (randomizeDelay) {
        nanos = ThreadLocalRandom.current().nextLong(nanos + 1);
      }
      long until = System.nanoTime() + nanos;
      long left;
      while ((left = until - System.nanoTime()) > 0) {
        LockSupport.parkNanos(left);
      }
    }
  }

  private void note(String op, String text) {
    if (verbose) {
      out.println(op + " " + text);
    }
    if (count) {
      localCounts.merge(op, 1L, Long::sum);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    delay();
    if (verbose || count) {
      note("READ", table + " " + key + " " + (fields == null ? "<all fields>" : fields));
    }
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    delay();
    if (verbose || count) {
      note("SCAN", table + " " + startkey + " " + recordcount + " " + (fields == null ? "<all fields>" : fields));
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose || count) {
      note("UPDATE", table + " " + key + " " + values.keySet());
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose || count) {
      note("INSERT", table + " " + key + " " + values.keySet());
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    delay();
    if (verbose || count) {
      note("DELETE", table + " " + key);
    }
    return Status.OK;
  }

  @Override
  public void cleanup() throws DBException {
    if (count) {
      synchronized (COUNTS) {
        localCounts.forEach((k, v) -> COUNTS.merge(k, v, Long::sum));
        localCounts.clear();
        System.err.println("basicdb counts so far: " + COUNTS);
      }
    }
  }
}
