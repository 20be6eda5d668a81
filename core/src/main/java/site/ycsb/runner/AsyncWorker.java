package site.ycsb.runner;

import java.util.ArrayList;
import java.util.Properties;
import java.util.concurrent.CompletionException;
import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.OperationPlanner;
import site.ycsb.workloads.PlannedOperation;

/**
 * The asynchronous path: one thread keeps up to {@code inflight} operations outstanding through
 * the binding's {@link AsyncDB} side. The thread plans an operation, sends its call and goes on;
 * the driver's thread that completes the call stamps its end and hands it back
 * ({@link Completions}), and this thread records it, sends the operation's next call or retry,
 * or frees its place. Everything is recorded on this thread, so recording stays single-writer.
 *
 * <p>Under a target the schedule is open: an operation is sent at its intended start whether or
 * not earlier ones have completed, up to the in-flight limit; one that finds the limit reached
 * waits for a free place, keeps its intended start (so the wait shows), and is counted. The
 * windowed mode waits for a free place before it takes its slot, so it never bursts either.
 */
final class AsyncWorker extends Worker {
  private final AsyncDB async;
  private final OperationPlanner planner;
  private final Completions<InflightOperation> completions = new Completions<>();
  private final ArrayList<InflightOperation> waitingToRetry = new ArrayList<>();
  private InflightOperation[] slots;
  private InflightOperation[] free;
  private int freeCount;
  private WorkerRecorder recorder;
  private boolean stopIssuing;
  /** Whether calls were sent since the binding's buffer was last flushed. */
  private boolean unflushed;
  /** When the in-flight limit last stopped holding this worker back. */
  private long limitHeldUntil = Long.MIN_VALUE;
  private final Throttle.Idle idle = this::idle;
  private final Throttle.SkippedSlots skipped = this::skipped;
  private volatile long lastRecordedEndNanos;
  private volatile long discarded;
  private volatile long abandoned;
  private volatile long limitWaits;

  AsyncWorker(int id, PhaseSettings settings, DB binding, Workload workload, Properties props, Shared shared,
              WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    super(id, settings, binding, workload, props, shared, warmupRecorder, measuredRecorder);
    // checked before the phase is assembled; here only as the last line of defence
    this.async = (AsyncDB) binding;
    this.planner = (OperationPlanner) workload;
  }

  @Override
  int inflightNow() {
    // a plain read from the metrics thread: a gauge may be a moment old, and a volatile field would
    // cost a fenced write on every operation's start and completion
    InflightOperation[] s = slots;
    return s == null ? 0 : s.length - freeCount;
  }

  @Override
  void prepare(WorkerRecorder first) {
    int n = settings.inflight();
    slots = new InflightOperation[n];
    free = new InflightOperation[n];
    for (int i = 0; i < n; i++) {
      slots[i] = new InflightOperation(window, settings.measureIntended(), completions);
      free[i] = slots[i];
    }
    freeCount = n;
    recorder = first;
  }

  @Override
  void initialized() {
    // a binding whose I/O this thread runs: waiting for completions is running it
    completions.waitBy(async.workerIo());
  }

  @Override
  void recordInto(WorkerRecorder next) {
    recorder = next;
  }

  @Override
  long lastCallEndOrNow() {
    return System.nanoTime();
  }

  @Override
  Throttle.SkippedSlots skippedSlots() {
    return skipped;
  }

  @Override
  Throttle.Idle idle() {
    return idle;
  }

  private void skipped(long latenessNanos) {
    if (settings.measureIntended()) {
      recorder.recordOne(Operation.UNFINISHED, Outcome.INTENDED, latenessNanos);
    }
  }

  @Override
  boolean beforeSlot() {
    if (throttle != null && settings.throttleMode() == Throttle.Mode.WINDOWED) {
      // the windowed schedule never catches up: a slot is taken only when it can be sent
      return awaitFreeSlot();
    }
    return true;
  }

