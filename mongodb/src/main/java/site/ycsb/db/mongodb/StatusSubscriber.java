package site.ycsb.db.mongodb;

import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import site.ycsb.BindingContext;
import site.ycsb.Status;

/**
 * Subscribes to one publisher of the reactive-streams driver and completes with the operation's
 * status: the future the engine waits on and the subscriber the driver calls are one object, so an
 * operation costs one allocation of the binding's besides the driver's own.
 *
 * <p>It asks for every item at once (a read or a write publishes at most one, a scan at most its
 * limit, fetched in one batch). A subclass takes each item in {@link #item} and says the status at
 * the end in {@link #end}. A driver error completes it with the status {@link MongoErrors} maps it
 * to, the cause reported once; it never completes exceptionally. The driver calls it on its own
 * threads, one signal at a time (reactive-streams rule 1.3).
 *
 * @param <T> what the publisher publishes
 */
public abstract class StatusSubscriber<T> extends CompletableFuture<Status> implements Subscriber<T> {
  private final BindingContext context;
  private final String operation;
  private final MongoConfig config;
  private Subscription subscription;

  /**
   * @param context where a failure is reported once
   * @param operation the operation's name in messages, e.g. {@code read}
   * @param config for masking the connection string's secrets in messages
   */
  protected StatusSubscriber(BindingContext context, String operation, MongoConfig config) {
    this.context = context;
    this.operation = operation;
    this.config = config;
  }

  /**
   * Takes one item the publisher sent.
   *
   * @param item a document read, or a write's result
   */
  protected abstract void item(T item);

  /** @return the status once the publisher has sent everything */
  protected abstract Status end();

  @Override
  public final void onSubscribe(Subscription s) {
    if (subscription != null) {
      // rule 2.5: one subscription at a time
      s.cancel();
      return;
    }
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public final void onNext(T t) {
    if (isDone()) {
      return;
    }
    try {
      item(t);
    } catch (RuntimeException e) {
      // rule 2.13: a subscriber does not throw; it cancels and ends the operation as failed
      subscription.cancel();
      fail(e);
    }
  }

  @Override
  public final void onError(Throwable t) {
    if (t instanceof RuntimeException) {
      fail((RuntimeException) t);
    } else {
      fail(new IllegalStateException(t));
    }
  }

  @Override
  public final void onComplete() {
    if (!isDone()) {
      complete(end());
    }
  }

  /**
   * Ends the operation with the status of a driver error, reported once.
   *
   * @param e the error, thrown by the driver when the call was made or signalled by the publisher
   * @return this, completed
   */
  public final StatusSubscriber<T> fail(RuntimeException e) {
    complete(MongoErrors.fail(context, operation, e, config));
    return this;
  }
}
