package site.ycsb.runner;

import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.OperationDriver;
import site.ycsb.workloads.OperationPlanner;

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
  private final OperationCycle cycle;
  private final Completions<OperationSlot> completions;
  private final PausedCalls paused = new PausedCalls();
  private OperationSlot[] slots;
  private OperationSlot[] free;
  private int freeCount;
  private WorkerRecorder recorder;
  private boolean stopIssuing;
  /** Whether calls were sent since the binding's buffer was last flushed. */
  private boolean unflushed;
  /** When the in-flight limit last stopped holding this worker back. */
  private long limitHeldUntil = Long.MIN_VALUE;
  /**
   * How many completions wake this worker when every place is taken: without a target, an eighth of
   * its places, so that it refills them in batches rather than waking for each one (a thread
   * hand-off per operation was the largest cost the engine added to a driver); with one, a single
   * completion, as a slot due must find its place at once.
   */
  private int refillBatch = 1;
  /** How long a worker with every place taken waits for a whole batch before it takes what came back. */
  static final long BATCH_WAIT_NANOS = 1_000_000L;
  private final Throttle.Idle untilSlot = this::untilSlot;
  private final Throttle.SkippedSlots skipped = this::skipped;
  private volatile long lastRecordedEndNanos;
  private volatile long discarded;
  private volatile long abandoned;
  private volatile long limitWaits;

  AsyncWorker(int id, PhaseSettings settings, DB binding, Workload workload, WorkersShared shared,
              WorkerRecorder warmupRecorder, WorkerRecorder measuredRecorder) {
    super(id, settings, binding, workload, shared, warmupRecorder, measuredRecorder);
    // checked before the phase is assembled; here only as the last line of defence
    this.async = (AsyncDB) binding;
    this.completions = new Completions<>(clock);
    this.cycle = new OperationCycle((OperationPlanner) workload, settings.retries(), window, errors, settings.load(),
        capture);
  }

  @Override
  int inflightNow() {
    // a plain read from the metrics thread: a gauge may be a moment old, and a volatile field would
    // cost a fenced write on every operation's start and completion
    OperationSlot[] s = slots;
    return s == null ? 0 : s.length - freeCount;
  }

  @Override
  void prepare(WorkerRecorder first) {
    int n = settings.inflight();
    slots = new OperationSlot[n];
    free = new OperationSlot[n];
    for (int i = 0; i < n; i++) {
      // the worker alone records its operations: a cut-off operation is always its own to record
      slots[i] = new OperationSlot(new OperationCalls(window, settings.measureIntended(), () -> true), completions,
          clock, cycle);
      free[i] = slots[i];
    }
    freeCount = n;
    recorder = first;
    refillBatch = throttle.paces() ? 1 : Math.max(1, n / 8);
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
    return clock.nanoTime();
  }

  @Override
  Throttle.SkippedSlots skippedSlots() {
    return skipped;
  }

  @Override
  Throttle.Idle idle() {
    return untilSlot;
  }

  /**
   * Waits for the next slot of the schedule. While a place is free nothing that completes needs
   * this thread before the slot: completions are taken in one batch when it comes, not with a
   * wake-up each (a thread hand-off per operation, the largest cost the engine added to a driver
   * at a fixed rate). A full in-flight limit or a retry due wakes it as before.
   */
  private void untilSlot(long maxNanos) {
    if (freeCount == 0 || !paused.isEmpty()) {
      idle(maxNanos);
      return;
    }
    flush();
    handleCompletions();
    completions.sleepThrough(maxNanos);
  }

  private void skipped(long latenessNanos) {
    if (settings.measureIntended()) {
      recorder.recordOne(Operation.UNFINISHED, Outcome.INTENDED, latenessNanos);
    }
  }

  @Override
  boolean beforeSlot() {
    if (throttle.windowed()) {
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
        skipped(Math.max(0, Math.min(clock.nanoTime(), window.deadlineNanos()) - intended));
      }
      return false;
    }
    if (intended >= 0 && intended < limitHeldUntil) {
      // due while the in-flight limit held this worker back: its wait shows from its intended start
      limitWaits++;
    }
    OperationSlot s = free[--freeCount];
    s.busy = true;
    s.recorder = recorder;
    s.calls.intendedStart(intended);
    nextOperation();
    if (!cycle.plan(s, state, settings.load())) {
      cycle.end(s, true);
      freePlace(s);
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
    // a batch is waited for in short turns: each turn first takes what came back, so a server that
    // holds its next reply until this client acknowledges the last (Nagle's algorithm on its side,
    // as CouchbaseMock has it) holds the places for one turn, not for the delayed acknowledgement
    // (40 ms); turns that found nothing grow, so a slow server does not wake the worker for nothing
    long turn = refillBatch > 1 ? BATCH_WAIT_NANOS : 100_000_000L;
    while (freeCount == 0) {
      if (warmingUp ? !warmupGoesOn() : window.isOver(clock.nanoTime())) {
        return false;
      }
      idle(turn, refillBatch);
      turn = Math.min(2 * turn, 100_000_000L);
    }
    limitHeldUntil = clock.nanoTime();
    return true;
  }

  /** Handles what has completed or is due, then sleeps until more completes, at most {@code maxNanos}. */
  private void idle(long maxNanos) {
    idle(maxNanos, 1);
  }

  /**
   * Handles what has completed or is due, then sleeps until {@code batch} more complete, at most
   * {@code maxNanos}.
   */
  private void idle(long maxNanos, int batch) {
    flush();
    if (handleCompletions() > 0) {
      // operations that completed at once (refused while a connection is down, say) still give a
      // binding whose I/O this thread runs its turn: that I/O is what brings the connection back
      completions.await(0);
      return;
    }
    long sleep = maxNanos;
    if (!paused.isEmpty()) {
      // a place held by a retry is not in flight: nothing may be sure to come
      sleep = Math.min(sleep, paused.nanosUntilFirst(clock.nanoTime()));
      batch = 1;
    }
    completions.await(sleep, batch);
    handleCompletions();
  }

  /** @return completed calls and due retries handled */
  private int handleCompletions() {
    int handled = 0;
    OperationSlot s = completions.takeAll();
    while (s != null) {
      OperationSlot next = s.nextCompleted;
      s.nextCompleted = null;
      completed(s);
      handled++;
      s = next;
    }
    if (!paused.isEmpty()) {
      handled += sendDueRetries(clock.nanoTime());
    }
    return handled;
  }

  private void startCall(OperationSlot s) {
    s.callStarting();
    send(s);
  }

  /** Sends the operation's current call; a binding that throws completes it at once as an error. */
  private void send(OperationSlot s) {
    // plain stores, read by the completing thread after the send publishes the call
    s.followedUp = s.op.isFollowedUp();
    s.retriable = s.tries < settings.retries().retries(s.op.call());
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

  /** A call of the slot's operation completed: its course goes on ({@link OperationDriver}). */
  private void completed(OperationSlot s) {
    switch (OperationDriver.afterCall(cycle.planner(), s.op, s)) {
      case CALL:
        startCall(s);
        break;
      case CALL_AGAIN:
        after(s, s.retryPauseNanos(), false);
        break;
      case CALL_LATER:
        after(s, s.op.retryDelayNanos(), true);
        break;
      case STOP:
        if (!workload.isStopRequested()) {
          stoppedOnFailedInsert = true;
          stopIssuing |= !settings.ignoreInsertErrors();
        }
        endOperation(s);
        break;
      default:
        endOperation(s);
        break;
    }
  }

  /** Makes the slot's call (a new one, or the same again) after a pause that keeps no thread asleep. */
  private void after(OperationSlot s, long delayNanos, boolean newCall) {
    if (delayNanos > 0) {
      paused.add(s, clock.nanoTime() + delayNanos, newCall);
    } else if (newCall) {
      startCall(s);
    } else {
      send(s);
    }
  }

  /** Sends the paused calls that are due: none after the end, when the operation ends with what it has. */
  private int sendDueRetries(long now) {
    int sent = 0;
    OperationSlot s;
    while ((s = paused.takeDue(now)) != null) {
      sent++;
      if (window.isOver(now) || stopIssuing) {
        s.givenUp(s.op, !s.retryIsNewCall);
        endOperation(s);
      } else if (s.retryIsNewCall) {
        startCall(s);
      } else {
        send(s);
      }
    }
    return sent;
  }

  /** Records the operation and frees its place. */
  private void endOperation(OperationSlot s) {
    cycle.end(s, false);
    freePlace(s);
  }

  private void freePlace(OperationSlot s) {
    long end = s.calls.lastRecordedEndNanos();
    if (end > lastRecordedEndNanos) {
      lastRecordedEndNanos = end;
    }
    s.busy = false;
    free[freeCount++] = s;
  }

  @Override
  void completeWarmup() {
    long giveUpAt = clock.nanoTime() + settings.threadStopTimeoutNanos();
    long now;
    while (freeCount < slots.length && !window.stopRequested() && (now = clock.nanoTime()) < giveUpAt) {
      idle(Math.min(100_000_000L, giveUpAt - now));
    }
  }

  @Override
  void finishInflight() {
    long deadline = window.deadlineNanos();
    long giveUpAt = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline + settings.threadStopTimeoutNanos();
    long now;
    while (freeCount < slots.length && (now = clock.nanoTime()) < giveUpAt) {
      idle(Math.min(100_000_000L, giveUpAt - now));
      deadline = window.deadlineNanos();
      if (deadline != Long.MAX_VALUE) {
        giveUpAt = Math.min(giveUpAt, deadline + settings.threadStopTimeoutNanos());
      }
    }
    long sum = 0;
    for (OperationSlot s : slots) {
      sum += s.calls.discardedAfterDeadline();
      if (s.busy) {
        abandon(s);
      }
    }
    discarded = sum;
  }

  /** An operation still in flight when the wait for it ended: counted, and shown at its lower bound. */
  private void abandon(OperationSlot s) {
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
