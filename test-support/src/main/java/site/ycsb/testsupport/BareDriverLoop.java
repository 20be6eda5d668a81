package site.ycsb.testsupport;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The floor a binding's client CPU per operation is measured against: a database driver alone
 * sending the requests the binding sends for workload A, with no benchmark engine, workload or
 * measurement around the calls. Each binding's {@code bench/cpu-vs-bare-driver.sh} runs its
 * subclass next to the engine (see {@code bench/cpu-vs-bare-driver.lib.sh}).
 *
 * <p>What is common to every driver lives here: at most {@code outstanding} requests in flight;
 * with a rate above 0 one thread starts them on a fixed schedule (evenly spaced; a request held
 * back by the limit keeps its place and later ones catch up); with rate 0 as fast as the limit
 * allows, each successful answer sending the next request from the thread that delivered it (the
 * driver's own, with no hand-over between threads per request). After the warm-up it counts the
 * operations completed in the window and the process CPU time over it, and prints
 * {@code ops/s=... cpu-us/op=... excluding-compiler-us/op=...} on stdout (the last without the
 * JIT compilers' time, as the engine's {@code [CLIENT], CpuPerOperationExcludingCompiler(us)}); failures are counted and the first one is said on
 * stderr as {@code NAME: F of N operations failed}.
 *
 * <p>A subclass sends one request per {@link #send} and reports its answer through
 * {@link #done}. Update values come from {@link #value}: generating them is the engine's work,
 * not the driver's, so the floor draws from a few made in advance.
 */
public abstract class BareDriverLoop {
  /** Workload A's defaults: fieldcount, fieldlength. */
  public static final int FIELDS = 10;
  public static final int FIELD_LENGTH = 100;
  /** The arguments every loop takes after its own. */
  public static final String COMMON_USAGE = "seconds warmupSeconds records outstanding rate";
  private static final int VALUES = 64;

  private final byte[][] values = values(new SplittableRandom(42));
  private final Settings settings;
  /** One permit per request that may be outstanding. */
  private final Semaphore slots;
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();
  /** Sends under way on this thread: an answer delivered inside one gives its slot back rather than recurse. */
  private final ThreadLocal<int[]> sending = ThreadLocal.withInitial(() -> new int[1]);
  private volatile boolean stop;
  /** Set when the window opens: the schedule starts afresh there, so a slow warm-up is not caught up inside it. */
  private volatile boolean restartSchedule;

  /**
   * What every loop is told on its command line after its own arguments.
   *
   * @param seconds the measured window
   * @param warmupSeconds how long it runs before the window
   * @param records how many records the load wrote (keys {@code user0 ...} hashed as the engine's)
   * @param outstanding at most this many requests in flight
   * @param rate sends per second, or 0: as fast as the outstanding limit allows
   */
  public record Settings(double seconds, double warmupSeconds, int records, int outstanding, double rate) {
    /**
     * Reads the five common arguments from {@code args[from..]}, or exits with the usage.
     *
     * @param name the loop's name, for the usage line
     * @param ownUsage the loop's own arguments, before the common ones
     * @param args the command line
     * @param from where the common arguments begin
     * @return the settings
     */
    public static Settings parse(String name, String ownUsage, String[] args, int from) {
      if (args.length != from + 5) {
        System.err.println("usage: " + name + " " + ownUsage + " " + COMMON_USAGE);
        System.exit(2);
      }
      return new Settings(Double.parseDouble(args[from]), Double.parseDouble(args[from + 1]),
          Integer.parseInt(args[from + 2]), Integer.parseInt(args[from + 3]), Double.parseDouble(args[from + 4]));
    }
  }

  /**
   * @param settings the window, the outstanding limit and the rate
   */
  protected BareDriverLoop(Settings settings) {
    this.settings = settings;
    slots = new Semaphore(settings.outstanding());
  }

  /**
   * Sends one read (all fields) or update (one field) of a uniformly chosen record, in a slot
   * already taken; its answer must reach {@link #done} exactly once, from any thread.
   *
   * @param random this thread's random numbers
   */
  protected abstract void send(ThreadLocalRandom random);

  /**
   * Reports one answer.
   *
   * @param failure what the driver failed with, or null
   * @param problem what was wrong with a successful answer (a read that found no record), or null
   */
  protected final void done(Throwable failure, String problem) {
    boolean ok = failure == null && problem == null;
    if (!ok) {
      failed.incrementAndGet();
      firstFailure.compareAndSet(null, failure != null ? String.valueOf(failure) : problem);
    }
    completed.incrementAndGet();
    if (settings.rate() <= 0 && ok && !stop && sending.get()[0] == 0) {
      sendCounted();
    } else {
      slots.release();
    }
  }

  /**
   * @return the keys a load of {@code records} records wrote with workload A's defaults (hashed
   *     key numbers, no zero padding), as the engine names them
   */
  protected final String[] loadedKeys() {
    String[] keys = new String[settings.records()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "user" + site.ycsb.Utils.hash(i);
    }
    return keys;
  }

  /**
   * @param random where to draw from
   * @return one of the update values, FIELD_LENGTH printable characters
   */
  protected final byte[] value(ThreadLocalRandom random) {
    return values[random.nextInt(VALUES)];
  }

  /**
   * Runs the warm-up and the window, prints the figures and waits for what is in flight.
   *
   * @throws InterruptedException if interrupted while waiting
   */
  public final void run() throws InterruptedException {
    Thread issuer = new Thread(this::issue, "issuer");
    // a failure of this thread must not leave the sending one running
    issuer.setDaemon(true);
    long start = System.nanoTime();
    issuer.start();
    try {
      measure(start, issuer);
    } finally {
      stop = true;
    }
  }

  private void measure(long start, Thread issuer) throws InterruptedException {
    // this thread only measures: it wakes at the window's edges
    sleepUntil(start + (long) (settings.warmupSeconds() * 1e9));
    long cpu0 = processCpuNanos();
    long compiler0 = site.ycsb.results.CompilerCpu.nanos();
    long ops0 = completed.get();
    long failed0 = failed.get();
    long t0 = System.nanoTime();
    restartSchedule = true;
    sleepUntil(t0 + (long) (settings.seconds() * 1e9));
    long cpu1 = processCpuNanos();
    long compiler1 = site.ycsb.results.CompilerCpu.nanos();
    long ops1 = completed.get();
    long failed1 = failed.get();
    long t1 = System.nanoTime();

    stop = true;
    issuer.join();
    // the requests in flight finish before the caller closes the driver
    drain();

    long ops = ops1 - ops0;
    String name = getClass().getSimpleName();
    if (failed1 > failed0) {
      System.err.println(name + ": " + (failed1 - failed0) + " of " + ops + " operations failed, the first: "
          + firstFailure.get());
    }
    if (ops == 0) {
      System.err.println(name + ": no operation completed in the window");
      System.exit(1);
    }
    // as the engine's [CLIENT] CpuPerOperationExcludingCompiler(us): the JIT's one-off work left out
    long compiler = compiler0 < 0 || compiler1 < 0 ? 0 : Math.max(0, compiler1 - compiler0);
    System.out.println(String.format(Locale.ROOT, "ops/s=%.1f cpu-us/op=%.1f excluding-compiler-us/op=%.1f",
        ops / ((t1 - t0) / 1e9), (cpu1 - cpu0) / 1e3 / ops, (cpu1 - cpu0 - compiler) / 1e3 / ops));
  }

  /**
   * Whether the driver's I/O is run by the sending thread itself (as the engine's worker runs a
   * Redis connection's event loop): then {@link #idle} runs it, and answers arrive only there.
   * Otherwise answers arrive on the driver's own threads and the sending thread only sleeps.
   *
   * @return true if {@link #idle} runs the driver's I/O
   */
  protected boolean sendingThreadRunsIo() {
    return false;
  }

  /**
   * Lets up to {@code maxNanos} pass on the sending thread: sleeps, or with
   * {@link #sendingThreadRunsIo} writes what was sent and reads answers for that long.
   *
   * @param maxNanos the longest wait
   */
  protected void idle(long maxNanos) {
    LockSupport.parkNanos(maxNanos);
  }

  /** The sending thread: every request at its slot, or at saturation the free slots filled. */
  private void issue() {
    double rate = settings.rate();
    long first = System.nanoTime();
    long sent = 0;
    try {
      while (!stop) {
        if (restartSchedule) {
          restartSchedule = false;
          first = System.nanoTime();
          sent = 0;
        }
        if (rate > 0) {
          long due = first + (long) (sent * 1e9 / rate);
          for (long wait = due - System.nanoTime(); wait > 0 && !stop; wait = due - System.nanoTime()) {
            idle(wait);
          }
        }
        if (takeSlot()) {
          sendCounted();
          sent++;
        }
      }
      if (sendingThreadRunsIo()) {
        // only this thread reads the answers still in flight
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (inFlight() > 0 && System.nanoTime() < deadline) {
          idle(1_000_000L);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** @return whether a slot was taken within 100 ms (short, so that the end of the run is seen) */
  private boolean takeSlot() throws InterruptedException {
    if (!sendingThreadRunsIo()) {
      return slots.tryAcquire(100, TimeUnit.MILLISECONDS);
    }
    long deadline = System.nanoTime() + 100_000_000L;
    while (!slots.tryAcquire()) {
      long left = deadline - System.nanoTime();
      if (left <= 0 || stop) {
        return false;
      }
      idle(left);
    }
    return true;
  }

  private void sendCounted() {
    int[] depth = sending.get();
    depth[0]++;
    try {
      send(ThreadLocalRandom.current());
    } catch (RuntimeException e) {
      done(e, null);
    } finally {
      depth[0]--;
    }
  }

  /** Waits (up to a minute) until no request is in flight. */
  private void drain() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (inFlight() > 0) {
      if (System.nanoTime() > deadline) {
        System.err.println(getClass().getSimpleName() + ": " + inFlight() + " requests still in flight after a minute");
        return;
      }
      Thread.sleep(10);
    }
  }

  private int inFlight() {
    return settings.outstanding() - slots.availablePermits();
  }

  /** Values as the engine generates them: printable characters, FIELD_LENGTH long. */
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
