package site.ycsb.db.mongodb;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import site.ycsb.Status;

/**
 * Subscribes to one publisher of the reactive-streams driver and completes with the operation's
 * status: the future the engine waits on and the subscriber the driver calls are one object, so an
 * operation costs one allocation of the binding's besides the driver's own.
 *
 * <p>It asks for every item at once (a read or a write publishes at most one, a scan at most its
 * limit, fetched in one batch) and hands each to the operation's {@link Outcome}, which also says
 * the status when nothing came. A driver error completes it with the status {@link MongoFailures}
 * maps it to, the cause reported once; it never completes exceptionally. The driver calls it on its
 * own threads, one signal at a time (reactive-streams rule 1.3).
 *
 * @param <T> what the publisher publishes
 * @param <R> where the items go (see {@link Outcome})
 */
final class StatusSubscriber<T, R> extends CompletableFuture<Status> implements Subscriber<T> {
  private final MongoSide<?, ?> side;
  private final Outcome<? super T, R> outcome;
  private final R result;
  private Subscription subscription;
  /** The status if the publisher completes now. */
  private Status status;

  /**
   * @param side the worker's side, where a failure is reported once
   * @param outcome what the items mean
   * @param result where the items go, or null for a write
   */
  StatusSubscriber(MongoSide<?, ?> side, Outcome<? super T, R> outcome, R result) {
    this.side = side;
    this.outcome = outcome;
    this.result = result;
    this.status = outcome.none();
  }

  @Override
  public void onSubscribe(Subscription s) {
    if (subscription != null) {
      // rule 2.5: one subscription at a time
      s.cancel();
      return;
    }
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(T t) {
    if (isDone()) {
      return;
    }
    try {
      status = outcome.item(t, result);
    } catch (RuntimeException e) {
      // rule 2.13: a subscriber does not throw; it cancels and ends the operation as failed
      subscription.cancel();
      fail(e);
    }
  }

  @Override
  public void onError(Throwable t) {
    if (t instanceof RuntimeException) {
      fail((RuntimeException) t);
    } else {
      fail(new IllegalStateException(t));
    }
  }

  @Override
  public void onComplete() {
    if (!isDone()) {
      complete(status);
    }
  }

  /**
   * Subscribes to the request's publisher; a request that cannot be made ends the operation at once.
   *
   * @param request makes the driver's publisher
   * @return this, completed when the publisher is
   */
  StatusSubscriber<T, R> subscribeTo(Supplier<? extends Publisher<? extends T>> request) {
    try {
      request.get().subscribe(this);
    } catch (RuntimeException e) {
      fail(e);
    }
    return this;
  }

  /**
   * Ends the operation with the status of a driver error, reported once.
   *
   * @param e the error, thrown by the driver when the call was made or signalled by the publisher
   * @return this, completed
   */
  StatusSubscriber<T, R> fail(RuntimeException e) {
    complete(side.fail(outcome.operation(), e));
    return this;
  }
}
