package site.ycsb.runner;

import java.util.concurrent.CompletionException;
import site.ycsb.Status;
import site.ycsb.measurements.Operation;
import site.ycsb.workloads.OperationPlanner;
import site.ycsb.workloads.PlannedOperation;

/**
 * The engine's part in an operation, decided in one place for both workers: its plan, what a
 * failed call's outcome is, whether it is retried, how a call is recorded, and what is recorded
 * when the operation ends (its calls, and what it noted besides: a read-modify-write as a whole, a
 * check of values read, a stale read). The course from one call to the next is the
 * {@link site.ycsb.workloads.OperationDriver}'s, which the blocking worker and the asynchronous
 * worker follow and differ only in how they wait: one sleeps through a call and a retry's pause,
 * the other keeps other operations going meanwhile.
 */
final class OperationCycle {
  private final OperationPlanner planner;
  private final RetryPolicy retries;
  private final RunWindow window;
  private final ErrorLog errors;
  private final String workloadStep;
  /** The worker's capture ({@code capture}); null without one. */
  private final OperationCapture capture;

  /**
   * @param planner the workload, when it plans its operations; else null (its calls come through a
   *     {@code DB} it is handed)
   * @param retries how failed calls are retried
   * @param window the phase's window: no retry after its end
   * @param errors where failures are reported
   * @param load whether the phase loads (names the workload's step in error reports)
   * @param capture where the worker captures its operations; null for nowhere
   */
  OperationCycle(OperationPlanner planner, RetryPolicy retries, RunWindow window, ErrorLog errors, boolean load,
                 OperationCapture capture) {
    this.capture = capture;
    this.planner = planner;
    this.retries = retries;
    this.window = window;
    this.errors = errors;
    this.workloadStep = load ? "workload insert" : "workload transaction";
  }

  /**
   * Has the workload plan the slot's next operation.
   *
   * @return false when the workload failed to (reported; the operation is to end as failed without a call)
   */
  boolean plan(OperationSlot s, Object workerState, boolean load) {
    s.op.clear();
    try {
      planner.plan(s.op, workerState, load);
      return true;
    } catch (RuntimeException e) {
      workloadFailed(e);
      return false;
    }
  }

  /** @return whether operations are captured: their slots then keep what the capture needs */
  boolean captures() {
    return capture != null;
  }

  /** @return the workload, when it plans its operations; else null */
  OperationPlanner planner() {
    return planner;
  }

  /** Reports the workload's own failure (not a call's). */
  void workloadFailed(RuntimeException e) {
    errors.report(workloadStep, e);
  }

  /**
   * The slot's current call completed (its outcome in the slot): decides whether it is made again
   * and, when not, records it.
   *
   * @return true when the call is to be made again after {@link #retryDelayNanos()}
   */
  boolean callCompleted(OperationSlot s) {
    Status status;
    if (s.failure != null) {
      Throwable cause = s.failure instanceof CompletionException && s.failure.getCause() != null
          ? s.failure.getCause() : s.failure;
      errors.report(s.op.call().label(), cause);
      status = Status.ERROR;
    } else {
      status = s.status == null ? Status.ERROR : s.status;
    }
    if (s.failure != null) {
      s.failure = null;
    }
    if (s.status != status) {
      s.status = status;
    }
    if (retries.retries(s.op.call(), status, s.tries, window)) {
      s.tries++;
      s.op.clearResults();
      RetryPolicy.rewind(s.op.values());
      return true;
    }
    recordCall(s);
    return false;
  }

  /** @return the pause before a failed call is made again */
  long retryDelayNanos() {
    return retries.delayMillis() * 1_000_000L;
  }

  /** Records the slot's current call with the outcome it has (a retry given up at the end, say). */
  void recordCall(OperationSlot s) {
    long bytes = s.callBytes();
    s.calls.record(s.op.call(), s.status, s.callStartNanos, s.endNanos, s.tries, bytes, s.recorder);
    if (capture != null) {
      s.captured.callRecorded(s.op, s.status != null && s.status.isOk(), bytes, capture.checksum);
    }
  }

  /**
   * Ends the slot's operation: records what it noted besides its calls, then the operation.
   *
   * @param failedWithoutCall whether the workload itself failed before any call
   */
  void end(OperationSlot s, boolean failedWithoutCall) {
    recordNoted(s.op, s);
    s.calls.end(s.recorder, failedWithoutCall);
    if (capture != null) {
      capture.write(s);
    }
  }

  /**
   * Records what an operation noted besides its calls into the slot's calls: a compound entry ending
   * with the last call, the check of values read, a stale read.
   *
   * @param op the operation that noted them (the slot's own, or a workload's that made its calls through the slot)
   */
  void recordNoted(PlannedOperation op, OperationSlot s) {
    if (op.compound() != null) {
      s.calls.record(op.compound(), op.compoundStatus(), op.compoundStartNanos(), s.endNanos, 0, s.recorder);
    }
    if (op.verdict() != null) {
      s.calls.record(Operation.VERIFY, op.verdict(), op.verifyStartNanos(), op.verifyEndNanos(), 0, s.recorder);
    }
    if (op.stalenessNanos() >= 0) {
      long now = window.clock().nanoTime();
      s.calls.record(Operation.STALE_READ, Status.OK, now - op.stalenessNanos(), now, 0, s.recorder);
    }
  }
}