  @Override
  boolean perform(long intended) {
    if (!awaitFreeSlot()) {
      if (intended >= 0) {
        // its slot was due, but the limit held it until the end: it counts as unfinished
        skipped(Math.max(0, Math.min(System.nanoTime(), window.deadlineNanos()) - intended));
      }
      return false;
    }
    if (intended >= 0 && intended < limitHeldUntil) {
      // due while the in-flight limit held this worker back: its wait shows from its intended start
      limitWaits++;
    }
    InflightOperation s = free[--freeCount];
    s.busy = true;
    s.recorder = recorder;
    s.calls.intendedStart(intended);
    try {
      planner.plan(s.op, state, settings.load());
    } catch (RuntimeException e) {
      errors.report(settings.load() ? "workload insert" : "workload transaction", e);
      endOperation(s, true);
      return !workload.isStopRequested();
    }
    startCall(s);
    return !stopIssuing && !workload.isStopRequested();
  }

  /**
   * Handles completions (and due retries) until a place is free.
   *
   * @return false when the wait ended because the phase (or the warm-up) did
   */
  private boolean awaitFreeSlot() {
    if (freeCount > 0) {
      return true;
    }
    while (freeCount == 0) {
      if (warmingUp ? !warmupGoesOn() : window.isOver(System.nanoTime())) {
        return false;
      }
      idle(100_000_000L);
    }
    limitHeldUntil = System.nanoTime();
    return true;
  }

  /** Handles what has completed or is due, then sleeps until more completes, at most {@code maxNanos}. */
  private void idle(long maxNanos) {
    flush();
    if (handleCompletions() > 0) {
      // operations that completed at once (refused while a connection is down, say) still give a
      // binding whose I/O this thread runs its turn: that I/O is what brings the connection back
      completions.await(0);
      return;
    }
    long sleep = maxNanos;
    if (!waitingToRetry.isEmpty()) {
      sleep = Math.min(sleep, retryDue(System.nanoTime()));
    }
    completions.await(sleep);
    handleCompletions();
  }

  /** @return completed calls and due retries handled */
  private int handleCompletions() {
    int handled = 0;
    InflightOperation s = completions.takeAll();
    while (s != null) {
      InflightOperation next = s.nextCompleted;
      s.nextCompleted = null;
      completed(s);
      handled++;
      s = next;
    }
    if (!waitingToRetry.isEmpty()) {
      handled += sendDueRetries(System.nanoTime());
    }
    return handled;
  }

  private void startCall(InflightOperation s) {
    s.tries = 0;
    s.countSentBytes();
    s.callStartNanos = System.nanoTime();
    s.calls.callStarted(s.callStartNanos);
    send(s);
  }

  /** Sends the operation's current call; a binding that throws completes it at once as an error. */
  private void send(InflightOperation s) {
    if (s.sendTo(async)) {
      unflushed = true;
    }
  }

  /** Lets a buffering binding write what was sent since the last wait. */
  @Override
  void flush() {
    if (unflushed) {
      unflushed = false;
      try {
        async.flush();
      } catch (RuntimeException | LinkageError e) {
        errors.report("flush", e);
      }
    }
  }

  /** A call of the slot's operation completed: retry it, record it, and go on with the operation. */
  private void completed(InflightOperation s) {
    PlannedOperation op = s.op;
    Status status;
    if (s.failure != null) {
      Throwable cause = s.failure instanceof CompletionException && s.failure.getCause() != null
          ? s.failure.getCause() : s.failure;
      errors.report(op.call().label(), cause);
      status = Status.ERROR;
    } else {
      status = s.status == null ? Status.ERROR : s.status;
    }
    s.failure = null;
    s.status = status;
    if (settings.retries().retries(op.call(), status, s.tries, window)) {
      s.tries++;
      op.readResult().clear();
      op.scanResult().clear();
      RetryPolicy.rewind(op.values());
      long delayNanos = settings.retries().delayMillis() * 1_000_000L;
      if (delayNanos <= 0) {
        send(s);
      } else {
        scheduleRetry(s, delayNanos, false);
      }
      return;
    }
    s.calls.record(op.call(), status, s.callStartNanos, s.endNanos, s.tries, s.callBytes(status), s.recorder);
    afterCall(s, status);
  }

