package site.ycsb.testsupport;

import site.ycsb.BindingContext;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;

/**
 * The binding instances a test makes by hand, as the workers of one phase: each gets the next
 * worker number and the phase's error log and shared resources, which {@link #close()} closes
 * as the engine does when a phase ends.
 *
 * <pre>{@code
 * try (TestPhase phase = new TestPhase()) {
 *   MyClient a = phase.init(client(props));
 *   ...
 * }
 * }</pre>
 */
public final class TestPhase implements AutoCloseable {
  private final ErrorLog errors = new ErrorLog(System.err);
  private SharedResources shared = new SharedResources(errors);
  private int workers;

  /** @return a context for one more worker of this phase */
  public BindingContext context() {
    int index = workers++;
    return new WorkerContext(index, workers, errors, shared);
  }

  /**
   * @param db a binding with its properties set
   * @param <T> the binding
   * @return the binding, initialized as the next worker of this phase
   * @throws DBException when its init fails
   */
  public <T extends DB> T init(T db) throws DBException {
    db.init(context());
    return db;
  }

  /** @return how many shared resources the phase's bindings have opened and not yet closed */
  public int sharedResources() {
    return shared.size();
  }

  /** Closes what the bindings shared and starts a new phase: worker numbers from 0 again. */
  @Override
  public void close() {
    shared.close();
    shared = new SharedResources(errors);
    workers = 0;
  }
}
