package site.ycsb.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A binding whose asynchronous side serves sessions: its calls answer a millisecond later on
 * another thread, and it counts what the engine did with it (instances set up, calls on each side,
 * the most calls in flight at once).
 */
public class SessionsDB extends DB implements AsyncDB {
  static final AtomicInteger INITS = new AtomicInteger();
  static final AtomicInteger BLOCKING_CALLS = new AtomicInteger();
  static final AtomicInteger ASYNC_CALLS = new AtomicInteger();
  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MOST_IN_FLIGHT = new AtomicInteger();
  private static final Executor LATER = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS);

  static void reset() {
    INITS.set(0);
    BLOCKING_CALLS.set(0);
    ASYNC_CALLS.set(0);
    IN_FLIGHT.set(0);
    MOST_IN_FLIGHT.set(0);
  }

  @Override
  public void init(BindingContext ctx) {
    INITS.incrementAndGet();
  }

  @Override
  public boolean servesSessions() {
    return true;
  }

  private static Status blocking() {
    BLOCKING_CALLS.incrementAndGet();
    return Status.OK;
  }

  private static CompletionStage<Status> later() {
    ASYNC_CALLS.incrementAndGet();
    int now = IN_FLIGHT.incrementAndGet();
    MOST_IN_FLIGHT.accumulateAndGet(now, Math::max);
    return CompletableFuture.supplyAsync(() -> {
      IN_FLIGHT.decrementAndGet();
      return Status.OK;
    }, LATER);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return blocking();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return blocking();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return blocking();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return blocking();
  }

  @Override
  public Status delete(String table, String key) {
    return blocking();
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return later();
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return later();
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return later();
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return later();
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return later();
  }
}
