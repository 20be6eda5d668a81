package site.ycsb.db.redis;

import java.util.Properties;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Synchronous replication as Redis offers it ({@code redis.wait}): after each insert, update and
 * delete the worker sends {@code WAIT numreplicas timeout} on the same connection, and the write
 * succeeds only when that many replicas acknowledged it. WAIT's guarantee is that the replicas
 * received the write (it is in their memory), not that anything reached a disk.
 */
public final class ReplicaWait {
  /** A write done on the primary that fewer replicas than {@code redis.wait} acknowledged in time. */
  public static final Status NOT_REPLICATED = new Status("NOT_REPLICATED",
      "The write is on the primary, but fewer replicas than redis.wait acknowledged it within redis.wait.timeout.");

  private final int replicas;
  private final int timeoutMs;
  private final BindingContext context;

  private ReplicaWait(int replicas, int timeoutMs, BindingContext context) {
    this.replicas = replicas;
    this.timeoutMs = timeoutMs;
    this.context = context;
  }

  /**
   * @param p the properties
   * @param context where a write left short of replicas is reported, once
   * @return the wait every write makes, or null when {@code redis.wait} is 0
   * @throws DBException when WAIT could outlast {@code redis.timeout}, which would end the
   *     operation as TIMEOUT instead of telling how many replicas acknowledged it
   */
  public static ReplicaWait of(Properties p, BindingContext context) throws DBException {
    int replicas = RedisProperties.WAIT.getInt(p);
    if (replicas == 0) {
      return null;
    }
    int waitMs = RedisProperties.WAIT_TIMEOUT.getInt(p);
    int timeoutMs = RedisProperties.TIMEOUT.getInt(p);
    if (timeoutMs > 0 && (waitMs == 0 || waitMs >= timeoutMs)) {
      throw new DBException("redis.wait.timeout=" + waitMs + " must be between 1 and redis.timeout=" + timeoutMs
          + " (exclusive): WAIT would outlast the operation's timeout");
    }
    return new ReplicaWait(replicas, waitMs, context);
  }

  /** @return how many replicas must acknowledge each write */
  public int replicas() {
    return replicas;
  }

  /** @return how long WAIT waits for them, in ms (0 = no limit) */
  public int timeoutMs() {
    return timeoutMs;
  }

  /**
   * @param operation INSERT, UPDATE or DELETE
   * @param where the primary's address
   * @param acknowledged WAIT's reply: the replicas that acknowledged the write
   * @return OK, or {@link #NOT_REPLICATED} (reported once) when they are too few
   */
  public Status outcome(String operation, String where, long acknowledged) {
    if (acknowledged >= replicas) {
      return Status.OK;
    }
    context.reportOnce("redis not replicated " + operation, "redis: " + operation + " at " + where + ": WAIT "
        + replicas + " " + timeoutMs + " was acknowledged by " + acknowledged + " replica(s) only; such writes count as "
        + NOT_REPLICATED.getName());
    return NOT_REPLICATED;
  }
}
