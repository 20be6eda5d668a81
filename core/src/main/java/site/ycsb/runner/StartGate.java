package site.ycsb.runner;

import java.util.function.BooleanSupplier;

/**
 * Decides when the workers of a phase, all connected, start their operations: at once, at an
 * instant the user gave ({@code starttime}), or once every client process of a distributed phase
 * is ready (a start barrier). The runner asks it only after every worker's setup has succeeded,
 * so a client that says "ready" really is.
 */
public interface StartGate {
  /** Start as soon as every worker is connected. */
  StartGate NOW = stopRequested -> 0;

  /**
   * Waits until the start instant is known.
   *
   * @param stopRequested true once the phase has been asked to stop (Ctrl-C, SIGTERM): the wait
   *     must end soon after
   * @return the wall-clock instant to start at, epoch milliseconds; 0 or a past instant means now
   * @throws PhaseSetupException when the start was called off: another client was not ready in
   *     time, the coordinator went away, or the instant had already passed
   * @throws InterruptedException when the waiting thread is interrupted
   */
  long awaitStart(BooleanSupplier stopRequested) throws PhaseSetupException, InterruptedException;

  /**
   * Tells whoever coordinates the start that this client will not start (a worker could not
   * connect, the phase was interrupted), so the others need not wait for it.
   *
   * @param reason one line saying why
   */
  default void callOff(String reason) {
  }

  /** The phase has ended: whatever the gate still holds (a coordinator serving latecomers) can go. */
  default void phaseEnded() {
  }

  /**
   * @param epochMillis the instant every worker starts at, epoch milliseconds
   * @return a gate that opens at that instant, refusing one that had passed before all workers connected
   */
  static StartGate at(long epochMillis) {
    return stopRequested -> {
      long late = System.currentTimeMillis() - epochMillis;
      if (late > 0) {
        throw new PhaseSetupException("starttime " + epochMillis + " passed " + late
            + " ms before all workers were connected; choose a later start time");
      }
      return epochMillis;
    };
  }
}
