package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.BindingContext;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;

/**
 * One worker's transactions ({@link TransactionalDB}) on the blocking side. Cassandra has no
 * transaction over several partitions (records); its lightweight transactions (a condition checked
 * and a write applied in one Paxos round) hold for one partition each. This is as close as they get.
 *
 * <p>With {@code cassandra.transactions=lwt} (the default) each read of the work is made at the
 * serial consistency level ({@code cassandra.serialconsistencylevel}), so it sees the latest
 * lightweight transaction of that record, and every field value read is remembered. The updates are
 * held; when the work returns OK they are sent in order, one per record (a record's updates merged,
 * the later value of a field winning), each as {@code UPDATE ... SET f = ? WHERE y_id = ? IF c = <value
 * read> AND ...} over every field the work read of that record. A record changed since it was read
 * fails its condition ({@code [applied]} false, nothing written):
 * <ul>
 *   <li>at the first update nothing of the transaction is written: {@link Status#ABORTED}, which the
 *       engine may make again;</li>
 *   <li>at a later one the earlier updates are applied and nothing can undo them: the transaction is
 *       <em>applied in part</em>, {@link #APPLIED_IN_PART} is returned (not ABORTED: it must not be
 *       made again) and the first occurrence is told once. That is what the missing atomicity over
 *       several partitions costs; the closed economy counts each as an anomaly.</li>
 * </ul>
 * A conditional update that times out (a write timeout of type CAS, a contended Paxos round) may or
 * may not have been applied: its failure status ({@code TIMEOUT}) is returned, never ABORTED (and
 * any failure of a later update leaves the earlier ones applied all the same). A record the work
 * updates without having read it has nothing to compare with and is written by a plain UPDATE.
 * Reads are not isolated from each other: a work that reads several records (an audit) sees each as
 * of its own read, not all as of one instant.
 *
 * <p>With {@code cassandra.transactions=plain} the reads are made at the read consistency level and
 * the held updates sent as plain UPDATEs in order: no isolation at all, so a read-then-write transfer
 * can overwrite another worker's (a lost update), which is what the closed economy then counts.
 *
 * <p>In both modes a work that returns anything but OK writes nothing and its status is returned; a
 * read that failed (the driver threw) fails the transaction even when the work goes on and returns
 * OK. Reads see the records as stored, not the work's own held updates. The asynchronous side makes
 * no transaction: there every one returns NOT_IMPLEMENTED, told once. Nothing is retried here: the
 * engine retries ABORTED ones.
 */
public final class CassandraTransactions implements TransactionalDB {
  /** The first conditional update not applied: the record changed since the work read it. */
  private static final Status CONDITION_NOT_MET = Status.aborted("condition not met");
  /**
   * A transaction whose conditional update failed after earlier ones of it were applied: neither
   * committed nor aborted, and not to be made again.
   */
  public static final Status APPLIED_IN_PART = Status.UNEXPECTED_STATE;

  /** The operation's name in the one-line reports of failures. */
  private static final String TRANSACTION = "transaction";

  /** The session requests go through; null when transactions are refused. */
  private final CqlSession session;
  private final CassandraRequests requests;
  private final boolean lwt;
  private final BindingContext context;
  /** Why every transaction is refused, as told once; null when they are made. */
  private final String refusal;

  private CassandraTransactions(CqlSession session, CassandraRequests requests, boolean lwt,
                                BindingContext context, String refusal) {
    this.session = session;
    this.requests = requests;
    this.lwt = lwt;
    this.context = context;
    this.refusal = refusal;
  }

  /**
   * @param session the session the transactions' requests are executed on
   * @param requests the worker's requests (statements prepared on first use)
   * @param config the binding's settings: {@code cassandra.transactions} and the consistency levels
   * @param context where failures and a transaction applied in part are told once
   * @return the worker's transactions on the blocking side
   */
  public static CassandraTransactions of(CqlSession session, CassandraRequests requests, CassandraConfig config,
                                         BindingContext context) {
    return new CassandraTransactions(session, requests, config.lwtTransactions, context, null);
  }

  /**
   * @param context where the refusal is told once
   * @return transactions for a worker on the asynchronous side ({@code -inflight N}), all refused:
   *     they are made on the blocking side only
   */
  public static CassandraTransactions refusedOnAsyncSide(BindingContext context) {
    return new CassandraTransactions(null, null, false, context, "cassandra: transactions run on the blocking"
        + " path only, not with -inflight; every transaction returns NOT_IMPLEMENTED");
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    if (refusal != null) {
      context.reportOnce("cassandra transactions refused", refusal);
      return Status.NOT_IMPLEMENTED;
    }
    Attempt attempt = new Attempt(table);
    Status own = work.run(attempt);
    if (!Status.OK.equals(own)) {
      return own; // nothing was sent but reads
    }
    if (attempt.failure != null) {
      // the work went on after a read that failed: what it would write rests on a value it never saw
      return attempt.failure;
    }
    return lwt ? attempt.commitConditionally() : attempt.commitPlainly();
  }

