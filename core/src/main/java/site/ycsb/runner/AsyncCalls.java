package site.ycsb.runner;

import java.util.function.BooleanSupplier;
import site.ycsb.AsyncDB;
import site.ycsb.clock.Clock;
import site.ycsb.workloads.OperationDriver;

/**
 * Carries an asynchronous worker's operations through the binding's asynchronous side, from their
 * first call to their end: sends each call, takes what completed ({@link Completions}), makes the
 * operation's next call or its retry (at once, or after a pause that keeps no thread asleep),
 * records the operation and frees its place. The worker's thread alone uses it, so recording keeps
 * one writer.
 */
final class AsyncCalls {
  private final AsyncDB async;
  private final OperationCycle cycle;
  private final Completions<OperationSlot> completions;
  private final PausedCalls paused = new PausedCalls();
  private final Places places;
  private final RetryPolicy retries;
  private final RunWindow window;
  private final Clock clock;
  private final ErrorLog errors;
  private final BooleanSupplier workloadStopped;
  private final boolean ignoreInsertErrors;
  /** Whether calls were sent since the binding's buffer was last flushed. */
  private boolean unflushed;
  /** Set when a failed insert stops the load ({@code ignoreinserterrors=false}): no operation starts after it. */
  private boolean stopIssuing;
  private volatile boolean stoppedOnFailedInsert;
  private volatile long lastRecordedEndNanos;

  AsyncCalls(AsyncDB async, OperationCycle cycle, Completions<OperationSlot> completions, Places places,
             PhaseSettings settings, RunWindow window, Clock clock, ErrorLog errors, BooleanSupplier workloadStopped) {
    this.async = async;
    this.cycle = cycle;
    this.completions = completions;
    this.places = places;
    this.retries = settings.retries();
    this.ignoreInsertErrors = settings.ignoreInsertErrors();
    this.window = window;
    this.clock = clock;
    this.errors = errors;
    this.workloadStopped = workloadStopped;
  }

  /** @return whether no retry waits out a pause */
  boolean noRetryPaused() {
    return paused.isEmpty();
  }

  /** @return how long until the first paused retry is due */
  long nanosUntilFirstRetry(long now) {
    return paused.nanosUntilFirst(now);
  }

  /** @return whether a failed insert stopped the phase for this worker: no operation starts after it */
  boolean stopIssuing() {
    return stopIssuing;
  }

  boolean stoppedOnFailedInsert() {
    return stoppedOnFailedInsert;
  }

  /** @return the end of the last call recorded inside the window */
  long lastRecordedEndNanos() {
    return lastRecordedEndNanos;
  }

  /** @return completed calls and due retries handled */
  int handleCompletions() {
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

  void startCall(OperationSlot s) {
    s.callStarting();
    send(s);
  }

  /** Sends the operation's current call; a binding that throws completes it at once as an error. */
  private void send(OperationSlot s) {
    // plain stores, read by the completing thread after the send publishes the call
    s.followedUp = s.op.isFollowedUp();
    s.retriable = s.tries < retries.retries(s.op.call());
    if (s.sendTo(async)) {
      unflushed = true;
    }
  }

  /** Lets a buffering binding write what was sent since the last wait. */
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
        if (!workloadStopped.getAsBoolean()) {
          stoppedOnFailedInsert = true;
          stopIssuing |= !ignoreInsertErrors;
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

  /** Frees the place of an operation that ended, recorded. */
  void freePlace(OperationSlot s) {
    long end = s.calls.lastRecordedEndNanos();
    if (end > lastRecordedEndNanos) {
      lastRecordedEndNanos = end;
    }
    places.release(s);
  }
}
