package site.ycsb;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Decides what each worker does next. One instance is shared by all workers of a process; state a
 * worker owns alone is returned by {@link #initThread} and handed back on every call.
 *
 * <p>The runner decides when and how often these methods are called (operation budget, deadline,
 * warm-up, throttle); a workload only performs one unit of work per call.
 */
public abstract class Workload {
  /** The kinds of database operation, as upstream names them. */
  public enum Operation {
    READ,
    UPDATE,
    INSERT,
    SCAN,
    DELETE
  }

  /** First key number this client inserts in the load phase. */
  public static final String INSERT_START_PROPERTY = "insertstart";
  /** Number of records this client inserts in the load phase. */
  public static final String INSERT_COUNT_PROPERTY = "insertcount";
  /** Default of {@link #INSERT_START_PROPERTY}. */
  public static final String INSERT_START_PROPERTY_DEFAULT = "0";

  private final AtomicBoolean stopRequested = new AtomicBoolean(false);

  /**
   * Reads and validates the properties. Called once, before any worker starts.
   *
   * @param p the effective properties
   * @throws WorkloadException when a property is invalid
   */
  public void init(Properties p) throws WorkloadException {
  }

  /**
   * Creates the state one worker owns. Called once per worker before it starts.
   *
   * @param p the effective properties
   * @param mythreadid the worker's number, 0-based
   * @param threadcount the number of workers
   * @return the worker's state, passed to every later call from that worker
   * @throws WorkloadException when the state cannot be created
   */
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return null;
  }

  /**
   * Called once after all workers have ended.
   *
   * @throws WorkloadException when cleanup fails
   */
  public void cleanup() throws WorkloadException {
  }

  /**
   * Inserts one record (load phase).
   *
   * @param db the database, already measured by the runner
   * @param threadstate the worker's state from {@link #initThread}
   * @return false when the workload wants this worker to stop
   */
  public abstract boolean doInsert(DB db, Object threadstate);

  /**
   * Performs one operation of the transaction mix (run phase).
   *
   * @param db the database, already measured by the runner
   * @param threadstate the worker's state from {@link #initThread}
   * @return false when the workload wants this worker to stop
   */
  public abstract boolean doTransaction(DB db, Object threadstate);

  /** Asks every worker to stop after its current operation. */
  public void requestStop() {
    stopRequested.set(true);
  }

  /** @return whether {@link #requestStop()} was called */
  public boolean isStopRequested() {
    return stopRequested.get();
  }
}
