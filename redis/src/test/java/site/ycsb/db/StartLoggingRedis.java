package site.ycsb.db;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** The Redis binding, noting the instant every read starts, on both sides: what the throttle let through. */
public class StartLoggingRedis extends RedisClient {
  private static final long[] STARTS = new long[2_000_000];
  private static final AtomicInteger COUNT = new AtomicInteger();

  /** Called once, on the worker thread, when the start of that number is noted; null for none. */
  private static volatile Runnable atStart;
  private static volatile int atStartNumber = -1;

  static void reset() {
    atStart = null;
    atStartNumber = -1;
    COUNT.set(0);
  }

  /**
   * @param number the start (from 0 since the last reset) at which to act
   * @param action what to do then, on the thread making that call, before the call is sent
   */
  static void atStart(int number, Runnable action) {
    atStart = action;
    atStartNumber = number;
  }

  /** @return calls started since the last reset */
  static int count() {
    return COUNT.get();
  }

  /** @return the start instants (nanos) since the last reset, sorted */
  static long[] starts() {
    long[] s = Arrays.copyOf(STARTS, Math.min(COUNT.get(), STARTS.length));
    Arrays.sort(s);
    return s;
  }

  private static void started() {
    int i = COUNT.getAndIncrement();
    if (i < STARTS.length) {
      STARTS[i] = System.nanoTime();
    }
    Runnable action = atStart;
    if (action != null && i == atStartNumber) {
      action.run();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    started();
    return super.read(table, key, fields, result);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    started();
    return super.readAsync(table, key, fields, result);
  }
}
