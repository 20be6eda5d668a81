package site.ycsb.db;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;

/**
 * The floor of the Cassandra binding's asynchronous path: the Java driver alone sending the
 * requests the binding sends for workload A, with no benchmark engine, workload or measurement
 * around the calls. Used by {@code cassandra/bench/cpu-vs-bare-driver.sh} to tell the engine's
 * client CPU per operation from the driver's.
 *
 * <p>Same requests as the binding with its defaults: the session is configured as
 * {@code CassandraSessions.open} configures it; half the operations are
 * {@code SELECT * FROM ks.usertable WHERE y_id = ?} (workload A reads all fields), half
 * {@code UPDATE ks.usertable SET fieldN = ? WHERE y_id = ?} of one of the 10 fields with a
 * 100-byte value, all prepared, at consistency ONE (serial SERIAL). Keys are uniform over the
 * keys the load wrote, read with {@code SELECT y_id} before the run.
 *
 * <p>At most {@code outstanding} requests are in flight ({@code executeAsync}). With a rate above
 * 0 one thread starts them on a fixed schedule (evenly spaced; a request held back by the limit
 * keeps its place, later ones catch up); with rate 0 as fast as the limit allows, each answer
 * sending the next request from the driver's I/O thread. The answer of a read is taken as far as
 * its row ({@code one()}); copying the values out is the binding's work, not the driver's. After
 * the warm-up it counts the operations completed in the window and the process CPU time over it,
 * and prints {@code ops/s=... cpu-us/op=...}.
 *
 * <p>Arguments: host port datacenter keyspace seconds warmupSeconds records outstanding rate
 */
public final class BareCassandraLoop {
  /** Workload A's defaults: fieldcount, fieldnameprefix, fieldlength, table. */
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final String TABLE = "usertable";
  /** Update values are drawn from a few prepared ones: generating them is the engine's work, not the driver's. */
  private static final int VALUES = 64;
  private static final ConsistencyLevel LEVEL = DefaultConsistencyLevel.ONE;
  private static final ConsistencyLevel SERIAL = DefaultConsistencyLevel.SERIAL;

  private final CqlSession session;
  private final String[] keys;
  private final PreparedStatement read;
  private final PreparedStatement[] updates = new PreparedStatement[FIELDS];
  private final byte[][] values = values(new SplittableRandom(42));
  /** Sends per second, or 0: as fast as the outstanding limit allows. */
  private final double rate;
  private final int outstandingLimit;
  /** One permit per request that may be outstanding. */
  private final Semaphore slots;
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();
  private volatile boolean stop;

  /** Every read's answer: the row must be there. */
  private final BiConsumer<AsyncResultSet, Throwable> readDone = (result, failure) -> {
    Row row = failure == null ? result.one() : null;
    done(failure, row == null && failure == null ? "a read found no row" : null);
  };
  /** Every update's answer. */
  private final BiConsumer<AsyncResultSet, Throwable> updateDone = (result, failure) -> done(failure, null);

  private BareCassandraLoop(CqlSession session, String table, String[] keys, int outstanding, double rate) {
    this.session = session;
    this.keys = keys;
    this.rate = rate;
    outstandingLimit = outstanding;
    slots = new Semaphore(outstanding);
    read = session.prepare("SELECT * FROM " + table + " WHERE y_id = ?");
    for (int i = 0; i < FIELDS; i++) {
      updates[i] = session.prepare("UPDATE " + table + " SET field" + i + " = ? WHERE y_id = ?");
    }
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 9) {
      System.err.println("usage: BareCassandraLoop host port datacenter keyspace seconds warmupSeconds records"
          + " outstanding rate");
      System.exit(2);
    }
    InetSocketAddress address = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
    String datacenter = args[2];
    String keyspace = args[3];
    double seconds = Double.parseDouble(args[4]);
    double warmupSeconds = Double.parseDouble(args[5]);
    int records = Integer.parseInt(args[6]);
    int outstanding = Integer.parseInt(args[7]);
    double rate = Double.parseDouble(args[8]);

