package site.ycsb.db.couchbase;

import com.couchbase.client.core.msg.Request;
import com.couchbase.client.core.msg.Response;
import com.couchbase.client.core.retry.BestEffortRetryStrategy;
import com.couchbase.client.core.retry.RetryAction;
import com.couchbase.client.core.retry.RetryReason;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The SDK's retries, except for a node it cannot reach: such a request ends at once (the SDK
 * cancels it, which the binding counts as SERVICE_UNAVAILABLE, as other bindings count a refused
 * connection) instead of being retried until {@code couchbase.opTimeout}. Waiting there would
 * hold every place in flight through an outage, each operation failing only as a TIMEOUT an
 * operation timeout later, so that a crashed node would show as no traffic. The SDK reconnects to
 * the node in the background meanwhile; everything else (a busy or locked document, a vbucket
 * moving in a rebalance, a full write buffer) is retried as the SDK does.
 */
final class LostNodesFailFast extends BestEffortRetryStrategy {
  static final LostNodesFailFast INSTANCE = new LostNodesFailFast();

  /** The reasons that mean the node (or its connection) is gone, not that it is busy. */
  private static final Set<RetryReason> LOST = Collections.unmodifiableSet(EnumSet.of(
      RetryReason.ENDPOINT_NOT_AVAILABLE, RetryReason.NODE_NOT_AVAILABLE, RetryReason.SERVICE_NOT_AVAILABLE,
      RetryReason.ENDPOINT_CIRCUIT_OPEN, RetryReason.CHANNEL_CLOSED_WHILE_IN_FLIGHT));
  private static final CompletableFuture<RetryAction> GIVE_UP = CompletableFuture.completedFuture(RetryAction.noRetry());

  private LostNodesFailFast() {
  }

  @Override
  public CompletableFuture<RetryAction> shouldRetry(Request<? extends Response> request, RetryReason reason) {
    return LOST.contains(reason) ? GIVE_UP : super.shouldRetry(request, reason);
  }

  @Override
  public String toString() {
    return "LostNodesFailFast";
  }
}
