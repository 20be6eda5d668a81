package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Vector;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.RecordCall;
import site.ycsb.Status;

/**
 * One operation on the asynchronous side ({@link RecordCall}): when the driver's answer arrives (on
 * one of its I/O threads) the rows are decoded into the engine's result by {@link CassandraResults},
 * further pages of a scan are asked for without blocking, and only then does the stage complete,
 * with the status the blocking side would return. A failure becomes its status through
 * {@link CassandraFailures} (reported once).
 */
public final class CassandraAsyncCall extends RecordCall<AsyncResultSet> {
  private enum Kind { READ, SCAN, UPDATE, INSERT, DELETE }

  private final Kind kind;

  private CassandraAsyncCall(BindingContext context, Kind kind, Map<String, ByteIterator> record,
                             Vector<HashMap<String, ByteIterator>> records) {
    super(context, kind.name().toLowerCase(Locale.ROOT), record, records);
    this.kind = kind;
  }

  /**
   * @param context where failures are reported
   * @param into receives the record's fields
   * @return a read, not yet sent
   */
  public static CassandraAsyncCall read(BindingContext context, Map<String, ByteIterator> into) {
    return new CassandraAsyncCall(context, Kind.READ, into, null);
  }

  /**
   * @param context where failures are reported
   * @param into receives the records, in the order of the rows
   * @return a scan, not yet sent
   */
  public static CassandraAsyncCall scan(BindingContext context, Vector<HashMap<String, ByteIterator>> into) {
    return new CassandraAsyncCall(context, Kind.SCAN, null, into);
  }

  /** @return an update, not yet sent */
  public static CassandraAsyncCall update(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.UPDATE, null, null);
  }

  /** @return an insert, not yet sent */
  public static CassandraAsyncCall insert(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.INSERT, null, null);
  }

  /** @return a delete, not yet sent */
  public static CassandraAsyncCall delete(BindingContext context) {
    return new CassandraAsyncCall(context, Kind.DELETE, null, null);
  }

  /** The driver's answer to the request or to the next page of a scan. */
  @Override
  protected Status statusOf(AsyncResultSet result) {
    switch (kind) {
      case READ:
        return CassandraResults.read(result.one(), record);
      case SCAN:
        CassandraResults.addRows(result.currentPage(), records);
        if (result.hasMorePages()) {
          // the scan's LIMIT spans pages; the next one comes back to this callback
          on(result.fetchNextPage());
          return null;
        }
        return Status.OK;
      case INSERT:
        return CassandraResults.insert(result.wasApplied());
      default:
        return Status.OK;
    }
  }

  @Override
  protected Status statusOfFailure(Throwable cause) {
    return CassandraFailures.report(context, operation, cause);
  }
}
