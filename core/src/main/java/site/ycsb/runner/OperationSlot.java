package site.ycsb.runner;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StatusFuture;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.OperationDriver;
import site.ycsb.workloads.PlannedOperation;

/**
 * One operation in the making, on either path: the planned operation, its calls so far, and its
 * current call's outcome. A blocking worker has one; the asynchronous worker one per operation in
 * flight, and there it is also the callback the binding's stage completes: the completing thread
 * (the driver's) stamps the call's end and hands it to the worker through {@link Completions};
 * everything else is the worker's. Reused from operation to operation. Its calls' retries and
 * records are the engine's part in the operation's course ({@link OperationDriver.Calls}), decided
 * by the worker's {@link OperationCycle}.
 */
final class OperationSlot extends Completions.Link<OperationSlot>
    implements BiConsumer<Status, Throwable>, OperationDriver.Calls {
  final PlannedOperation op = new PlannedOperation();
  final OperationCalls calls;
  /** What the capture keeps of the operation; null when operations are not captured. */
  final CapturedOperation captured;
  private final OperationCycle cycle;
  private final Completions<OperationSlot> completions;
  private final site.ycsb.clock.Clock clock;
  /** Where this operation is recorded: the recorder of the part (warm-up, measured) it began in. */
  WorkerRecorder recorder;
  long callStartNanos;
  /** Retries of the current call so far. */
  int tries;
  long retryAtNanos;
  boolean retryIsNewCall;
  boolean busy;
  /**
   * Whether the current call's answer is wanted at once: another call of the operation follows it
   * (the read of a read-modify-write), or, if it fails, a retry. Set by the worker before the send.
   */
  boolean followedUp;
  boolean retriable;
  /** Bytes of the values the current call sends, counted before the binding consumes them. */
  private long sentBytes;
  private final ValueBytes valueBytes = new ValueBytes();
  // the current call's outcome; on the asynchronous path written by the completing thread before
  // it hands the operation over
  Status status;
  Throwable failure;
  long endNanos;

  /**
   * @param calls what records the operation's calls
   * @param completions where a completed asynchronous call is handed over; null on the blocking path
   * @param clock the phase's clock
   * @param cycle what happens to the operation's calls
   */
  OperationSlot(OperationCalls calls, Completions<OperationSlot> completions, site.ycsb.clock.Clock clock,
                OperationCycle cycle) {
    this.calls = calls;
    this.cycle = cycle;
    this.completions = completions;
    this.clock = clock;
    this.captured = cycle.captures() ? new CapturedOperation() : null;
    op.clock(clock);
  }

  /**
   * Notes the start of the operation's current call: counts the bytes it will write, before they are consumed.
   *
   * @return true when this is the operation's first call and its start is kept
   */
  boolean callStarting() {
    tries = 0;
    sentBytes = op.call().writes() ? valueBytes.of(op.values()) : 0;
    callStartNanos = clock.nanoTime();
    if (captured != null) {
      captured.callStarted(callStartNanos);
    }
    return calls.callStarted(callStartNanos);
  }

  /** @return the bytes the completed call wrote or read, 0 when it failed; the worker's thread only */
  long callBytes() {
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

  /** The asynchronous call completed (the driver's thread). */
  @Override
  public void accept(Status s, Throwable t) {
    endNanos = clock.nanoTime();
    status = s;
    failure = t;
    completions.push(this, followedUp || (retriable && (s == null || !s.isOk())));
  }

  /** Makes the current call through the binding's blocking side; its outcome is in {@link #status}. */
  void callOn(DB db) {
    Status s;
    Throwable t = null;
    try {
      s = op.callOn(db);
    } catch (RuntimeException | LinkageError e) {
      s = null;
      t = e;
    }
    endNanos = clock.nanoTime();
    // long-lived: references stored only when they change (see PlannedOperation.clear)
    if (status != s) {
      status = s;
    }
    if (t != null || failure != null) {
      failure = t;
    }
  }

  /**
   * Sends the current call through the binding's asynchronous side.
   *
   * @return true when the call was handed to the binding (false: it failed at once, already completed)
   */
  boolean sendTo(AsyncDB async) {
    CompletionStage<Status> stage;
    try {
      stage = op.sendTo(async);
    } catch (RuntimeException | LinkageError e) {
      accept(null, e);
      return false;
    }
    if (stage == null) {
      accept(Status.ERROR, null);
      return false;
    }
    if (stage instanceof StatusFuture) {
      // no dependent future and link per operation, as whenComplete makes
      ((StatusFuture) stage).listen(this);
    } else {
      stage.whenComplete(this);
    }
    return true;
  }

  @Override
  public boolean completed(PlannedOperation planned) {
    return cycle.callCompleted(this);
  }

  @Override
  public Status status() {
    return status;
  }

  @Override
  public long retryPauseNanos() {
    return cycle.retryDelayNanos();
  }

  @Override
  public void workloadFailed(RuntimeException e) {
    cycle.workloadFailed(e);
  }

  @Override
  public void givenUp(PlannedOperation planned, boolean again) {
    if (again) {
      // no retry after the end: the call is recorded with the outcome it has
      cycle.recordCall(this);
    }
  }
}
