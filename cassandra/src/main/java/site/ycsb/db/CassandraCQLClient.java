package site.ycsb.db;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.WorkerIo;
import site.ycsb.db.cassandra.CassandraAsyncCall;
import site.ycsb.db.cassandra.CassandraConfig;
import site.ycsb.db.cassandra.CassandraFailures;
import site.ycsb.db.cassandra.CassandraProperties;
import site.ycsb.db.cassandra.CassandraRequests;
import site.ycsb.db.cassandra.CassandraResults;
import site.ycsb.db.cassandra.CassandraSchema;
import site.ycsb.db.cassandra.CassandraSessions;
import site.ycsb.db.cassandra.CassandraTransactions;
import site.ycsb.db.cassandra.WorkerSession;

/**
 * Cassandra binding: CQL over the native protocol with the Apache Cassandra Java driver 4.x.
 *
 * <p>A record is one row of {@code keyspace.table}: the key in the text primary key {@code y_id},
 * each field in a column of its own (text or blob; values are sent and read as raw bytes). Reads
 * and writes address one partition; a scan reads {@code recordcount} rows from the key's token on
 * ({@code WHERE token(y_id) >= token(?) LIMIT ?}), i.e. in token order as upstream YCSB does.
 *
 * <p>The blocking threads of a process share one driver session (counted by reference) unless
 * {@code cassandra.sessionperthread=true}; a worker of the asynchronous side has a session of its
 * own whose connections live on an event loop the worker runs itself ({@link WorkerSession}).
 * Each operation runs at its own configurable
 * consistency level. Driver failures become statuses and the run goes on: too few replicas for
 * the consistency level {@code UNAVAILABLE}, server or client timeouts {@code TIMEOUT}, lost nodes
 * {@code SERVICE_UNAVAILABLE}, invalid requests {@code BAD_REQUEST}, replica failures
 * {@code ERROR}; an {@code IF NOT EXISTS} insert of an existing key {@code UNEXPECTED_STATE}.
 *
 * <p>Both sides send the same requests ({@link CassandraRequests}) and decode the answers the same
 * way ({@link CassandraResults}): the blocking side ({@link DB}) with the session's
 * {@code execute}, the asynchronous side ({@link AsyncDB}, {@code -inflight N}) with
 * {@code executeAsync}, decoding on the worker's thread, as it reads the answer, before the
 * operation's stage completes.
 *
 * <p>Transactions ({@link TransactionalDB}, the closed-economy workload) are made on the blocking
 * side only ({@link CassandraTransactions}): with {@code cassandra.transactions=lwt} (the default)
 * serial reads and conditional updates, which abort a transaction whose first update finds its
 * record changed but can leave one applied in part when a later update does (lightweight
 * transactions hold per partition); with {@code plain} plain reads and updates, no isolation.
 */
