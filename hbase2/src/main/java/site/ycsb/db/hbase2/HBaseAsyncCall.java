package site.ycsb.db.hbase2;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import org.apache.hadoop.hbase.client.Result;
import site.ycsb.AsyncCall;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One operation on the asynchronous side ({@link AsyncCall}): the answer arrives on one of the
 * client's RPC threads and is decoded into the engine's result by {@link HBaseRequests} before the
 * stage completes, with the status the blocking side would return. A failure becomes its status
 * through {@link HBaseFailures} (reported once).
 */
final class HBaseAsyncCall extends AsyncCall<Object> {
  private enum Kind { READ, SCAN, WRITE }

  private final BindingContext context;
  private final Kind kind;
  private final String operation;
  private final Map<String, ByteIterator> row;
  private final Vector<HashMap<String, ByteIterator>> rows;

  private HBaseAsyncCall(BindingContext context, Kind kind, String operation, Map<String, ByteIterator> row,
                         Vector<HashMap<String, ByteIterator>> rows) {
    this.context = context;
    this.kind = kind;
    this.operation = operation;
    this.row = row;
    this.rows = rows;
  }

  /** @return a read whose answer goes into {@code into}, not yet sent */
  static HBaseAsyncCall read(BindingContext context, Map<String, ByteIterator> into) {
    return new HBaseAsyncCall(context, Kind.READ, "read", into, null);
  }

  /** @return a scan whose rows go into {@code into}, in key order, not yet sent */
  static HBaseAsyncCall scan(BindingContext context, Vector<HashMap<String, ByteIterator>> into) {
    return new HBaseAsyncCall(context, Kind.SCAN, "scan", null, into);
  }

  /**
   * @param operation {@code insert}, {@code update} or {@code delete}, for failure reports
   * @return a put or delete, not yet sent
   */
  static HBaseAsyncCall write(BindingContext context, String operation) {
    return new HBaseAsyncCall(context, Kind.WRITE, operation, null, null);
  }

  /** The client's answer: a {@link Result}, the list of a scan's results, or nothing for a write. */
  @Override
  protected Status statusOf(Object answer) {
    switch (kind) {
      case READ:
        return HBaseRequests.read((Result) answer, row);
      case SCAN:
        for (Object r : (List<?>) answer) {
          HBaseRequests.addRow((Result) r, rows);
        }
        return Status.OK;
      default:
        return Status.OK;
    }
  }

  @Override
  protected Status statusOfFailure(Throwable cause) {
    return HBaseFailures.status(context, operation, cause);
  }
}
