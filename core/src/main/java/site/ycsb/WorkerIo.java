package site.ycsb;

/**
 * A binding's I/O that the worker thread runs itself, for an {@link AsyncDB} whose driver can do
 * its network work on the thread that calls it (a Netty event loop the worker drives, say). The
 * worker then sends, reads the replies and completes its operations on one thread: no hand-over
 * to a driver thread and back, no wake-up per reply. Without it (the default) the driver's own
 * threads complete the operations and the worker sleeps until one does.
 *
 * <p>The engine calls {@link #run} from the worker thread only, whenever the worker has sent what
 * it can and waits: for a free place in flight, for its next scheduled start, for a retry's delay,
 * or for the last operations at the end. Between those calls the binding's I/O does not run, so
 * the binding must not need it to make progress while the worker is busy elsewhere.
 */
public interface WorkerIo {
  /**
   * Runs the I/O that is ready (replies to read, writes to finish, the driver's own tasks),
   * completing the operations it can. When nothing is ready, waits for I/O at most
   * {@code maxNanos}, or until {@link #wake()}.
   *
   * @param maxNanos the longest wait; 0 runs only what is ready and returns
   */
  void run(long maxNanos);

  /**
   * Makes the current (or the next) {@link #run} return at once. Called from another thread when
   * an operation was completed there (a driver's timer that times a call out).
   */
  void wake();
}