public class CassandraCQLClient extends DB implements AsyncDB, TransactionalDB {
  private CqlSession session;
  /** An asynchronous worker's own session, on the worker's own loop; null on the blocking side. */
  private WorkerSession worker;
  /** Where failures are reported once. */
  private BindingContext context;
  private CassandraConfig config;
  private CassandraRequests requests;
  private CassandraTransactions transactions;

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    CassandraConfig c = CassandraConfig.from(getProperties());
    config = c;
    CassandraSessions.Settings s = c.session;
    if (ctx.inflight() > 0) {
      // an asynchronous worker's own session, its connections on the worker's own loop
      worker = WorkerSession.open(s, ctx);
      session = worker.session();
    } else {
      // one session per connection setting and phase, closed by the engine; or one per worker
      session = c.sharedSession
          ? ctx.shared("cassandra " + s + " " + s.hashCode(), () -> CassandraSessions.open(s, ctx))
          : CassandraSessions.open(s, ctx);
    }
    try {
      if (worker == null) {
        ensureSchema(ctx);
      } else {
        worker.blocking(() -> ensureSchema(ctx));
      }
    } catch (DBException | RuntimeException e) {
      closeSession();
      throw e;
    }
    warnOfRequestLimit(ctx);
    requests = worker == null ? new CassandraRequests(session, c) : new CassandraRequests(worker::prepare, c);
    transactions = ctx.inflight() > 0 ? CassandraTransactions.refusedOnAsyncSide(ctx)
        : CassandraTransactions.of(session, requests, c, ctx);
  }

  /**
   * Creates (with {@code cassandra.createschema}) and checks the schema, once per session setting,
   * table and fields in the phase.
   */
  private Boolean ensureSchema(BindingContext ctx) throws DBException {
    CqlSession first = session;
    CassandraConfig c = config;
    CassandraSchema schema = c.schema;
    return ctx.shared("cassandra schema " + c.session + " " + schema.qualifiedTable() + " " + c.createSchema, () -> {
      if (c.createSchema) {
        schema.create(first, c.replication, c.columnType);
      }
      schema.check(first);
      return Boolean.TRUE;
    });
  }

  /** Requests beyond what the session's connections take fail at once: say so before the run. */
  private void warnOfRequestLimit(BindingContext ctx) {
    long perWorker = Math.max(1, ctx.inflight());
    long outstanding = config.sharedSession && worker == null ? perWorker * ctx.workerCount() : perWorker;
    String warning = CassandraSessions.requestLimitWarning(session, config.session.localDc(), outstanding);
    if (warning != null) {
      ctx.reportOnce("cassandra request limit", warning);
    }
  }

  @Override
  public void cleanup() throws DBException {
    closeSession();
  }

  private void closeSession() {
    if (session == null) {
      return;
    }
    try {
      if (worker != null) {
        worker.close();
      } else if (!config.sharedSession) {
        session.close();
      }
    } finally {
      worker = null;
      session = null;
      requests = null;
      transactions = null;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return CassandraResults.read(execute(requests.read(table, key, fields)).one(), result);
    } catch (RuntimeException e) {
      return CassandraFailures.report(context, "read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      // iterating fetches further pages as needed
      Statement<?> statement = requests.scan(table, startkey, recordcount, fields);
      // the further pages are fetched while iterating: on a worker's own loop, that too while it runs
      blocking(() -> {
        CassandraResults.addRows(session.execute(statement), result);
        return null;
      });
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraFailures.report(context, "scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      execute(requests.update(table, key, values));
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraFailures.report(context, "update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      return CassandraResults.insert(execute(requests.insert(table, key, values)).wasApplied());
    } catch (RuntimeException e) {
      return CassandraFailures.report(context, "insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      execute(requests.delete(table, key));
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraFailures.report(context, "delete", e);
    }
  }

  private ResultSet execute(Statement<?> statement) {
    return blocking(() -> session.execute(statement));
  }

  /** A call of the blocking side; on a worker's own loop it is made while the loop runs. */
  private <T> T blocking(Supplier<T> call) {
    return worker == null ? call.get() : worker.call(call);
  }

  /** An asynchronous worker runs its session's event loop itself. */
  @Override
  public WorkerIo workerIo() {
    return worker == null ? null : worker.io();
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    return transactions.transaction(table, work);
  }

  // The asynchronous side: build the request on this (the worker's) thread, send it, return.
  // A statement is prepared on its first use, as on the blocking side: a one-time wait per
  // statement shape and worker.

  /**
   * The driver's asynchronous calls run the same statements at the same consistency levels over
   * the same kind of session as the blocking ones, so {@code -threads N} runs as N operations in
   * flight; transactions stay on the blocking side (the engine keeps a workload with transactions
   * there). Not with {@code cassandra.sessionperthread=true}: there each thread opens a session of
   * its own, which sessions on one worker would not.
   */
  @Override
  public boolean servesSessions() {
    return !CassandraProperties.SESSION_PER_THREAD.getBoolean(getProperties());
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return CassandraAsyncCall.read(context, result).send(() -> session.executeAsync(requests.read(table, key, fields)));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return CassandraAsyncCall.scan(context, result)
        .send(() -> session.executeAsync(requests.scan(table, startkey, recordcount, fields)));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return CassandraAsyncCall.update(context).send(() -> session.executeAsync(requests.update(table, key, values)));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return CassandraAsyncCall.insert(context).send(() -> session.executeAsync(requests.insert(table, key, values)));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return CassandraAsyncCall.delete(context).send(() -> session.executeAsync(requests.delete(table, key)));
  }
}
