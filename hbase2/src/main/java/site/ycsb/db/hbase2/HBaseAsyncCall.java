package site.ycsb.db.hbase2;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import org.apache.hadoop.hbase.client.Result;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.RecordCall;
import site.ycsb.Status;

/**
 * One operation on the asynchronous side ({@link RecordCall}): the answer arrives on one of the
 * client's RPC threads and is decoded into the engine's result by {@link HBaseRequests} before the
 * stage completes, with the status the blocking side would return. A failure becomes its status
 * through {@link HBaseFailures} (reported once).
 */
final class HBaseAsyncCall extends RecordCall<Object> {
  private enum Kind { READ, SCAN, WRITE }

  private final Kind kind;

  private HBaseAsyncCall(BindingContext context, Kind kind, String operation, Map<String, ByteIterator> record,
                         Vector<HashMap<String, ByteIterator>> records) {
    super(context, operation, record, records);
    this.kind = kind;
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
        return HBaseRequests.read((Result) answer, record);
      case SCAN:
        for (Object r : (List<?>) answer) {
          HBaseRequests.addRow((Result) r, records);
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
