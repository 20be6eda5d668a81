package site.ycsb.workloads;

import site.ycsb.Status;
import site.ycsb.clock.Clock;

/**
 * The course of a planned operation from its first call to its end, written once for all that
 * make one: the blocking worker, the asynchronous worker, and a workload's own {@code doInsert}
 * and {@code doTransaction} on whatever DB they are handed ({@link OperationPlanner#makeNow}).
 * After each call it decides what comes next: the same call again after a pause (a failed call
 * the engine retries, counted as one call), the operation's next call, now or after a pause (a
 * load insert retried later), or the end. How a call is made and how a pause is waited for is the
 * maker's: the blocking loop here sleeps through both on the phase's clock; the asynchronous
 * worker keeps other operations going meanwhile.
 */
public final class OperationDriver {
  /** What comes after a call. */
  public enum Step {
    /** The operation's next call, now. */
    CALL,
    /** The operation's next call, after {@link PlannedOperation#retryDelayNanos()}. */
    CALL_LATER,
    /** The same call again, after the maker's pause between tries ({@link Calls#retryPauseNanos()}). */
    CALL_AGAIN,
    /** The operation is over. */
    DONE,
    /** The operation is over and failed in a way that ends the phase (a load insert given up). */
    STOP
  }

  /** The maker's part in an operation's calls: its retries of a failed call, and the outcome a call ends with. */
  public interface Calls {
    /**
     * The operation's current call completed; its outcome is the maker's.
     *
     * @param op the operation
     * @return true when the call is to be made again after {@link #retryPauseNanos()}; false when
     *     its outcome ({@link #status()}) stands
     */
    boolean completed(PlannedOperation op);

    /** @return the outcome the current call ended with, never null */
    Status status();

    /** @return the pause before a failed call is made again */
    long retryPauseNanos();

    /**
     * The workload failed to say what follows a call: the operation ends.
     *
     * @param e what it threw; the maker reports it, or throws it on
     */
    void workloadFailed(RuntimeException e);

    /**
     * The operation ends in a pause, without the call it waited for: the phase ended meanwhile, or
     * the thread was interrupted.
     *
     * @param op the operation
     * @param again whether the pause was before the same call again: then its outcome as it stands is final
     */
    void givenUp(PlannedOperation op, boolean again);
  }

  /** How a maker whose thread waits in each call and each pause makes the calls. */
  public interface BlockingCalls {
    /**
     * A new call of the operation is about to be made (not the same call again).
     *
     * @param op the operation, its call named
     */
    void starting(PlannedOperation op);

    /**
     * Makes the operation's current call, blocking; its outcome is kept for {@link Calls#completed}.
     *
     * @param op the operation
     */
    void make(PlannedOperation op);

    /** @return the clock a pause is waited on: the phase's */
    Clock clock();

    /** @return whether the operation goes on after a pause: false when the phase ended meanwhile */
    boolean goesOn();
  }

  private OperationDriver() {
  }

  /**
   * Decides what follows the operation's current call, which has completed.
   *
   * @param planner the workload that planned the operation; null when the call is the whole operation
   * @param op the operation
   * @param calls the maker's part
   * @return the next step
   */
  public static Step afterCall(OperationPlanner planner, PlannedOperation op, Calls calls) {
    if (calls.completed(op)) {
      return Step.CALL_AGAIN;
    }
    if (planner == null) {
      return Step.DONE;
    }
    PlannedOperation.Next next;
    try {
      next = planner.afterCall(op, calls.status());
    } catch (RuntimeException e) {
      calls.workloadFailed(e);
      return Step.DONE;
    }
    switch (next) {
      case CALL:
        return Step.CALL;
      case RETRY_LATER:
        op.clearResults();
        return Step.CALL_LATER;
      case STOP:
        return Step.STOP;
      default:
        return Step.DONE;
    }
  }

  /**
   * Makes the operation's calls one after another, the thread waiting in each call and pause,
   * until it ends.
   *
   * @param planner the workload that planned it; null when its one call is the whole operation
   * @param op the operation, its first call named
   * @param calls the maker's part in each call's outcome
   * @param blocking how its calls are made and its pauses waited for
   * @return {@link PlannedOperation.Next#STOP} when it ends the phase, else {@link PlannedOperation.Next#DONE}
   */
  public static PlannedOperation.Next make(OperationPlanner planner, PlannedOperation op, Calls calls,
                                           BlockingCalls blocking) {
    blocking.starting(op);
    while (true) {
      blocking.make(op);
      Step step = afterCall(planner, op, calls);
      switch (step) {
        case CALL:
          blocking.starting(op);
          continue;
        case DONE:
          return PlannedOperation.Next.DONE;
        case STOP:
          return PlannedOperation.Next.STOP;
        default:
          break;
      }
      boolean again = step == Step.CALL_AGAIN;
      if (!pause(blocking, again ? calls.retryPauseNanos() : op.retryDelayNanos())) {
        calls.givenUp(op, again);
        return PlannedOperation.Next.DONE;
      }
      if (!again) {
        blocking.starting(op);
      }
    }
  }

  /** @return whether the operation goes on after the pause */
  private static boolean pause(BlockingCalls calls, long nanos) {
    if (nanos <= 0) {
      return true;
    }
    try {
      calls.clock().sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return calls.goesOn();
  }
}