  private void afterCall(InflightOperation s, Status status) {
    PlannedOperation.Next next;
    try {
      next = planner.afterCall(s.op, status);
    } catch (RuntimeException e) {
      errors.report(settings.load() ? "workload insert" : "workload transaction", e);
      endOperation(s, false);
      return;
    }
    switch (next) {
      case CALL:
        startCall(s);
        break;
      case RETRY_LATER:
        scheduleRetry(s, s.op.retryDelayNanos(), true);
        break;
      case STOP:
        if (!workload.isStopRequested()) {
          stoppedOnFailedInsert = true;
          stopIssuing |= !settings.ignoreInsertErrors();
        }
        endOperation(s, false);
        break;
      default:
        endOperation(s, false);
        break;
    }
  }

  private void scheduleRetry(InflightOperation s, long delayNanos, boolean newCall) {
    s.retryAtNanos = System.nanoTime() + delayNanos;
    s.retryIsNewCall = newCall;
    waitingToRetry.add(s);
  }

  /** @return nanoseconds until the earliest retry is due (0 when one is due now) */
  private long retryDue(long now) {
    long first = Long.MAX_VALUE;
    for (int i = 0; i < waitingToRetry.size(); i++) {
      first = Math.min(first, waitingToRetry.get(i).retryAtNanos);
    }
    return Math.max(0, first - now);
  }

  private int sendDueRetries(long now) {
    int sent = 0;
    for (int i = waitingToRetry.size() - 1; i >= 0; i--) {
      InflightOperation s = waitingToRetry.get(i);
      if (s.retryAtNanos > now) {
        continue;
      }
      waitingToRetry.remove(i);
      sent++;
      if (window.isOver(now) || stopIssuing) {
        // no retry after the end: the operation ends with the outcome it has
        if (!s.retryIsNewCall) {
          s.calls.record(s.op.call(), s.status, s.callStartNanos, s.endNanos, s.tries, s.callBytes(s.status),
              s.recorder);
        }
        endOperation(s, false);
      } else if (s.retryIsNewCall) {
        startCall(s);
      } else {
        send(s);
      }
    }
    return sent;
  }

  /** Records the operation's compound entries and the operation itself, and frees its place. */
  private void endOperation(InflightOperation s, boolean failedWithoutCall) {
    PlannedOperation op = s.op;
    if (op.compound() != null) {
      s.calls.record(op.compound(), op.compoundStatus(), op.compoundStartNanos(), s.endNanos, 0, s.recorder);
    }
    if (op.verdict() != null) {
      s.calls.record(Operation.VERIFY, op.verdict(), op.verifyStartNanos(), op.verifyEndNanos(), 0, s.recorder);
    }
    if (op.stalenessNanos() >= 0) {
      long now = System.nanoTime();
      s.calls.record(Operation.STALE_READ, Status.OK, now - op.stalenessNanos(), now, 0, s.recorder);
    }
    s.calls.end(s.recorder, failedWithoutCall);
    long end = s.calls.lastRecordedEndNanos();
    if (end > lastRecordedEndNanos) {
      lastRecordedEndNanos = end;
    }
    s.busy = false;
    free[freeCount++] = s;
  }

  @Override
  void finishInflight() {
    long deadline = window.deadlineNanos();
    long giveUpAt = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline + settings.threadStopTimeoutNanos();
    long now;
    while (freeCount < slots.length && (now = System.nanoTime()) < giveUpAt) {
      idle(Math.min(100_000_000L, giveUpAt - now));
      deadline = window.deadlineNanos();
      if (deadline != Long.MAX_VALUE) {
        giveUpAt = Math.min(giveUpAt, deadline + settings.threadStopTimeoutNanos());
      }
    }
    long sum = 0;
    for (InflightOperation s : slots) {
      sum += s.calls.discardedAfterDeadline();
      if (s.busy) {
        abandon(s);
      }
    }
    discarded = sum;
  }

  /** An operation still in flight when the wait for it ended: counted, and shown at its lower bound. */
  private void abandon(InflightOperation s) {
    abandoned++;
    s.calls.recordUnfinished(s.recorder);
  }

  @Override
  long lastRecordedEndNanos() {
    return lastRecordedEndNanos;
  }

  @Override
  long discardedAfterDeadline() {
    return discarded;
  }

  @Override
  long claimInflight() {
    // the thread itself never waits inside a call; what it left in flight it accounted for
    return -1;
  }

  @Override
  long abandonedOperations() {
    return abandoned;
  }

  @Override
  long inflightLimitWaits() {
    return limitWaits;
  }
}
