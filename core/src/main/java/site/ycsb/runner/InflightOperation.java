package site.ycsb.runner;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import site.ycsb.AsyncDB;
import site.ycsb.Status;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.PlannedOperation;

/**
 * One place for an operation in flight on the asynchronous path: the planned operation, its calls
 * so far, and its current call. It is also the callback the binding's stage completes: the
 * completing thread (the driver's) stamps the call's end and hands it to the worker through
 * {@link Completions}; everything else is the worker's. Reused from operation to operation.
 */
final class InflightOperation extends Completions.Link<InflightOperation>
    implements BiConsumer<Status, Throwable> {
  final PlannedOperation op = new PlannedOperation();
  final OperationCalls calls;
  private final Completions<InflightOperation> completions;
  /** Where this operation is recorded: the recorder of the part (warm-up, measured) it began in. */
  WorkerRecorder recorder;
  long callStartNanos;
  int tries;
  long retryAtNanos;
  boolean retryIsNewCall;
  boolean busy;
  /** Bytes of the values the current call sends, counted before the binding consumes them. */
  long sentBytes;
  private final ValueBytes valueBytes = new ValueBytes();
  // written by the completing thread before it hands the operation over
  Status status;
  Throwable failure;
  long endNanos;

  InflightOperation(RunWindow window, boolean measureIntended, Completions<InflightOperation> completions) {
    // the worker alone records its operations: a cut-off operation is always its own to record
    this.calls = new OperationCalls(window, measureIntended, () -> true);
    this.completions = completions;
  }

  /** Counts the bytes the operation's current call will write; call before it is sent. */
  void countSentBytes() {
    sentBytes = op.call().writes() ? valueBytes.of(op.values()) : 0;
  }

  /** @return the bytes the completed call wrote or read, 0 when it failed; the worker's thread only */
  long callBytes(Status status) {
    if (status == null || !status.isOk()) {
      return 0;
    }
    switch (op.call()) {
      case READ:
        return valueBytes.of(op.readResult());
      case SCAN:
        return valueBytes.ofAll(op.scanResult());
      default:
        return sentBytes;
    }
  }

  @Override
  public void accept(Status s, Throwable t) {
    endNanos = System.nanoTime();
    status = s;
    failure = t;
    completions.push(this);
  }

  /**
   * Makes the current call through the binding's asynchronous side.
   *
   * @return true when the call was handed to the binding (false: it failed at once, already completed)
   */
  boolean sendTo(AsyncDB async) {
    CompletionStage<Status> stage;
    try {
      switch (op.call()) {
        case READ:
          stage = async.readAsync(op.table(), op.key(), op.fields(), op.readResult());
          break;
        case SCAN:
          stage = async.scanAsync(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult());
          break;
        case UPDATE:
          stage = async.updateAsync(op.table(), op.key(), op.values());
          break;
        case INSERT:
          stage = async.insertAsync(op.table(), op.key(), op.values());
          break;
        default:
          stage = async.deleteAsync(op.table(), op.key());
          break;
      }
    } catch (RuntimeException | LinkageError e) {
      accept(null, e);
      return false;
    }
    if (stage == null) {
      accept(Status.ERROR, null);
      return false;
    }
    stage.whenComplete(this);
    return true;
  }
}
