package site.ycsb.db.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;

/**
 * One worker's transactions ({@link TransactionalDB}) on the blocking side, over the connection its
 * writes go to (the server, the master of the replicas, the primary Sentinel names).
 *
 * <p>With {@code redis.watch=true} (optimistic, the default) each read of the work first
 * {@code WATCH}es its key, then reads the hash as an ordinary read does; the updates are held;
 * when the work returns OK they are sent as {@code MULTI; HSET ...; EXEC}. If any watched key
 * changed after its WATCH, the server aborts the EXEC (Jedis returns null for it) and nothing is
 * written: the transaction returns {@link Status#ABORTED}, which the engine may make again. A work
 * that only reads ends in an empty MULTI/EXEC all the same: it aborts when a record it read changed
 * meanwhile, so an audit that commits saw one state of the records.
 *
 * <p>With {@code redis.watch=false} the same reads and the same MULTI/EXEC, without WATCH: the
 * writes are applied together, but nothing checks that what was read is still there, so a
 * read-then-write transfer can overwrite another worker's transfer (a lost update), which is what
 * the closed-economy workload counts.
 *
 * <p>A work that returns anything but OK is rolled back: {@code UNWATCH}, nothing written, its
 * status returned. Reads see the records as stored, not the work's own updates held for the commit.
 * A Redis Cluster cannot make these transactions (WATCH, MULTI and EXEC reach one node, a
 * transaction's records are in different slots), nor can the asynchronous side: there every
 * transaction returns NOT_IMPLEMENTED, told once.
 */
public final class RedisTransactions implements TransactionalDB {
  /** The operation's name in the one-line reports of failures. */
  private static final String TRANSACTION = "TRANSACTION";
  /** An EXEC the server aborted: a key the transaction read was written after its WATCH. */
  private static final Status WATCHED_KEY_CHANGED = Status.aborted("watched key changed");

  /** The commands of the server the writes go to; null when transactions are refused. */
  private final JedisServerCommands server;
  private final boolean watch;
  private final BindingContext context;
  /** Why every transaction is refused, as told once; null when they are made. */
  private final String refusal;

  private RedisTransactions(JedisServerCommands server, boolean watch, BindingContext context, String refusal) {
    this.server = server;
    this.watch = watch;
    this.context = context;
    this.refusal = refusal;
  }

  /**
   * @param blocking the worker's blocking operations ({@link BlockingRedis#open})
   * @param watch {@code redis.watch}: whether reads WATCH their keys
   * @param context the worker's context, for the one line a refusal is told in
   * @return the worker's transactions; refused ones in a Redis Cluster
   */
  public static RedisTransactions of(RedisOperations<Status> blocking, boolean watch, BindingContext context) {
    if (blocking.commands instanceof JedisServerCommands) {
      return new RedisTransactions((JedisServerCommands) blocking.commands, watch, context, null);
    }
    return new RedisTransactions(null, watch, context, "redis: transactions are not possible with redis.cluster=true:"
        + " WATCH, MULTI and EXEC reach one node and a transaction's records are in different slots;"
        + " every transaction returns NOT_IMPLEMENTED");
  }

  /**
   * @param context the worker's context, for the one line the refusal is told in
   * @return transactions for a worker on the asynchronous side ({@code -inflight N}), all refused:
   *     they are made on the blocking side only
   */
  public static RedisTransactions refusedOnAsyncSide(BindingContext context) {
    return new RedisTransactions(null, false, context, "redis: transactions run on the blocking path only, not with"
        + " -inflight; every transaction returns NOT_IMPLEMENTED");
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    if (refusal != null) {
      context.reportOnce("redis transactions refused", refusal);
      return Status.NOT_IMPLEMENTED;
    }
    Attempt attempt;
    try {
      attempt = new Attempt(server.writes());
    } catch (RuntimeException e) {
      return server.failed(TRANSACTION, true, e);
    }
    try {
      Status own = work.run(attempt);
      if (!Status.OK.equals(own)) {
        return own;
      }
      if (attempt.failure != null) {
        // the work went on after a failed call: its WATCHes may have gone with the connection, so
        // committing could overwrite changes it never saw
        return attempt.failure;
      }
      return attempt.commit();
    } finally {
      attempt.release();
    }
  }

  /** One transaction's calls on one connection, from the first read to EXEC or UNWATCH. */
  private final class Attempt implements TransactionCalls {
    /** Held for the whole attempt: a WATCH holds only on the connection it was sent on. */
    private final Jedis jedis;
    private final List<byte[]> keys = new ArrayList<>(2);
    /** The held updates' fields, encoded when the work gave them (its values may not be read twice). */
    private final List<Map<byte[], byte[]>> values = new ArrayList<>(2);
    /** Whether keys are watched on the connection: released by EXEC, or else by UNWATCH. */
    private boolean watching;
    /** The first call that failed; after it no command is sent. */
    private Status failure;
    /** Whether the failure closed the connection (anything but an error reply). */
    private boolean lost;

    Attempt(Jedis jedis) {
      this.jedis = jedis;
    }

    @Override
    public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
      if (failure != null) {
        return failure;
      }
      try {
        if (watch) {
          jedis.watch(JedisCommands.bytes(key));
          watching = true;
        }
        return server.readFrom(jedis, key, fields, result);
      } catch (RuntimeException e) {
        return failed(e);
      }
    }

    @Override
    public Status update(String key, Map<String, ByteIterator> fields) {
      if (failure != null) {
        return failure;
      }
      keys.add(JedisCommands.bytes(key));
      values.add(server.hash(fields));
      return Status.OK;
    }

    /** @return OK when EXEC applied the held updates, ABORTED when a watched key changed */
    Status commit() {
      if (keys.isEmpty() && !watching) {
        return Status.OK; // nothing to write and nothing to check
      }
      try {
        Transaction multi = new Transaction(jedis.getConnection());
        for (int i = 0; i < keys.size(); i++) {
          multi.hset(keys.get(i), values.get(i));
        }
        List<Object> replies = multi.exec();
        watching = false; // EXEC releases the watches whatever it answers
        if (replies == null) {
          return WATCHED_KEY_CHANGED;
        }
        // an error inside EXEC (WRONGTYPE, say) leaves the other updates applied: not an abort
        JedisServerCommands.execResult(replies);
        return keys.isEmpty() ? Status.OK : server.replicated(TRANSACTION, jedis);
      } catch (RuntimeException e) {
        watching = false; // an EXECABORT discards the transaction and its watches; a lost connection has none
        return failed(e);
      }
    }

    /** Releases the watches of a transaction that did not reach EXEC, so they do not abort the next one. */
    void release() {
      if (!watching || lost) {
        return;
      }
      watching = false;
      try {
        jedis.unwatch();
      } catch (RuntimeException e) {
        server.failed(TRANSACTION, true, e); // reported, and the connection closed unless the server answered
      }
    }

    private Status failed(RuntimeException e) {
      lost = !RedisFailures.isErrorReply(e);
      failure = server.failed(TRANSACTION, true, e);
      return failure;
    }
  }
}
