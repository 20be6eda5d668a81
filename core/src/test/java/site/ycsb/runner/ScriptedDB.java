package site.ycsb.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding whose behaviour tests script with properties: a fixed delay, a stall of one call or
 * a pause of every call (as a paused server), a call that never returns, random failures and
 * exceptions, slow connects and disconnects, garbage collections, and logs of inserted keys and
 * of call start times.
 */
public class ScriptedDB extends OneAnswerDB {
  /** Calls made by all instances since the last {@link #reset()}. */
  static final AtomicLong CALLS = new AtomicLong();
  /** Time of the first call made after the last reset, in nanos. */
  static final AtomicLong STALLED = new AtomicLong();
  /** Start instants (nanos) of every call since the last reset, with {@code scripted.logstarts=true}. */
  static final java.util.Queue<Long> STARTS = new java.util.concurrent.ConcurrentLinkedQueue<>();
  /** Until when every call waits (nanos), once the pause has begun; 0 before. */
  private static volatile long pausedUntil;

  private long delayNanos;
  private long stallAtCall;
  private long stallNanos;
  private boolean hangOnce;
  private double failureShare;
  private Path keyLog;
  private long pauseAtCall;
  private long pauseNanos;
  private long cleanupNanos;
  private long gcFirstCalls;
  private boolean logStarts;
  private StringBuilder keys;

  static void reset() {
    CALLS.set(0);
    STALLED.set(0);
    HANG_TAKEN.set(false);
    STARTS.clear();
    pausedUntil = 0;
  }

  private static final java.util.concurrent.atomic.AtomicBoolean HANG_TAKEN =
      new java.util.concurrent.atomic.AtomicBoolean();

  @Override
  public void init() throws DBException {
    delayNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.delayms", "0")) * 1e6);
    stallAtCall = Long.parseLong(getProperties().getProperty("scripted.stallatcall", "-1"));
    stallNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.stallms", "0")) * 1e6);
    hangOnce = Boolean.parseBoolean(getProperties().getProperty("scripted.hangonce", "false"));
    failureShare = Double.parseDouble(getProperties().getProperty("scripted.failures", "0"));
    pauseAtCall = Long.parseLong(getProperties().getProperty("scripted.pauseatcall", "-1"));
    pauseNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.pausems", "0")) * 1e6);
    cleanupNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.cleanupdelayms", "0")) * 1e6);
    gcFirstCalls = Long.parseLong(getProperties().getProperty("scripted.gcfirstcalls", "0"));
    logStarts = Boolean.parseBoolean(getProperties().getProperty("scripted.logstarts", "false"));
    sleep((long) (Double.parseDouble(getProperties().getProperty("scripted.initdelayms", "0")) * 1e6));
    String log = getProperties().getProperty("scripted.keylog");
    if (log != null) {
      keyLog = Path.of(log);
      keys = new StringBuilder();
    }
  }

  @Override
  Status answer() {
    long n = CALLS.incrementAndGet();
    if (logStarts) {
      STARTS.add(System.nanoTime());
    }
    if (n <= gcFirstCalls) {
      System.gc();
    }
    if (n == pauseAtCall) {
      pausedUntil = System.nanoTime() + pauseNanos;
    }
    long pause = pausedUntil;
    if (pause != 0) {
      // every call arriving during the pause waits for its end, as against a paused server
      sleep(pause - System.nanoTime());
    }
    if (hangOnce && HANG_TAKEN.compareAndSet(false, true)) {
      // a driver call that never returns, ignoring interrupts as some drivers do
      while (true) {
        LockSupport.parkNanos(1_000_000_000L);
      }
    }
    if (n == stallAtCall) {
      STALLED.set(System.nanoTime());
      sleep(stallNanos);
    }
    sleep(delayNanos);
    if (failureShare > 0) {
      double u = ThreadLocalRandom.current().nextDouble();
      if (u < failureShare / 4) {
        throw new IllegalStateException("scripted exception");
      } else if (u < failureShare / 2) {
        return Status.ERROR;
      } else if (u < failureShare * 3 / 4) {
        return Status.TIMEOUT;
      } else if (u < failureShare) {
        return Status.NOT_FOUND;
      }
    }
    return Status.OK;
  }

  private static void sleep(long nanos) {
    long until = System.nanoTime() + nanos;
    long left;
    while ((left = until - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Status s = answer();
    if (keys != null) {
      keys.append(key).append('\n');
    }
    return s;
  }

  @Override
  public void cleanup() throws DBException {
    sleep(cleanupNanos);
    if (keyLog != null) {
      try {
        synchronized (ScriptedDB.class) {
          Files.writeString(keyLog, keys, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
              StandardOpenOption.APPEND);
        }
      } catch (IOException e) {
        throw new DBException(e);
      }
    }
  }
}
