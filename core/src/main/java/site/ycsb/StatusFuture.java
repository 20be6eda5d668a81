package site.ycsb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

/**
 * The outcome of one asynchronous operation, for a binding to return from its {@link AsyncDB}
 * methods in place of a plain {@code CompletableFuture<Status>}. It behaves as one in every way;
 * in addition the engine follows it with a single listener ({@link #listen}) instead of
 * {@code whenComplete}, which allocates a dependent future and a link per operation: the listener
 * is called on the thread that completes the future, or at once when it is already complete.
 *
 * <p>A future completed before it is shared (an answer that is always the same) may be returned
 * for many operations: each listener then runs at once on the worker.
 *
 * <p>The listener hears {@link #complete}, {@link #completeExceptionally} and {@link #cancel}
 * (and {@code orTimeout} and {@code completeOnTimeout}, which complete through them); complete it
 * through one of those, not {@code completeAsync} or {@code obtrude...}.
 */
public class StatusFuture extends CompletableFuture<Status> {
  /** {@link #follower} once the outcome is there: a listener that comes later runs at once. */
  private static final Object DONE = new Object();
  private static final VarHandle FOLLOWER;

  static {
    try {
      FOLLOWER = MethodHandles.lookup().findVarHandle(StatusFuture.class, "follower", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Null, the listener waiting for the outcome, or {@link #DONE}; changed through {@link #FOLLOWER}. */
  private volatile Object follower;

  /** A future to complete later. */
  public StatusFuture() {
  }

  /**
   * @param status the outcome
   * @return a future already completed with it
   */
  public static StatusFuture of(Status status) {
    StatusFuture f = new StatusFuture();
    f.complete(status);
    return f;
  }

  /**
   * Calls {@code listener} once with the outcome (a status, or the failure and a null status), on
   * the thread that completes this, or at once when it is complete. One listener per future: the
   * engine's.
   *
   * @param listener the one to call
   * @throws IllegalStateException when another listener already waits
   */
  public final void listen(BiConsumer<? super Status, ? super Throwable> listener) {
    if (FOLLOWER.compareAndSet(this, null, listener)) {
      return;
    }
    if (follower != DONE) {
      throw new IllegalStateException("a listener already waits for this operation");
    }
    tell(listener);
  }

  @Override
  public boolean complete(Status value) {
    return ended(super.complete(value));
  }

  @Override
  public boolean completeExceptionally(Throwable ex) {
    return ended(super.completeExceptionally(ex));
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return ended(super.cancel(mayInterruptIfRunning));
  }

  /** Calls the waiting listener, if any, once this has its outcome. */
  private boolean ended(boolean changed) {
    if (changed) {
      Object waiting = FOLLOWER.getAndSet(this, DONE);
      if (waiting != null && waiting != DONE) {
        @SuppressWarnings("unchecked")
        BiConsumer<? super Status, ? super Throwable> listener = (BiConsumer<? super Status, ? super Throwable>) waiting;
        tell(listener);
      }
    }
    return changed;
  }

  private void tell(BiConsumer<? super Status, ? super Throwable> listener) {
    Status status;
    try {
      status = getNow(null);
    } catch (CompletionException | CancellationException e) {
      listener.accept(null, e instanceof CompletionException && e.getCause() != null ? e.getCause() : e);
      return;
    }
    listener.accept(status, null);
  }
}
