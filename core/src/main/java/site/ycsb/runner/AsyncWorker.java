package site.ycsb.runner;

import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.WorkerIo;
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
 * or frees its place ({@link AsyncCalls}). Everything is recorded on this thread, so recording
 * stays single-writer.
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
  /** Set on the worker's thread before the phase starts; read plainly by live metrics. */
  private Places places;
  /** What carries the operations' calls; made with the places. */
  private AsyncCalls calls;
  private WorkerRecorder recorder;
  /** When the in-flight limit last stopped holding this worker back. */
  private long limitHeldUntil = Long.MIN_VALUE;
  /**
   * How many completions wake this worker when every place is taken ({@link #refillBatch(int,
   * boolean, boolean)}).
   */
  private int refillBatch = 1;
  /** How long a worker with every place taken waits for a whole batch before it takes what came back. */
  static final long BATCH_WAIT_NANOS = 1_000_000L;
  /** How many waits for a free place refill on every completion after a batch came back short. */
  static final int SINGLE_REFILLS_AFTER_SHORT_BATCH = 1024;
  /** Waits for a free place still to refill on every completion; see {@link #awaitFreeSlot}. */
  private int singleRefills;
  private final Throttle.Idle untilSlot = this::untilSlot;
  private final Throttle.SkippedSlots skipped = this::skipped;
  /** Set by a stand-in whose operation found the phase stopped; read by the worker when it wakes. */
  private boolean standInStopped;
  /** What a stand-in threw, for the worker to throw on its own thread. */
  private Throwable standInFailure;
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
  public int inflightNow() {
    // a plain read from the metrics thread: a gauge may be a moment old, and a volatile field would
    // cost a fenced write on every operation's start and completion
    Places p = places;
    return p == null ? 0 : p.inUse();
  }

  @Override
  void prepare(WorkerRecorder first) {
    int n = settings.inflight();
    // the worker's part alone records its operations: a cut-off operation is always its own to record
    places = new Places(n, i -> new OperationSlot(new OperationCalls(window, settings.measureIntended(), () -> true),
        completions, clock, cycle));
    calls = new AsyncCalls(async, cycle, completions, places, settings, window, clock, errors,
        workload::isStopRequested);
    recorder = first;
  }

  @Override
  void initialized() {
    // a binding whose I/O this thread runs: waiting for completions is running it
    WorkerIo io = async.workerIo();
    completions.waitBy(io);
    refillBatch = refillBatch(settings.inflight(), throttle.paces(), io != null);
    if (io == null && !paced() && async.callableFromCompletions()) {
      completions.lendTurnTo(this::standIn);
    }
  }

  /**
   * Stands in for this worker on a thread that completed one of its operations while the worker
   * sleeps with every place in flight (no schedule): records what completed and fills the free
   * places as the worker would, one step of the part that runs (warm-up or measured) each, and
   * sends them. The driver's thread then writes the requests itself, and nothing wakes the worker.
   * Whatever ends the part, a retry to wait for or a failure, is the worker's again. The warm-up
   * lends its turn too, so that what it warms up is what the measured part runs.
   *
   * @return true when the worker may sleep on
   */
  private boolean standIn() {
    return asThisWorker(() -> {
      try {
        calls.handleCompletions();
        if (!calls.noRetryPaused()) {
          return false;
        }
        while (places.anyFree()) {
          PartStep step = step();
          if (step != PartStep.GOES_ON) {
            standInStopped = step == PartStep.STOPPED;
            return false;
          }
        }
        return true;
      } catch (RuntimeException | Error e) {
        standInFailure = e;
        return false;
      } finally {
        flush();
      }
    });
  }

  /**
   * How many completions a worker with every place taken waits for before it refills them. With a
   * target, one: a slot due must find its place at once. Without one, a batch, so that the worker
   * does not wake for each completion; a batch leaves that many places empty meanwhile, so it is
   * as small as the cost of a wake-up allows. When the driver's threads complete the operations,
   * each batch costs a thread hand-off (a wake-up of the worker, and of the driver's thread for the
   * requests it then sends), the largest cost the engine added to such a driver: a quarter of the
   * places (against HBase, 16 places: a third more operations a second at a sixth less CPU per
   * operation than with an eighth, docs/performance.md). When the worker runs the binding's I/O
   * itself, nothing wakes it: it refills after each turn of its loop that brought completions, as
   * a driver's own loop sends again on each answer, so its pipeline stays full and no turn of the
   * loop is spent waiting for more (against Redis a sixth less CPU per operation than waiting for
   * an eighth of the places, and more operations a second).
   *
   * @param places the worker's places ({@code -inflight})
   * @param paced whether a target paces the operations
   * @param workerRunsIo whether this thread runs the binding's I/O ({@link WorkerIo})
   * @return the batch, at least 1
   */
  static int refillBatch(int places, boolean paced, boolean workerRunsIo) {
    if (paced) {
      return 1;
    }
    return workerRunsIo ? 1 : Math.max(1, places / 4);
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
    if (!places.anyFree() || !calls.noRetryPaused()) {
      idle(maxNanos, 1);
      return;
    }
    flush();
    calls.handleCompletions();
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
    OperationSlot s = places.take();
    s.recorder = recorder;
    s.calls.intendedStart(intended);
    nextOperation();
    if (!cycle.plan(s, state, settings.load())) {
      cycle.end(s, true);
      calls.freePlace(s);
      return !workload.isStopRequested();
    }
    calls.startCall(s);
    return !calls.stopIssuing() && !workload.isStopRequested();
  }

  /**
   * Handles completions (and due retries) until a place is free.
   *
   * @return false when the wait ended because the phase (or the warm-up) did
   */
  private boolean awaitFreeSlot() {
    if (places.anyFree()) {
      return true;
    }
    // a batch is waited for in short turns: each turn first takes what came back, so a server that
    // holds its next reply until this client acknowledges the last (Nagle's algorithm on its side,
    // as CouchbaseMock has it) holds the places for one turn, not for the delayed acknowledgement
    // (40 ms); turns that found nothing grow, so a slow server does not wake the worker for nothing.
    // A turn that ran out with part of a batch back is such a server, or one slower than the turn:
    // either way waiting for batches costs throughput there, so the next waits refill on every
    // completion (the next request carries the acknowledgement at once), then batches are tried again
    int batch = refillBatch;
    if (singleRefills > 0) {
      singleRefills--;
      batch = 1;
    }
    long turn = batch > 1 ? BATCH_WAIT_NANOS : 100_000_000L;
    while (!places.anyFree()) {
      long began = clock.nanoTime();
      if (warmingUp ? !warmupGoesOn() : window.isOver(began)) {
        return false;
      }
      int back = idle(turn, batch, completions.lends());
      if (standInFailure != null) {
        throwStandInFailure();
      }
      if (standInStopped) {
        return false;
      }
      if (batch > 1 && back > 0 && back < batch && clock.nanoTime() - began >= turn) {
        singleRefills = SINGLE_REFILLS_AFTER_SHORT_BATCH;
      }
      turn = Math.min(2 * turn, 100_000_000L);
    }
    limitHeldUntil = clock.nanoTime();
    return true;
  }

  /** Throws on the worker's thread what a stand-in threw, as if the worker had. */
  private void throwStandInFailure() {
    Throwable failure = standInFailure;
    standInFailure = null;
    if (failure instanceof Error e) {
      throw e;
    }
    throw (RuntimeException) failure;
  }

  /**
   * Handles what has completed or is due, then sleeps until {@code batch} more complete, at most
   * {@code maxNanos}.
   *
   * @return how many completed while it slept (0 when it found some at once and did not sleep)
   */
  private int idle(long maxNanos, int batch) {
    return idle(maxNanos, batch, false);
  }

  /** @param lend whether completing threads may stand in for this worker while it sleeps */
  private int idle(long maxNanos, int batch, boolean lend) {
    flush();
    if (calls.handleCompletions() > 0) {
      // operations that completed at once (refused while a connection is down, say) still give a
      // binding whose I/O this thread runs its turn: that I/O is what brings the connection back
      completions.await(0);
      return 0;
    }
    long sleep = maxNanos;
    boolean retryPaused = !calls.noRetryPaused();
    if (retryPaused) {
      // a place held by a retry is not in flight: nothing may be sure to come
      sleep = Math.min(sleep, calls.nanosUntilFirstRetry(clock.nanoTime()));
      batch = 1;
    }
    if (lend && !retryPaused) {
      completions.lend(sleep, batch);
    } else {
      completions.await(sleep, batch);
    }
    return calls.handleCompletions();
  }

  @Override
  void completeWarmup() {
    awaitInflight(clock.nanoTime() + settings.threadStopTimeoutNanos(), false);
  }

  @Override
  void finishInflight() {
    awaitInflight(Long.MAX_VALUE, true);
    // one still in flight when the wait for it ended: counted, and shown at its lower bound
    discarded = places.end(s -> {
      abandoned++;
      s.calls.recordUnfinished(s.recorder);
    });
  }

  /**
   * Handles completions until every place is free, or until {@code giveUpAt}; at the end of the
   * phase also until its deadline (which a stop may bring forward) and {@code threadstoptimeout}.
   */
  private void awaitInflight(long giveUpAt, boolean atEnd) {
    long now;
    while (!places.allFree() && (atEnd || !window.stopRequested())) {
      long deadline = window.deadlineNanos();
      if (atEnd && deadline != Long.MAX_VALUE) {
        giveUpAt = Math.min(giveUpAt, deadline + settings.threadStopTimeoutNanos());
      }
      if ((now = clock.nanoTime()) >= giveUpAt) {
        return;
      }
      idle(Math.min(100_000_000L, giveUpAt - now), 1);
    }
  }

  @Override
  public long lastRecordedEndNanos() {
    return calls.lastRecordedEndNanos();
  }

  @Override
  public long discardedAfterDeadline() {
    return discarded;
  }

  @Override
  public long claimInflight() {
    // the thread itself never waits inside a call; what it left in flight it accounted for
    return -1;
  }

  @Override
  void flush() {
    calls.flush();
  }

  @Override
  boolean stoppedOnFailedInsert() {
    return calls.stoppedOnFailedInsert();
  }

  @Override
  public long abandonedOperations() {
    return abandoned;
  }

  @Override
  public long inflightLimitWaits() {
    return limitWaits;
  }
}
