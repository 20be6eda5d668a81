package site.ycsb.runner;

import site.ycsb.measurements.PhaseListener;

/**
 * The wait between every worker being connected and their release: first for the start gate to
 * tell the instant (a start barrier), then until that instant ({@code starttime}). The listener
 * hears of it, so that a status line can say why nothing runs yet.
 */
final class StartWait {
  private final StartGate gate;
  private final long announcedStartEpochMillis;
  private final RunWindow window;
  private final PhaseListener listener;

  /**
   * @param gate decides the instant
   * @param announcedStartEpochMillis the instant known before the gate is asked (starttime), or 0
   *     when only the gate knows it
   * @param window whose stop request ends the wait
   * @param listener told when the wait begins, when the instant becomes known and when the start
   *     is called off
   */
  StartWait(StartGate gate, long announcedStartEpochMillis, RunWindow window, PhaseListener listener) {
    this.gate = gate;
    this.announcedStartEpochMillis = announcedStartEpochMillis;
    this.window = window;
    this.listener = listener;
  }

  /**
   * Waits until the workers may start.
   *
   * @throws PhaseSetupException when the gate called the start off or the phase was asked to stop
   * @throws InterruptedException when the waiting thread is interrupted
   */
  void await() throws PhaseSetupException, InterruptedException {
    // the usual case, start at once, is no wait worth a word
    boolean waits = gate != StartGate.NOW;
    try {
      if (waits) {
        listener.onAwaitingStart(announcedStartEpochMillis);
      }
      long startAt = gate.awaitStart(window::stopRequested);
      if (waits && startAt != announcedStartEpochMillis && startAt > window.clock().epochMillis()) {
        listener.onAwaitingStart(startAt);
      }
      if (!sleepUntilEpochMillis(startAt)) {
        throw new PhaseSetupException("interrupted while waiting for the start; nothing was measured");
      }
    } catch (PhaseSetupException | InterruptedException | RuntimeException e) {
      if (waits) {
        listener.onStartCalledOff();
      }
      throw e;
    }
  }

  /**
   * Sleeps until the wall-clock instant, waking early only for a stop request.
   *
   * @return false when the phase was asked to stop during the wait
   */
  private boolean sleepUntilEpochMillis(long epochMillis) throws InterruptedException {
    site.ycsb.clock.Clock clock = window.clock();
    long left;
    while ((left = epochMillis - clock.epochMillis()) > 2) {
      if (window.stopRequested()) {
        return false;
      }
      clock.sleep(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(Math.min(left - 1, 100)));
    }
    // the last milliseconds: the machine's sleeps are too coarse, so it spins; a simulated clock
    // moves only while the thread waits on it, so there the thread sleeps them
    while ((left = epochMillis - clock.epochMillis()) > 0) {
      if (clock == site.ycsb.clock.Clock.SYSTEM) {
        Thread.onSpinWait();
      } else {
        clock.sleep(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(left));
      }
    }
    return !window.stopRequested();
  }
}
