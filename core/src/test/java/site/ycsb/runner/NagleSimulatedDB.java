package site.ycsb.runner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.simulation.SimulatedClock;
import site.ycsb.simulation.SimulatedDB;

/**
 * The simulated database behind a connection whose server has Nagle's algorithm on (as CouchbaseMock
 * has it): a reply ready while one sent before is unacknowledged waits until this client sends its
 * next call, which carries the acknowledgement, or until its delayed acknowledgement comes, 40 ms
 * later; the replies held then go out together. One connection per worker; asynchronous calls only.
 */
public class NagleSimulatedDB extends SimulatedDB {
  private static final long DELAYED_ACK_NANOS = 40_000_000L;

  private SimulatedClock clock;
  private boolean unacknowledged;
  private long sentAt;
  private final List<Runnable> held = new ArrayList<>();

  @Override
  public void init(BindingContext context) throws DBException {
    super.init(context);
    clock = (SimulatedClock) context.clock();
  }

  private synchronized void acknowledge() {
    unacknowledged = false;
    if (!held.isEmpty()) {
      List<Runnable> out = new ArrayList<>(held);
      held.clear();
      send();
      out.forEach(Runnable::run);
    }
  }

  /** A segment goes out: unacknowledged until the next call, or the delayed acknowledgement. */
  private void send() {
    unacknowledged = true;
    long at = clock.nanoTime();
    sentAt = at;
    clock.at(at + DELAYED_ACK_NANOS, () -> delayedAck(at));
  }

  private synchronized void delayedAck(long segment) {
    if (unacknowledged && sentAt == segment) {
      acknowledge();
    }
  }

  private synchronized void reply(Runnable answer) {
    if (unacknowledged) {
      held.add(answer);
    } else {
      send();
      answer.run();
    }
  }

  private CompletionStage<Status> underNagle(CompletionStage<Status> answered) {
    acknowledge(); // this call carries the acknowledgement of what the server sent so far
    CompletableFuture<Status> out = new CompletableFuture<>();
    answered.thenAccept(s -> reply(() -> out.complete(s)));
    return out;
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return underNagle(super.readAsync(table, key, fields, result));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return underNagle(super.scanAsync(table, startkey, recordcount, fields, result));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return underNagle(super.updateAsync(table, key, values));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return underNagle(super.insertAsync(table, key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return underNagle(super.deleteAsync(table, key));
  }
}
