package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Vector;

/**
 * An {@link AsyncCall} of one of the five record operations, holding what every binding's such
 * call carries: the context that reports a failure once, the operation's name for that report, and
 * where a read's fields or a scan's records go. A binding's subclass only decodes its driver's
 * answer ({@link #statusOf}) and names the status of a failure ({@link #statusOfFailure}).
 *
 * @param <A> the driver's answer
 */
public abstract class RecordCall<A> extends AsyncCall<A> {
  /** Where a failure is reported once. */
  protected final BindingContext context;
  /** {@code read}, {@code scan}, {@code update}, {@code insert} or {@code delete}, as failure reports name it. */
  protected final String operation;
  /** Receives a read's fields; null for the other operations. */
  protected final Map<String, ByteIterator> record;
  /** Receives a scan's records, in key order; null for the other operations. */
  protected final Vector<HashMap<String, ByteIterator>> records;

  /**
   * @param context where a failure is reported once
   * @param operation the operation's name in failure reports
   * @param record a read's destination, or null
   * @param records a scan's destination, or null
   */
  protected RecordCall(BindingContext context, String operation, Map<String, ByteIterator> record,
                       Vector<HashMap<String, ByteIterator>> records) {
    this.context = context;
    this.operation = operation;
    this.record = record;
    this.records = records;
  }
}
