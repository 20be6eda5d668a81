package site.ycsb;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A binding that talks to no database: it optionally prints each call and sleeps a simulated
 * delay. Used to measure the client's own overhead and to test the engine. Its asynchronous side
 * answers at once, or after the simulated delay on a timer thread of its own, so the engine's
 * cost per operation on the asynchronous path can be measured as well.
 */
@StoresNothing
public class BasicDB extends DB implements AsyncDB {
  /** Property: count the operations of each kind. */
  public static final String COUNT = BasicDBProperties.COUNT.name();
  /** Default of {@link #COUNT}. */
  public static final String COUNT_DEFAULT = BasicDBProperties.COUNT.defaultValue();
  /** Property: print every operation. */
  public static final String VERBOSE = BasicDBProperties.VERBOSE.name();
  /** Default of {@link #VERBOSE}. */
  public static final String VERBOSE_DEFAULT = BasicDBProperties.VERBOSE.defaultValue();
  /** Property: the simulated delay of each operation, in milliseconds. */
  public static final String SIMULATE_DELAY = BasicDBProperties.SIMULATE_DELAY.name();
  /** Default of {@link #SIMULATE_DELAY}. */
  public static final String SIMULATE_DELAY_DEFAULT = BasicDBProperties.SIMULATE_DELAY.defaultValue();
  /** Property: whether the delay is random up to the simulated delay. */
  public static final String RANDOMIZE_DELAY = BasicDBProperties.RANDOMIZE_DELAY.name();
  /** Default of {@link #RANDOMIZE_DELAY}. */
  public static final String RANDOMIZE_DELAY_DEFAULT = BasicDBProperties.RANDOMIZE_DELAY.defaultValue();

  /**
   * Upstream's counting state, kept for subclasses written against it: with {@code basicdb.count},
   * the distinct operations of each kind (by {@link #hash} of their arguments) and how often each
   * was made, over every instance of the process; {@link #counter} counts the live instances.
   * Guarded by {@link #MUTEX} (the maps by themselves).
   */
  protected static final Object MUTEX = new Object();
  protected static int counter = 0;
  protected static Map<Integer, Integer> reads;
  protected static Map<Integer, Integer> scans;
  protected static Map<Integer, Integer> updates;
  protected static Map<Integer, Integer> inserts;
  protected static Map<Integer, Integer> deletes;

  /** A string builder per thread, for subclasses that format output ({@link #getStringBuilder()}). */
  protected static final ThreadLocal<StringBuilder> TL_STRING_BUILDER = ThreadLocal.withInitial(StringBuilder::new);

  private static final StatusFuture ANSWERED = StatusFuture.of(Status.OK);

  /** The longest end of a simulated delay that is waited for by spinning, not parking. */
  private static final long SPIN_NANOS = 200_000L;

  /** The end of a long simulated delay that is waited for in short parks, which overshoot less. */
  private static final long SHORT_PARK_NANOS = 1_500_000L;

