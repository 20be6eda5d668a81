package site.ycsb;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

/**
 * One operation on a binding's asynchronous side: the stage the engine waits on and the callback
 * the driver completes, in one object, so that an operation allocates nothing beyond the driver's
 * own future. The driver's answer arrives on one of its threads and is decoded into the engine's
 * result ({@link #statusOf(Object)}) before the stage completes, with the status the blocking side
 * would return; a failure becomes the binding's status for it ({@link #statusOfFailure}), never an
 * exceptional completion. A request that cannot even be built or sent fails the same way:
 * {@link #send} catches what it throws.
 *
 * @param <A> the driver's answer
 */
public abstract class AsyncCall<A> extends StatusFuture implements BiConsumer<A, Throwable> {
  /** Builds and sends one request, returning the driver's future of its answer. */
  @FunctionalInterface
  public interface Request<A> {
    /**
     * @return the driver's future of the answer
     * @throws RuntimeException when the request cannot be built or sent
     */
    CompletionStage<? extends A> send();
  }

  /**
   * Sends the request and returns at once.
   *
   * @param request builds and sends it
   * @return this stage, completed with the operation's status
   */
  public final CompletionStage<Status> send(Request<? extends A> request) {
    try {
      on(request.send());
    } catch (RuntimeException e) {
      fail(e);
    }
    return this;
  }

  /**
   * Takes the answer of a request sent: this completes when it arrives.
   *
   * @param sent the driver's future of the answer
   * @return this stage
   */
  public final AsyncCall<A> on(CompletionStage<? extends A> sent) {
    sent.whenComplete(this);
    return this;
  }

  /**
   * The operation failed before or without an answer.
   *
   * @param e what was thrown
   * @return this stage, completed with the failure's status
   */
  public final AsyncCall<A> fail(Throwable e) {
    accept(null, e);
    return this;
  }

  /** The driver's answer, or its failure. */
  @Override
  public final void accept(A answer, Throwable failure) {
    if (failure != null) {
      complete(statusOfFailure(unwrap(failure)));
      return;
    }
    try {
      Status status = statusOf(answer);
      if (status != null) {
        complete(status);
      }
    } catch (RuntimeException e) {
      complete(statusOfFailure(e));
    }
  }

  /**
   * Decodes the answer into the engine's result (a read's fields, a scan's records).
   *
   * @param answer the driver's answer
   * @return the operation's status, or null when it goes on: a request sent again to this callback
   *     (a scan's next page)
   */
  protected abstract Status statusOf(A answer);

  /**
   * @param cause what the driver failed with, unwrapped from the futures that carried it
   * @return the binding's status for it, its cause reported once
   */
  protected abstract Status statusOfFailure(Throwable cause);

  /** @return the driver's own exception when a future wrapped it */
  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
