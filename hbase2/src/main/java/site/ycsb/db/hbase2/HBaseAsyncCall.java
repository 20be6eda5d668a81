package site.ycsb.db.hbase2;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.client.Result;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One operation on the asynchronous side: the stage the engine waits on and the callback the
 * HBase client completes, in one object, so that an operation allocates nothing beyond the
 * client's own future. The answer arrives on one of the client's RPC threads; it is decoded into
 * the engine's result by {@link HBaseRequests} before the stage completes, with the status the
 * blocking side would return. A failure becomes its status through {@link HBaseErrors} (reported
 * once), never an exceptional completion.
 */
final class HBaseAsyncCall extends CompletableFuture<Status> implements BiConsumer<Object, Throwable> {
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

  /**
   * @param sent the client's future of the request
   * @return this, completed once the answer is decoded
   */
  HBaseAsyncCall on(CompletableFuture<?> sent) {
    sent.whenComplete(this);
    return this;
  }

  /**
   * The request could not be sent (the client threw instead of failing its future).
   *
   * @param e what was thrown
   * @return this, completed with the failure's status
   */
  HBaseAsyncCall failed(RuntimeException e) {
    accept(null, e);
    return this;
  }

  /** The client's answer: a {@link Result}, the list of a scan's results, or nothing for a write. */
  @Override
  public void accept(Object answer, Throwable failure) {
    if (failure != null) {
      complete(HBaseErrors.status(context, operation, failure));
      return;
    }
    try {
      switch (kind) {
        case READ:
          complete(HBaseRequests.read((Result) answer, row));
          break;
        case SCAN:
          for (Object r : (List<?>) answer) {
            HBaseRequests.addRow((Result) r, rows);
          }
          complete(Status.OK);
          break;
        default:
          complete(Status.OK);
          break;
      }
    } catch (RuntimeException e) {
      complete(HBaseErrors.status(context, operation, e));
    }
  }
}
