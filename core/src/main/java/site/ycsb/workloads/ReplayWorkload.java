package site.ycsb.workloads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.props.CoreProperties;
import site.ycsb.trace.TraceFormatException;
import site.ycsb.trace.TracedOperation;

/**
 * Replays a trace: this client's captures ({@code capture/worker-N.csv.gz}), Twitter's cache-trace
 * CSV or Redis {@code MONITOR} output ({@code replay.format}), each operation due at its offset in
 * the trace, divided by {@code replay.speed}. Latency is measured from that due time as well as
 * from the call's start (the {@code Intended-} figures), so a database that falls behind the
 * trace's timing shows it as it would with a target.
 *
 * <p>Each key's operations are sent by one worker of one client, in the trace's order ({@link
 * ReplayParts}). A write carries the trace's number of fields and value bytes (the bytes split
 * evenly among the fields, {@code field0}, {@code field1}, ...), each value the same for the same key and field
 * whenever it is replayed; a read asks for one field when the trace read one, else for all; a
 * scan reads {@code replay.scanlength} records. The run phase only: the trace says what is written.
 */
public class ReplayWorkload extends Workload implements OperationPlanner, TimedOperations {
  private Path file;
  private String format;
  private double speed;
  private int scanLength;
  private String table;
  private String fieldPrefix;
  private long limit;
  private int clientId;
  private int clients;
  private ReplayParts parts;

  /** One worker's place in its part of the trace. */
  static final class Cursor {
    private final List<TracedOperation> ops;
    private int next;

    Cursor(List<TracedOperation> ops) {
      this.ops = ops;
    }
  }

  /**
   * A read-modify-write in the making, kept on its planned operation (several may be in flight on
   * one worker): its write, when it began, how its read went.
   */
  private static final class ReadModifyWrite {
    private Map<String, ByteIterator> pendingWrite;
    private long startNanos = -1;
    private Status readStatus;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    String name = ReplayProperties.FILE.get(p);
    if (name.isBlank()) {
      throw new WorkloadException("property replay.file is not set: expected the trace to replay");
    }
    file = Path.of(name);
    if (!Files.isReadable(file)) {
      throw new WorkloadException("replay.file=" + name + " cannot be read: expected a readable trace file");
    }
    if (!CoreProperties.DO_TRANSACTIONS.getBoolean(p)) {
      throw new WorkloadException("the replay workload in the load phase: it replays a trace in the run phase;"
          + " expected the run command (load with the workload that made the data)");
    }
    speed = ReplayProperties.SPEED.getDouble(p);
    if (speed > 0 && speed < ReplayProperties.SLOWEST) {
      throw new WorkloadException("replay.speed=" + ReplayProperties.SPEED.get(p)
          + " is too slow: expected 0 (as fast as possible) or from " + ReplayProperties.SLOWEST + " to 1000000");
    }
    if (CoreProperties.TARGET.getDouble(p) > 0 || !CoreProperties.TARGET_PROFILE.get(p).isBlank()) {
      throw new WorkloadException("a target or load profile with the replay workload: the trace's timing is the"
          + " schedule; expected replay.speed to change its rate");
    }
    format = ReplayProperties.FORMAT.getChoice(p);
    scanLength = ReplayProperties.SCAN_LENGTH.getInt(p);
    table = CoreProperties.TABLE.get(p);
    fieldPrefix = CoreProperties.FIELD_NAME_PREFIX.get(p);
    limit = CoreProperties.OPERATION_COUNT.getLong(p);
    clientId = CoreProperties.CLIENT_ID.getInt(p);
    clients = CoreProperties.CLIENT_COUNT.getInt(p);
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return new Cursor(partsFor(threadcount).of(mythreadid));
  }

  /** Reads the trace once, at the first worker's start, when the number of workers is known. */
  private synchronized ReplayParts partsFor(int workers) throws WorkloadException {
    if (parts == null) {
      try {
        parts = ReplayParts.read(file, format, limit, clientId, clients, workers);
      } catch (TraceFormatException e) {
        throw new WorkloadException(e.getMessage());
      } catch (IOException e) {
        throw new WorkloadException("replay.file=" + file + " cannot be read: " + e.getMessage(), e);
      }
    }
    return parts;
  }

  @Override
  public long nextDueNanos(Object threadState) {
    Cursor c = (Cursor) threadState;
    if (c.next >= c.ops.size()) {
      return NO_MORE;
    }
    if (speed <= 0) {
      return AT_ONCE;
    }
    long offset = c.ops.get(c.next).offsetNanos() - parts.firstOffsetNanos();
    return speed == 1 ? offset : Math.round(offset / speed);
  }

  @Override
  public void plan(PlannedOperation op, Object threadState, boolean load) {
    Cursor c = (Cursor) threadState;
    if (c.next >= c.ops.size()) {
      throw new IllegalStateException("no operation left in this worker's part of the trace");
    }
    TracedOperation t = c.ops.get(c.next++);
    switch (t.operation()) {
      case READ:
        op.read(table, t.key(), t.fields() == 1 ? Set.of(fieldPrefix + "0") : null);
        break;
      case SCAN:
        op.scan(table, t.key(), scanLength, null);
        break;
      case UPDATE:
        op.update(table, t.key(), values(t));
        break;
      case INSERT:
        op.insert(table, t.key(), values(t));
        break;
      case DELETE:
        op.delete(table, t.key());
        break;
      case READ_MODIFY_WRITE:
        // a read, then the write of what the capture recorded, measured as one besides its two calls
        ReadModifyWrite rmw = op.workloadState() instanceof ReadModifyWrite kept ? kept : new ReadModifyWrite();
        rmw.startNanos = op.nowNanos();
        rmw.pendingWrite = values(t);
        op.read(table, t.key(), null);
        op.followedUp();
        op.workloadState(rmw);
        break;
      default:
        throw new IllegalStateException("a trace operation the replay cannot make: " + t.operation());
    }
  }

  /** @return the values of a traced write: its fields, its bytes split evenly, the same for the same key and field */
  private Map<String, ByteIterator> values(TracedOperation t) {
    int n = Math.max(1, t.fields());
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    long each = t.valueBytes() / n;
    long rest = t.valueBytes() % n;
    for (int i = 0; i < n; i++) {
      String field = fieldPrefix + i;
      int length = (int) Math.min(Integer.MAX_VALUE, each + (i < rest ? 1 : 0));
      values.put(field, new ByteArrayByteIterator(Values.deterministic(t.key(), field, length)));
    }
    return values;
  }

  @Override
  public PlannedOperation.Next afterCall(PlannedOperation op, Status status) {
    if (!(op.workloadState() instanceof ReadModifyWrite rmw) || rmw.startNanos < 0) {
      return PlannedOperation.Next.DONE;
    }
    if (op.call() == site.ycsb.measurements.Operation.READ) {
      rmw.readStatus = status;
      op.update(table, op.key(), rmw.pendingWrite);
      rmw.pendingWrite = null;
      return PlannedOperation.Next.CALL;
    }
    op.compound(site.ycsb.measurements.Operation.READ_MODIFY_WRITE, rmw.startNanos,
        !rmw.readStatus.isOk() ? rmw.readStatus : status);
    rmw.startNanos = -1;
    return PlannedOperation.Next.DONE;
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    throw new UnsupportedOperationException("the replay workload replays a trace in the run phase; load with the"
        + " workload that made the data");
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    PlannedOperation op = new PlannedOperation();
    plan(op, threadState, false);
    OperationPlanner.makeNow(this, op, db);
    return true;
  }
}