    try (CqlSession session = open(address, datacenter)) {
      String table = CqlIdentifier.fromCql(keyspace).asCql(true) + "." + CqlIdentifier.fromCql(TABLE).asCql(true);
      new BareCassandraLoop(session, table, keys(session, table, records), outstanding, rate)
          .run(seconds, warmupSeconds);
    }
  }

  /** As {@code CassandraSessions.open} builds the binding's session with the binding's default properties. */
  private static CqlSession open(InetSocketAddress address, String datacenter) {
    Duration connect = Duration.ofMillis(5_000);
    return CqlSession.builder()
        .addContactPoint(address)
        .withLocalDatacenter(datacenter)
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(60_000))
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(100))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1))
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
            .build())
        .build();
  }

  /** The keys the load wrote; fewer than {@code records} is said on stderr, none is an error. */
  private static String[] keys(CqlSession session, String table, int records) {
    List<String> keys = new ArrayList<>(records);
    for (Row r : session.execute("SELECT y_id FROM " + table)) {
      keys.add(r.getString(0));
    }
    if (keys.isEmpty()) {
      throw new IllegalStateException(table + " has no records: load them first");
    }
    if (keys.size() != records) {
      System.err.println("BareCassandraLoop: " + table + " holds " + keys.size() + " records, not " + records);
    }
    return keys.toArray(new String[0]);
  }

  private void run(double seconds, double warmupSeconds) throws InterruptedException {
    Thread issuer = new Thread(this::issue, "issuer");
    long start = System.nanoTime();
    issuer.start();

    // this thread only measures: it wakes at the window's edges
    sleepUntil(start + (long) (warmupSeconds * 1e9));
    long cpu0 = processCpuNanos();
    long ops0 = completed.get();
    long failed0 = failed.get();
    long t0 = System.nanoTime();
    sleepUntil(t0 + (long) (seconds * 1e9));
    long cpu1 = processCpuNanos();
    long ops1 = completed.get();
    long failed1 = failed.get();
    long t1 = System.nanoTime();

    stop = true;
    issuer.join();
    // let the requests in flight finish before the session closes
    drain();

    long ops = ops1 - ops0;
    double window = (t1 - t0) / 1e9;
    if (failed1 > failed0) {
      System.err.println("BareCassandraLoop: " + (failed1 - failed0) + " of " + ops + " operations failed, the first: "
          + firstFailure.get());
    }
    if (ops == 0) {
      System.err.println("BareCassandraLoop: no operation completed in the window");
      System.exit(1);
    }
    System.out.println(String.format(Locale.ROOT, "ops/s=%.1f cpu-us/op=%.1f", ops / window,
        (cpu1 - cpu0) / 1e3 / ops));
  }

  /**
   * The scheduling thread. With a rate it sends every request at its slot in the schedule; at
   * saturation it fills the free slots, and each successful answer sends the next request from the
   * driver's thread, keeping its slot (no hand-over between threads per request).
   */
  private void issue() {
    long first = System.nanoTime();
    long sent = 0;
    try {
      while (!stop) {
        if (rate > 0) {
          long due = first + (long) (sent * 1e9 / rate);
          for (long wait = due - System.nanoTime(); wait > 0 && !stop; wait = due - System.nanoTime()) {
            LockSupport.parkNanos(wait);
          }
        }
        // a short timeout so that the end of the run is seen while every slot is taken
        if (slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
          send();
          sent++;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Sends one read or update of a uniformly chosen key, in a slot already taken. */
  private void send() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String key = keys[random.nextInt(keys.length)];
    // built as the binding builds its requests: bound, then the levels set on each
    if (random.nextBoolean()) {
      Statement<?> s = read.boundStatementBuilder().setString(0, key)
          .setConsistencyLevel(LEVEL).setSerialConsistencyLevel(SERIAL).build();
      session.executeAsync(s).whenComplete(readDone);
    } else {
      Statement<?> s = updates[random.nextInt(FIELDS)].boundStatementBuilder()
          .setBytesUnsafe(0, ByteBuffer.wrap(values[random.nextInt(VALUES)]))
          .setString(1, key)
          .setConsistencyLevel(LEVEL).setSerialConsistencyLevel(SERIAL).build();
      session.executeAsync(s).whenComplete(updateDone);
    }
  }

  private void done(Throwable failure, String problem) {
    boolean ok = failure == null && problem == null;
    if (!ok) {
      failed.incrementAndGet();
      firstFailure.compareAndSet(null, failure != null ? String.valueOf(failure) : problem);
    }
    completed.incrementAndGet();
    // a failure may complete on the sending thread: it gives its slot back rather than recurse
    if (rate <= 0 && ok && !stop) {
      send();
    } else {
      slots.release();
    }
  }

  /** Waits (up to a minute) until no request is in flight. */
  private void drain() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (inFlight() > 0) {
      if (System.nanoTime() > deadline) {
        System.err.println("BareCassandraLoop: " + inFlight() + " requests still in flight after a minute");
        return;
      }
      Thread.sleep(10);
    }
  }

  private int inFlight() {
    return outstandingLimit - slots.availablePermits();
  }

  /** Values as the engine generates them: printable characters, fieldlength long. */
  private static byte[][] values(SplittableRandom random) {
    byte[] alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-"
        .getBytes(StandardCharsets.US_ASCII);
    byte[][] out = new byte[VALUES][FIELD_LENGTH];
    for (byte[] v : out) {
      for (int i = 0; i < v.length; i++) {
        v[i] = alphabet[random.nextInt(alphabet.length)];
      }
    }
    return out;
  }

  private static void sleepUntil(long deadline) throws InterruptedException {
    for (long wait = deadline - System.nanoTime(); wait > 0; wait = deadline - System.nanoTime()) {
      TimeUnit.NANOSECONDS.sleep(wait);
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
