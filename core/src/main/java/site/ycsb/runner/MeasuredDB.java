package site.ycsb.runner;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.clock.Clock;
import site.ycsb.workloads.MeasuredCalls;
import site.ycsb.workloads.OperationDriver;
import site.ycsb.workloads.PlannedOperation;

/**
 * Wraps one worker's binding on the blocking path: every call a workload makes goes through one
 * {@link OperationSlot} and the {@link OperationCycle} the asynchronous path uses too, which times
 * it, retries it as configured (a retried call counts once and its latency includes the retries),
 * turns exceptions into {@link Status#ERROR}, and records it unless it completed after the
 * deadline. An operation due before the deadline that did not complete inside it is recorded as
 * unfinished, at a lower bound of its latency; so is a slot the throttle gave up. Its calls take
 * the course every worker's do ({@link OperationDriver}), this thread waiting in each call and pause.
 */
final class MeasuredDB extends DB implements site.ycsb.TransactionalDB, MeasuredCalls, OperationDriver.BlockingCalls, Throttle.SkippedSlots {
  private final DB db;
  private final OperationCycle cycle;
  private final boolean measureIntended;
  /**
   * When the operation in flight was due (intended start, or its first call's start without a
   * throttle), for the runner to account for it if this worker is abandoned; -1 between operations.
   * Written with a release store: free on the hot path, visible long before anyone reads it.
   */
  private final AtomicLong inflightSince = new AtomicLong(-1);
  /** Taken by whoever records the operation that the deadline cut off: this worker or the runner. */
  private final AtomicBoolean unfinishedTaken = new AtomicBoolean();
  private final OperationCalls calls;
  /** The call being made: the workload's operation makes its calls one at a time through here. */
  private final OperationSlot slot;
  private final Clock clock;
  private final RunWindow window;
  private long lastCallEndNanos;

  MeasuredDB(DB db, WorkerRecorder recorder, OperationCycle cycle, RunWindow window, boolean measureIntended) {
    this.db = db;
    this.measureIntended = measureIntended;
    this.cycle = cycle;
    this.window = window;
    this.calls = new OperationCalls(window, measureIntended, () -> unfinishedTaken.compareAndSet(false, true));
    this.slot = new OperationSlot(calls, null, window.clock(), cycle);
    this.clock = window.clock();
    slot.recorder = recorder;
  }

  /** Switches recording to another phase's recorder (end of warm-up). */
  void recordInto(WorkerRecorder next) {
    slot.recorder = next;
  }

  /** Sets the intended start of the operations of the next transaction, or -1 for none. */
  void intendedStart(long nanos) {
    calls.intendedStart(nanos);
    if (nanos >= 0) {
      inflightSince.lazySet(nanos);
    }
  }

  @Override
  public void skipped(long latenessNanos) {
    if (measureIntended) {
      slot.recorder.recordOne(Operation.UNFINISHED, Outcome.INTENDED, latenessNanos);
    }
  }

  /**
   * @return whether an operation is under way: known where the intended start is measured (the
   *     default); otherwise a blocking worker is taken to be in a call, as it is nearly always
   */
  boolean inCall() {
    return !measureIntended || inflightSince.get() >= 0;
  }

  /**
   * Claims the operation this (abandoned) worker is stuck in, so that it is recorded once.
   *
   * @return when it was due, or -1 when there is none or the worker recorded it itself
   */
  long claimInflight() {
    long since = inflightSince.get();
    return since >= 0 && unfinishedTaken.compareAndSet(false, true) ? since : -1;
  }

  /**
   * Ends one workload operation: counts it if any of its calls completed inside the window.
   *
   * @param failedWithoutCall whether the workload itself failed before any call
   */
  void endOperation(boolean failedWithoutCall) {
    // the next operation's plan (or call) sets the slot's operation afresh: no clearing here too
    cycle.end(slot, failedWithoutCall);
    if (measureIntended) {
      inflightSince.lazySet(-1);
    }
  }

  /** What the workload's operation noted besides its calls: recorded with them. */
  @Override
  public void ended(PlannedOperation op) {
    cycle.recordNoted(op, slot);
  }

  long lastRecordedEndNanos() {
    return calls.lastRecordedEndNanos();
  }

  /** @return when the current operation was due: its intended start, else its first call's start; -1 if unknown */
  long operationDueNanos() {
    return calls.dueNanos();
  }

  long discardedAfterDeadline() {
    return calls.discardedAfterDeadline();
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void init(site.ycsb.BindingContext context) throws DBException {
    db.init(context);
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  /**
   * The end of the last call, and forgets it: lets the worker check the deadline without another
   * clock read.
   *
   * @return the end of the last call since the previous request, or 0 when there was none
   */
  long takeLastCallEnd() {
    long t = lastCallEndNanos;
    lastCallEndNanos = 0;
    return t;
  }

  /**
   * Makes one operation the workload plans, blocking: the course the asynchronous worker drives,
   * with this thread waiting through each call and pause. End it with {@link #endOperation}.
   *
   * @param workerState what the workload keeps for this worker
   * @param load whether the phase loads
   * @return what ended it: {@link PlannedOperation.Next#STOP} for a load insert given up,
   *     {@link PlannedOperation.Next#RETRY_LATER} when the workload failed before any call,
   *     else {@link PlannedOperation.Next#DONE}
   */
  PlannedOperation.Next makePlanned(Object workerState, boolean load) {
    if (!cycle.plan(slot, workerState, load)) {
      return PlannedOperation.Next.RETRY_LATER;
    }
    return OperationDriver.make(cycle.planner(), slot.op, slot, this);
  }

  /** Makes the call the slot's operation names, a whole operation of the workload's own, blocking. */
  private Status make() {
    OperationDriver.make(null, slot.op, slot, this);
    return slot.status;
  }

  // --- the course of the slot's operation: its calls made on this thread ---

  @Override
  public void starting(PlannedOperation op) {
    if (slot.callStarting() && calls.intendedStart() < 0) {
      inflightSince.lazySet(slot.callStartNanos);
    }
  }

  @Override
  public void make(PlannedOperation op) {
    slot.callOn(db);
    lastCallEndNanos = slot.endNanos;
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public boolean goesOn() {
    return !window.isOver(clock.nanoTime());
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    slot.op.read(table, key, fields, result);
    return make();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    slot.op.scan(table, startkey, recordcount, fields, result);
    return make();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    slot.op.update(table, key, values);
    return make();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    slot.op.insert(table, key, values);
    return make();
  }

  @Override
  public Status delete(String table, String key) {
    slot.op.delete(table, key);
    return make();
  }

  /** A transaction, measured as one call ({@code TRANSFER} or {@code AUDIT}), retried when aborted. */
  @Override
  public Status transaction(String table, site.ycsb.TransactionWork work) {
    slot.op.transaction(table, work);
    return make();
  }
}
