package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One operation on the asynchronous side: the stage the engine waits on, and the callback the
 * driver completes, in one object. When the driver's answer arrives (on one of its I/O threads)
 * the rows are decoded into the engine's result by {@link CassandraResults}, further pages of a
 * scan are asked for without blocking, and only then does the stage complete, with the status the
 * blocking side would return. A failure becomes its status through {@link CassandraErrors}
 * (reported once), never an exceptional completion.
 */
public final class CassandraAsyncCall extends CompletableFuture<Status>
    implements BiConsumer<AsyncResultSet, Throwable> {
  private enum Kind { READ, SCAN, UPDATE, INSERT, DELETE }

  private final BindingContext context;
  private final Kind kind;
  private final String operation;
  private final Map<String, ByteIterator> row;
  private final Vector<HashMap<String, ByteIterator>> rows;

  private CassandraAsyncCall(BindingContext context, Kind kind, String operation, Map<String, ByteIterator> row,
                             Vector<HashMap<String, ByteIterator>> rows) {
    this.context = context;
    this.kind = kind;
    this.operation = operation;
    this.row = row;
    this.rows = rows;
  }

  /**
   * @param context where failures are reported
   * @param into receives the record's fields
   * @return a read, not yet sent
   */
  public static CassandraAsyncCall read(BindingContext context, Map<String, ByteIterator> into) {
    return new CassandraAsyncCall(context, Kind.READ, "read", into, null);
  }

  /**
   * @param context where failures are reported
   * @param into receives the records, in the order of the rows
   * @return a scan, not yet sent
   */
  public static CassandraAsyncCall scan(BindingContext context, Vector<HashMap<String, ByteIterator>> into) {
    return new CassandraAsyncCall(context, Kind.SCAN, "scan", null, into);
  }

  /** @return an update, not yet sent */
  public static CassandraAsyncCall update(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.UPDATE, "update", null, null);
  }

  /** @return an insert, not yet sent */
  public static CassandraAsyncCall insert(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.INSERT, "insert", null, null);
  }

  /** @return a delete, not yet sent */
  public static CassandraAsyncCall delete(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.DELETE, "delete", null, null);
  }

  /**
   * Sends the request and returns at once.
   *
   * @param session the session
   * @param request the operation's request
   * @return this, completed once the answer (every page of it) is decoded
   */
  public CassandraAsyncCall send(CqlSession session, Statement<?> request) {
    session.executeAsync(request).whenComplete(this);
    return this;
  }

  /**
   * The request could not be built or sent (e.g. its statement failed to prepare).
   *
   * @param e what was thrown
   * @return this, completed with the failure's status
   */
  public CassandraAsyncCall failed(RuntimeException e) {
    accept(null, e);
    return this;
  }

  /** The driver's answer to the request or to the next page of a scan. */
  @Override
  public void accept(AsyncResultSet result, Throwable failure) {
    if (failure != null) {
      complete(CassandraErrors.report(context, operation, unwrap(failure)));
      return;
    }
    try {
      switch (kind) {
        case READ:
          complete(CassandraResults.read(result.one(), row));
          break;
        case SCAN:
          CassandraResults.addRows(result.currentPage(), rows);
          if (result.hasMorePages()) {
            // the scan's LIMIT spans pages; the next one comes back to this callback
            result.fetchNextPage().whenComplete(this);
          } else {
            complete(Status.OK);
          }
          break;
        case INSERT:
          complete(CassandraResults.insert(result.wasApplied()));
          break;
        default:
          complete(Status.OK);
          break;
      }
    } catch (RuntimeException e) {
      complete(CassandraErrors.report(context, operation, e));
    }
  }

  /** @return the driver's own exception when a stage wrapped it */
  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
