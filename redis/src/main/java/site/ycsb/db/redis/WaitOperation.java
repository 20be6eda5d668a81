package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/**
 * {@code WAIT numreplicas timeout}, sent right after a write on the same connection
 * ({@code redis.wait}): the write's operation completes when this reply arrives. The write's
 * reply comes first on the connection, so its status is known by then: a write that did not
 * succeed (an error, NOT_FOUND for a delete) keeps its own status; a successful one becomes OK or
 * NOT_REPLICATED by the count of replicas that acknowledged it.
 */
final class WaitOperation extends RespCommand {
  final StatusFuture stage = new StatusFuture();
  private final AsyncConnection lane;
  private final String operation;
  private final CompletableFuture<Status> written;
  private final ReplicaWait wait;
  private long acknowledged = -1;

  /**
   * @param lane the connection the write was sent on
   * @param operation INSERT, UPDATE or DELETE
   * @param written the write's own outcome
   * @param wait how many replicas, how long
   */
  WaitOperation(AsyncConnection lane, String operation, CompletableFuture<Status> written, ReplicaWait wait) {
    super(Resp.WAIT);
    this.lane = lane;
    this.operation = operation;
    this.written = written;
    this.wait = wait;
  }

  @Override
  public void encode(ByteBuf buf) {
    Resp.array(buf, 3);
    Resp.WAIT.writeTo(buf);
    Resp.bulk(buf, wait.replicas());
    Resp.bulk(buf, wait.timeoutMs());
  }

  @Override
  public void set(long integer) {
    acknowledged = integer;
  }

  @Override
  void replied() {
    Status write = written.getNow(null);
    if (write == null || !write.equals(Status.OK)) {
      // null cannot happen on one connection (replies come in order); ERROR rather than a guess
      stage.complete(write != null ? write : Status.ERROR);
    } else if (hasError()) {
      stage.complete(lane.failures.ofReply(operation, lane.address, getError()));
    } else {
      stage.complete(wait.outcome(operation, lane.address, acknowledged));
    }
  }

  @Override
  void failed(Throwable cause) {
    // a lost connection or a timeout fails both commands; the write's status, when it has one, says more
    Status write = written.getNow(null);
    stage.complete(write != null && !write.equals(Status.OK) ? write : lane.failures.of(operation, lane.address, cause));
  }
}
