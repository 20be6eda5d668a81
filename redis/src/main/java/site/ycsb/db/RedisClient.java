package site.ycsb.db;

import java.util.Properties;
import java.util.concurrent.CompletionStage;
import site.ycsb.BindingContext;
import site.ycsb.DelegatingDB;
import site.ycsb.DBException;
import site.ycsb.DelegatingAsyncDB;
import site.ycsb.RecordOperations;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.WorkerIo;
import site.ycsb.db.redis.AsyncRedis;
import site.ycsb.db.redis.BlockingRedis;
import site.ycsb.db.redis.RedisServerWatch;
import site.ycsb.db.redis.RedisOperations;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.db.redis.RedisTransactions;
import site.ycsb.db.redis.ReplicaWait;
import site.ycsb.db.redis.Topology;
import site.ycsb.props.PropertyException;

/**
 * Redis binding. A record is one hash per key; a sorted set ({@value RedisProperties#INDEX_KEY},
 * every member with score 0) holds the keys so that a scan reads them in key order with
 * ZRANGEBYLEX. Insert and delete change the hash and the index in one MULTI/EXEC, sent as one
 * round trip.
 *
 * <p>Four modes ({@link Topology}): one server; a master with replicas ({@code redis.replicas}),
 * where writes go to the master and each instance reads from one replica, chosen round-robin when
 * it starts; the primary that Redis Sentinel names ({@code redis.sentinels}), followed through a
 * failover ({@link RedisServerWatch}); and Redis Cluster ({@code redis.cluster=true}), where
 * keys are routed by slot, no index is kept and scans return NOT_IMPLEMENTED. With
 * {@code redis.wait} every write is followed by WAIT ({@link ReplicaWait}).
 *
 * <p>Both sides run the same operations ({@link RedisOperations}, chosen by the topology when the
 * worker starts). The blocking side ({@link BlockingRedis}) sends them through Jedis, one instance
 * per worker thread with its own connection(s): no pool, no contention. A lost connection fails the
 * operation with SERVICE_UNAVAILABLE (TIMEOUT when the server did not answer within
 * {@code redis.timeout}) and the next operation connects again. The asynchronous side
 * ({@code -inflight N}, {@link AsyncRedis}, {@link DelegatingAsyncDB}) sends them through Lettuce:
 * {@code redis.connections} connections per worker, many commands in flight on each, same data
 * layout and statuses.
 *
 * <p>Transactions ({@link TransactionalDB}, the closed-economy workload) run on the blocking side
 * ({@link RedisTransactions}): reads that WATCH their keys ({@code redis.watch}, the default) and
 * the held updates in one MULTI/EXEC, ABORTED when a read key changed before EXEC.
 */
public class RedisClient extends DelegatingDB implements DelegatingAsyncDB, TransactionalDB {
  /** The blocking side's operations; null when the phase runs with -inflight. */
  private RedisOperations<Status> blocking;
  /** The asynchronous side, when the phase runs with -inflight; then no Jedis connection is open. */
  private AsyncRedis async;
  private RedisOperations<CompletionStage<Status>> asyncOperations;
  /** Over the blocking side's write connection; refusing ones on the asynchronous side. */
  private RedisTransactions transactions;

  @Override
  public void init(BindingContext ctx) throws DBException {
    Properties p = getProperties();
    try {
      Topology topology = Topology.of(p);
      ReplicaWait wait = ReplicaWait.of(p, ctx);
      // checked on either path, so that a wrong value fails init whichever path the phase runs
      boolean watchReads = RedisProperties.WATCH.getBoolean(p);
      // one watch per phase follows the primary for every worker, on either path
      RedisServerWatch watch = topology.sentinels() == null ? null
          : ctx.shared("redis.sentinels " + topology.sentinels().key(),
              () -> RedisServerWatch.open(topology.sentinels(), RedisProperties.CONNECT_TIMEOUT.getInt(p), ctx));
      if (ctx.inflight() > 0) {
        async = AsyncRedis.open(ctx, p, topology, watch, wait);
        asyncOperations = async.operations();
        transactions = RedisTransactions.refusedOnAsyncSide(ctx);
      } else {
        blocking = BlockingRedis.open(ctx, p, topology, watch, wait);
        transactions = RedisTransactions.of(blocking, watchReads, ctx);
      }
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (asyncOperations != null) {
      asyncOperations.close();
      asyncOperations = null;
      async = null;
    }
    if (blocking != null) {
      blocking.close();
      blocking = null;
    }
    transactions = null;
  }

  @Override
  protected RecordOperations<Status> blockingOperations() {
    return blocking;
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    return transactions.transaction(table, work);
  }

  /**
   * Lettuce serves every operation, topology, replica wait and timeout the blocking side does, so
   * {@code -threads N} runs as N operations in flight, each on a connection of its own as each
   * thread's would be; transactions stay on Jedis (the engine keeps a workload with transactions on
   * the blocking path). Not with {@code redis.replicas}: there each thread reads from a replica of
   * its own (thread i from replica i mod n), which one worker's sessions would not spread alike.
   */
  @Override
  public boolean servesSessions() {
    Properties p = getProperties();
    return isBlank(RedisProperties.REPLICAS.get(p)) && isBlank(RedisProperties.SLAVES.get(p));
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }

  @Override
  public RecordOperations<CompletionStage<Status>> asyncOperations() {
    return asyncOperations;
  }

  @Override
  public void flush() {
    async.flush();
  }

  @Override
  public WorkerIo workerIo() {
    return async == null ? null : async.workerIo();
  }
}
