package site.ycsb.runner;

import site.ycsb.BindingContext;
import site.ycsb.DBException;

/** What one worker's binding instance is told: its number, the phase's error log and shared resources. */
public final class WorkerContext implements BindingContext {
  private final int index;
  private final int count;
  private final int inflight;
  private final ErrorLog errors;
  private final SharedResources shared;
  private final site.ycsb.clock.Clock clock;
  private final boolean sessions;

  /**
   * @param index the worker's number
   * @param count the phase's workers
   * @param errors where failures are reported once
   * @param shared the phase's shared resources
   */
  public WorkerContext(int index, int count, ErrorLog errors, SharedResources shared) {
    this(index, count, 0, errors, shared, site.ycsb.clock.Clock.SYSTEM);
  }

  /**
   * @param index the worker's number
   * @param count the phase's workers
   * @param inflight operations the worker keeps in flight (0 on the blocking path)
   * @param errors where failures are reported once
   * @param shared the phase's shared resources
   */
  public WorkerContext(int index, int count, int inflight, ErrorLog errors, SharedResources shared) {
    this(index, count, inflight, errors, shared, site.ycsb.clock.Clock.SYSTEM);
  }

  /**
   * @param index the worker's number
   * @param count the phase's workers
   * @param inflight operations the worker keeps in flight (0 on the blocking path)
   * @param errors where failures are reported once
   * @param shared the phase's shared resources
   * @param clock the phase's clock
   */
  public WorkerContext(int index, int count, int inflight, ErrorLog errors, SharedResources shared,
                       site.ycsb.clock.Clock clock) {
    this(index, count, inflight, false, errors, shared, clock);
  }

  /**
   * @param index the worker's number
   * @param count the phase's workers
   * @param inflight operations the worker keeps in flight (0 on the blocking path)
   * @param sessions whether they stand for {@code -threads} sessions
   * @param errors where failures are reported once
   * @param shared the phase's shared resources
   * @param clock the phase's clock
   */
  public WorkerContext(int index, int count, int inflight, boolean sessions, ErrorLog errors, SharedResources shared,
                       site.ycsb.clock.Clock clock) {
    this.sessions = sessions;
    this.clock = clock;
    this.index = index;
    this.count = count;
    this.inflight = inflight;
    this.errors = errors;
    this.shared = shared;
  }

  /** @return the phase's clock (the simulated binding answers on it) */
  @Override
  public site.ycsb.clock.Clock clock() {
    return clock;
  }

  @Override
  public int workerIndex() {
    return index;
  }

  @Override
  public int workerCount() {
    return count;
  }

  @Override
  public int inflight() {
    return inflight;
  }

  @Override
  public boolean sessions() {
    return sessions;
  }

  @Override
  public void reportOnce(String cause, String message) {
    errors.reportOnce(cause, message);
  }

  @Override
  public <T> T shared(String key, Opener<T> opener) throws DBException {
    return shared.get(key, opener);
  }
}