  /** One transaction's reads and held updates, from the work's first call to the last update sent. */
  private final class Attempt implements TransactionCalls {
    private final String table;
    /** Per record read, each field value read (null for a column without one); the first read counts. */
    private final Map<String, Map<String, ByteBuffer>> read = new HashMap<>();
    /** Per record updated, in the order of its first update, the fields to write. */
    private final Map<String, Map<String, ByteIterator>> held = new LinkedHashMap<>();
    /** The status of the first read that failed; after it nothing is sent. */
    private Status failure;

    Attempt(String table) {
      this.table = table;
    }

    @Override
    public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
      if (failure != null) {
        return failure;
      }
      Row row;
      try {
        Statement<?> statement = lwt ? requests.serialRead(table, key, fields) : requests.read(table, key, fields);
        row = session.execute(statement).one();
      } catch (RuntimeException e) {
        failure = CassandraFailures.report(context, TRANSACTION + " read", e);
        return failure;
      }
      if (lwt) {
        remember(key, fields, row);
      }
      return CassandraResults.read(row, result);
    }

    /** Keeps what the condition of the record's update will compare with. */
    private void remember(String key, Set<String> fields, Row row) {
      Map<String, ByteBuffer> values = read.computeIfAbsent(key, k -> new HashMap<>());
      if (row == null) {
        // no record: its fields have no value, and the update's condition says so (IF f = null);
        // a read of all fields names none, so that update compares nothing
        if (fields != null) {
          for (String f : fields) {
            values.putIfAbsent(f, null);
          }
        }
        return;
      }
      ColumnDefinitions columns = row.getColumnDefinitions();
      for (int i = 0; i < columns.size(); i++) {
        String name = columns.get(i).getName().asInternal();
        if (!CassandraProperties.KEY_COLUMN.equals(name) && !values.containsKey(name)) {
          // a later read of the same field may see a newer value; the work decided on the first
          values.put(name, row.getBytesUnsafe(i));
        }
      }
    }

    @Override
    public Status update(String key, Map<String, ByteIterator> values) {
      if (failure != null) {
        return failure;
      }
      Map<String, ByteIterator> fields = held.computeIfAbsent(key, k -> new HashMap<>());
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        // copied now: the work's iterators may not be read twice, and it may reuse its maps
        fields.put(e.getKey(), new ByteArrayByteIterator(e.getValue().toArray()));
      }
      return Status.OK;
    }

    /** @return OK when every conditional update was applied; see the class comment for the others */
    Status commitConditionally() {
      int applied = 0;
      for (Map.Entry<String, Map<String, ByteIterator>> update : held.entrySet()) {
        String key = update.getKey();
        Map<String, ByteBuffer> expected = read.get(key);
        boolean conditional = expected != null && !expected.isEmpty();
        Statement<?> statement = conditional ? requests.conditionalUpdate(table, key, update.getValue(), expected)
            : requests.update(table, key, update.getValue());
        boolean wasApplied;
        try {
          wasApplied = session.execute(statement).wasApplied();
        } catch (RuntimeException e) {
          // a timeout of the Paxos round (write type CAS) or of its commit leaves the update's
          // outcome unknown: never ABORTED, the engine must not make it again
          return CassandraFailures.report(context, TRANSACTION + " update", e);
        }
        if (!wasApplied) {
          if (applied == 0) {
            return CONDITION_NOT_MET; // the record changed since the work read it; nothing is written
          }
          context.reportOnce("cassandra transaction applied in part", "cassandra: a transaction was applied in"
              + " part (" + APPLIED_IN_PART.getName() + "): the conditional update of " + key + " was not applied"
              + " (the record changed since the transaction read it) after " + applied + " update(s) of other"
              + " records were; lightweight transactions hold per partition and nothing undoes those");
          return APPLIED_IN_PART;
        }
        applied++;
      }
      return Status.OK;
    }

    /** @return OK when every plain update was written, else the first failure's status */
    Status commitPlainly() {
      for (Map.Entry<String, Map<String, ByteIterator>> update : held.entrySet()) {
        try {
          session.execute(requests.update(table, update.getKey(), update.getValue()));
        } catch (RuntimeException e) {
          return CassandraFailures.report(context, TRANSACTION + " update", e);
        }
      }
      return Status.OK;
    }
  }
}
