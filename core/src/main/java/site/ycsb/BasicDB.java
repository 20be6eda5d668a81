package site.ycsb;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
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
public class BasicDB extends DB implements AsyncDB {
  private static final CompletableFuture<Status> ANSWERED = CompletableFuture.completedFuture(Status.OK);

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
  private boolean verbose;
  private int delayMillis;
  private boolean randomizeDelay;
  private boolean count;
  private final Map<String, Long> localCounts = new HashMap<>();
  private PrintStream out = System.out;
  private Completer completer;

  @Override
  public void init(BindingContext context) throws DBException {
    verbose = BasicDBProperties.VERBOSE.getBoolean(getProperties());
    delayMillis = BasicDBProperties.SIMULATE_DELAY.getInt(getProperties());
    randomizeDelay = BasicDBProperties.RANDOMIZE_DELAY.getBoolean(getProperties());
    count = BasicDBProperties.COUNT.getBoolean(getProperties());
    if (count) {
      counts = context.shared("basicdb.counts", Counts::new);
    }
    if (context.inflight() > 0 && delayMillis > 0) {
      completer = context.shared("basicdb.completer", Completer::new);
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

  /** @return the answer of an asynchronous call: at once, or after the simulated delay */
  private CompletionStage<Status> answer() {
    if (completer == null) {
      return ANSWERED;
    }
    long nanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
    if (randomizeDelay) {
      nanos = ThreadLocalRandom.current().nextLong(nanos + 1);
    }
    CompletableFuture<Status> f = new CompletableFuture<>();
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
      counts.add(localCounts);
      localCounts.clear();
    }
  }
}
