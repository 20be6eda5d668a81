package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.WorkerIo;

/**
 * An asynchronous worker's own session, whose connections live on an event loop the worker runs
 * itself ({@link WorkerLoop}): the worker sends, reads the answers and completes its operations on
 * its own thread. Made, used and closed on the worker's thread; the driver's blocking calls
 * (opening, preparing, the schema's checks) go through {@link #blocking}.
 */
public final class WorkerSession implements AutoCloseable {
  private final WorkerLoop loop;
  private final CqlSession session;

  private WorkerSession(WorkerLoop loop, CqlSession session) {
    this.loop = loop;
    this.session = session;
  }

  /**
   * Opens the session on a loop of the calling thread, the worker's.
   *
   * @param settings where and how to connect
   * @param context where a lost node (and its return) is told once
   * @return the open session
   * @throws DBException as {@link CassandraSessions#open} does
   */
  public static WorkerSession open(CassandraSessions.Settings settings, BindingContext context) throws DBException {
    WorkerLoop loop = new WorkerLoop();
    try {
      return new WorkerSession(loop, loop.whileRunning(() -> CassandraSessions.open(settings, context, loop)));
    } catch (DBException | RuntimeException e) {
      loop.close();
      throw e;
    }
  }

  /** @return the session */
  public CqlSession session() {
    return session;
  }

  /** @return the loop, for the worker to run while it waits */
  public WorkerIo io() {
    return loop;
  }

  /**
   * Makes a blocking call of the driver's (or code that makes some) while the loop runs.
   *
   * @return what the call returned
   * @throws DBException what it threw
   */
  public <T> T blocking(Callable<T> call) throws DBException {
    return loop.whileRunning(call);
  }

  /**
   * Prepares a statement's text while the loop runs: for a statement first used during the run.
   *
   * @return the prepared statement
   */
  public PreparedStatement prepare(String cql) {
    return call(() -> session.prepare(cql));
  }

  /**
   * Makes one of the blocking side's calls while the loop runs: on a worker whose session lives
   * on its loop (not on the hot path of a phase on the asynchronous side).
   *
   * @return what the call returned
   */
  public <T> T call(Supplier<T> call) {
    try {
      return loop.whileRunning(call::get);
    } catch (DBException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** Closes the session, then the loop (the session closes its connections on it). */
  @Override
  public void close() {
    try {
      loop.whileRunning(() -> {
        session.close();
        return null;
      });
    } catch (DBException e) {
      // closing is best effort
    } finally {
      loop.close();
    }
  }
}
