package site.ycsb;

/**
 * What the engine tells a binding instance when it starts it ({@link DB#init(BindingContext)}):
 * which worker it serves, a way to report a failure once, and resources shared by every worker of
 * the process. With it a binding keeps no static state: the engine owns what lives longer than
 * one instance and closes it when the phase ends.
 *
 * <p>The split follows the process: what exists once per process (a client, a connection pool,
 * a schema check) is made through {@link #shared}; what exists per worker (a session, a prepared
 * statement, a table handle) is made in {@code init}.
 */
public interface BindingContext {
  /** @return this worker's number, 0 to {@link #workerCount()} - 1 (e.g. to spread workers over replicas) */
  int workerIndex();

  /** @return how many workers the phase runs */
  int workerCount();

  /**
   * @return how many operations this worker keeps in flight through the binding's
   *     {@link AsyncDB} side ({@code inflight}), or 0 when the phase runs on the blocking path
   */
  default int inflight() {
    return 0;
  }

  /**
   * @return whether this worker's operations in flight stand for blocking sessions: the user asked
   *     for {@code -threads N} and the engine runs them as N operations in flight
   *     ({@link AsyncDB#servesSessions}). A binding that gives each blocking thread a connection of
   *     its own gives each place in flight one then, so the server sees what it would see with
   *     threads; false on the blocking path and with the user's own {@code inflight}
   */
  default boolean sessions() {
    return false;
  }

  /**
   * Reports a failure on stderr the first time its cause occurs, in the engine's wording, with
   * passwords and tokens in the message masked; later occurrences are only counted in the results.
   *
   * @param cause what identifies the cause (operation, status, error class, server code), not a
   *     message that varies from one occurrence to the next
   * @param message one line saying what failed and why, beginning with the binding's name
   */
  void reportOnce(String cause, String message);

  /**
   * @return the phase's clock: the system's in production; a binding that models a database in
   *     time (the simulated one) answers on it, so its answers come in the phase's time
   */
  default site.ycsb.clock.Clock clock() {
    return site.ycsb.clock.Clock.SYSTEM;
  }

  /**
   * The resource of this key, opened by the first worker that asks and shared with every other.
   * Workers asking while it opens wait for it. If opening fails, every worker asking gets the same
   * failure. When the phase ends, after every worker's cleanup, the engine closes each resource
   * that is {@link AutoCloseable}, the last opened first; not while a worker abandoned inside a
   * call may still be using it (the process is about to end then).
   *
   * @param key what identifies the resource, e.g. the connection string (different settings,
   *     different resources)
   * @param opener makes the resource; called at most once per key
   * @param <T> the resource's type
   * @return the resource
   * @throws DBException when opening failed
   */
  <T> T shared(String key, Opener<T> opener) throws DBException;

  /**
   * Makes a shared resource.
   *
   * @param <T> the resource's type
   */
  @FunctionalInterface
  interface Opener<T> {
    /**
     * @return the resource
     * @throws DBException when it cannot be made
     */
    T open() throws DBException;
  }
}