  /** The timer the asynchronous side completes delayed calls on: one per phase. */
  static final class Completer implements AutoCloseable {
    final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "basicdb-completer");
      t.setDaemon(true);
      return t;
    });

    @Override
    public void close() {
      timer.shutdownNow();
    }
  }

  /** Operations of each kind over all workers of the phase; printed when the phase ends. */
  static final class Counts implements AutoCloseable {
    private final Map<String, Long> byKind = new TreeMap<>();

    synchronized void add(Map<String, Long> counts) {
      counts.forEach((k, v) -> byKind.merge(k, v, Long::sum));
    }

    @Override
    public synchronized void close() {
      System.err.println("basicdb counts: " + byKind);
    }
  }

  private Counts counts;
  /** Whether every operation is printed ({@code basicdb.verbose}). */
  protected boolean verbose;
  /** Whether the delay is random up to {@link #todelay} ({@code basicdb.randomizedelay}). */
  protected boolean randomizedelay;
  /** The simulated delay in milliseconds ({@code basicdb.simulatedelay}). */
  protected int todelay;
  /** Whether operations are counted ({@code basicdb.count}). */
  protected boolean count;
  private final Map<String, Long> localCounts = new HashMap<>();
  private PrintStream out = System.out;
  private Completer completer;
  /**
   * Reads the settings and, with {@code basicdb.count}, joins the phase's counts. Upstream's entry
   * point, so a subclass overriding it and calling {@code super.init()} still runs this; the
   * engine's context is there when it runs from {@code init(BindingContext)} ({@link #initContext()}).
   */
  @Override
  public void init() {
    BindingContext context = initContext();
    verbose = BasicDBProperties.VERBOSE.getBoolean(getProperties());
    todelay = BasicDBProperties.SIMULATE_DELAY.getInt(getProperties());
    randomizedelay = BasicDBProperties.RANDOMIZE_DELAY.getBoolean(getProperties());
    count = BasicDBProperties.COUNT.getBoolean(getProperties());
    if (count) {
      counts = context != null ? shared("basicdb.counts", Counts::new) : new Counts();
    }
    if (context != null && context.inflight() > 0 && todelay > 0) {
      completer = shared("basicdb.completer", Completer::new);
    }
    synchronized (MUTEX) {
      if (counter == 0 && count) {
        reads = new HashMap<>();
        scans = new HashMap<>();
        updates = new HashMap<>();
        inserts = new HashMap<>();
        deletes = new HashMap<>();
      }
      counter++;
    }
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

  /** Opening them cannot fail, so upstream's {@code init()}, which throws nothing, need not either. */
  private <T> T shared(String key, BindingContext.Opener<T> opener) {
    try {
      return initContext().shared(key, opener);
    } catch (DBException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** Waits the simulated delay, if any: up to {@link #todelay} ms at random, or exactly that. */
  protected void delay() {
    if (todelay > 0) {
      long nanos = TimeUnit.MILLISECONDS.toNanos(todelay);
      if (randomizedelay) {
        nanos = ThreadLocalRandom.current().nextLong(nanos + 1);
      }
      long until = System.nanoTime() + nanos;
      long left;
      // parking overshoots: by 0.1-0.6 ms for a park of tens of milliseconds, by about 0.06 ms
      // for one under a millisecond (measured here), and a 20 ms delay that takes 20.3 ms moves a
      // known capacity (threads x 1000 / delay) by 1.5%. So a long delay parks until a
      // millisecond and a half before its end, then in short parks until shortly before it, and
      // spins the rest: at most 2% of the delay, so that many threads with short delays do not
      // take the cores from what they share the machine with
      long spin = Math.min(SPIN_NANOS, nanos / 50);
      while ((left = until - System.nanoTime()) > spin) {
        LockSupport.parkNanos(left > 2 * SHORT_PARK_NANOS ? left - SHORT_PARK_NANOS : left - spin);
      }
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }
  }

  /** @return the answer of an asynchronous call: at once, or after the simulated delay */
  private CompletionStage<Status> answer() {
    if (completer == null) {
      return ANSWERED;
    }
    long nanos = TimeUnit.MILLISECONDS.toNanos(todelay);
    if (randomizedelay) {
      nanos = ThreadLocalRandom.current().nextLong(nanos + 1);
    }
    StatusFuture f = new StatusFuture();
    completer.timer.schedule(() -> f.complete(Status.OK), nanos, TimeUnit.NANOSECONDS);
    return f;
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    if (verbose || count) {
      note("READ", table + " " + key + " " + (fields == null ? "<all fields>" : fields));
    }
    return answer();
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    if (verbose || count) {
      note("SCAN", table + " " + startkey + " " + recordcount + " " + (fields == null ? "<all fields>" : fields));
    }
    return answer();
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    if (verbose || count) {
      note("UPDATE", table + " " + key + " " + values.keySet());
    }
    return answer();
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    if (verbose || count) {
      note("INSERT", table + " " + key + " " + values.keySet());
    }
    return answer();
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    if (verbose || count) {
      note("DELETE", table + " " + key);
    }
    return answer();
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
      if (count) {
        countUnique(reads, hash(table, key, fields));
      }
    }
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    delay();
    if (verbose || count) {
      note("SCAN", table + " " + startkey + " " + recordcount + " " + (fields == null ? "<all fields>" : fields));
      if (count) {
        countUnique(scans, hash(table, startkey, fields));
      }
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose || count) {
      note("UPDATE", table + " " + key + " " + values.keySet());
      if (count) {
        countUnique(updates, hash(table, key, values));
      }
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose || count) {
      note("INSERT", table + " " + key + " " + values.keySet());
      if (count) {
        countUnique(inserts, hash(table, key, values));
      }
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    delay();
    if (verbose || count) {
      note("DELETE", table + " " + key);
      if (count) {
        countUnique(deletes, (table + key).hashCode());
      }
    }
    return Status.OK;
  }

  @Override
  public void cleanup() {
    synchronized (MUTEX) {
      counter--;
    }
    if (count) {
      counts.add(localCounts);
      localCounts.clear();
    }
  }

  private void countUnique(Map<Integer, Integer> kind, int hash) {
    if (count && kind != null) {
      incCounter(kind, hash);
    }
  }

  /** @return the calling thread's string builder, emptied */
  protected static StringBuilder getStringBuilder() {
    StringBuilder sb = TL_STRING_BUILDER.get();
    sb.setLength(0);
    return sb;
  }

  /**
   * Counts one more operation with the given hash.
   *
   * @param map the counts of one kind of operation
   * @param hash the operation's {@link #hash}
   */
  protected void incCounter(Map<Integer, Integer> map, int hash) {
    synchronized (map) {
      map.merge(hash, 1, Integer::sum);
    }
  }

  /**
   * @param table the table
   * @param key the key
   * @param fields the fields asked for, or null for all
   * @return a hash of the arguments of a read or scan; the same for the same fields in any order
   */
  protected int hash(String table, String key, Set<String> fields) {
    if (fields == null) {
      return (table + key).hashCode();
    }
    StringBuilder sb = getStringBuilder().append(table).append(key);
    List<String> sorted = new ArrayList<>(fields);
    Collections.sort(sorted);
    sorted.forEach(sb::append);
    return sb.toString().hashCode();
  }

  /**
   * Reads the values (rewinding them first), so call it only where they are not read again.
   *
   * @param table the table
   * @param key the key
   * @param values the values written, or null
   * @return a hash of the arguments of an update or insert; the same for the same values in any order
   */
  protected int hash(String table, String key, Map<String, ByteIterator> values) {
    if (values == null) {
      return (table + key).hashCode();
    }
    StringBuilder sb = getStringBuilder().append(table).append(key);
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(values).entrySet()) {
      e.getValue().reset();
      sb.append(e.getKey()).append(e.getValue().toString());
    }
    return sb.toString().hashCode();
  }
}
