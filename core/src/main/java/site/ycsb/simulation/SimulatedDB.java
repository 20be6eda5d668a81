package site.ycsb.simulation;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StatusFuture;
import site.ycsb.StoresNothing;

/**
 * A database model that answers in virtual time (binding {@code simulated}): each call takes a
 * service time drawn from {@code simulated.servicetime} and its distribution, waits for one of
 * {@code simulated.servers} in arrival order, is held up by a {@code simulated.pause} of the whole
 * database, and fails at {@code simulated.failurerate}. The phase runs on a {@link SimulatedClock}
 * (the engine chooses it for this binding), so time passes only in the model: what the engine
 * measures is exactly what the model says, whatever the host is doing, and a long phase takes a
 * moment. Both paths: a blocking call waits its answer out on the clock; an asynchronous one is
 * answered by an event at its instant. It stores nothing.
 */
@StoresNothing
public class SimulatedDB extends DB implements AsyncDB {
  private SimulatedClock clock;
  private ServiceModel model;
  private SplittableRandom random;

  @Override
  public void init(BindingContext context) throws DBException {
    if (!(context.clock() instanceof SimulatedClock)) {
      throw new DBException("the simulated binding runs only on the engine's simulated clock (db=simulated)");
    }
    clock = (SimulatedClock) context.clock();
    long start = clock.nanoTime();
    model = context.shared("simulated.model", () -> new ServiceModel(getProperties(), start));
    random = ServiceModel.stream(model.seed(), context.workerIndex());
  }

  /** @return when the call made now is answered */
  private long answerAt(String operation, String key, Map<String, ByteIterator> values) {
    long now = clock.nanoTime();
    arrived(now, operation, key, values);
    return model.answerAt(now, model.serviceNanos(random));
  }

  /**
   * Called with the instant each call reaches the model, on the calling worker's thread: a
   * subclass that watches the calls (their spacing, how many fall in a window) records it here.
   *
   * @param nanos the call's arrival, on the phase's clock
   */
  protected void arrived(long nanos) {
  }

  /**
   * Called with each call as it reaches the model, as {@link #arrived(long)} (which it calls): for a
   * subclass that watches what the calls ask for as well as when.
   *
   * @param nanos the call's arrival, on the phase's clock
   * @param operation READ, SCAN, UPDATE, INSERT or DELETE
   * @param key the call's key (a scan's first)
   * @param values the values a write carries; null for a read, scan or delete
   */
  protected void arrived(long nanos, String operation, String key, Map<String, ByteIterator> values) {
    arrived(nanos);
  }

  private Status call(String operation, String key, Map<String, ByteIterator> values) {
    long at = answerAt(operation, key, values);
    Status status = model.fails(random) ? Status.ERROR : Status.OK;
    try {
      clock.sleep(at - clock.nanoTime());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    }
    return status;
  }

  private CompletionStage<Status> send(String operation, String key, Map<String, ByteIterator> values) {
    long at = answerAt(operation, key, values);
    Status status = model.fails(random) ? Status.ERROR : Status.OK;
    StatusFuture answer = new StatusFuture();
    clock.at(at, () -> answer.complete(status));
    return answer;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return call("READ", key, null);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return call("SCAN", startkey, null);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return call("UPDATE", key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return call("INSERT", key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return call("DELETE", key, null);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return send("READ", key, null);
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return send("SCAN", startkey, null);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return send("UPDATE", key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return send("INSERT", key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return send("DELETE", key, null);
  }
}
