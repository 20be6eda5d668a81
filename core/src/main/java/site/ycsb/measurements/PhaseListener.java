package site.ycsb.measurements;

/**
 * Receives what the sampler reads while a phase runs: status lines, time series and periodic
 * exports hang off this, never off the workers. It lives with the figures it carries, so what
 * watches a phase (results, objectives, live metrics) needs nothing of the runner that calls it.
 */
public interface PhaseListener {
  /**
   * One sampling interval ended.
   *
   * @param elapsedNanos time since the phase started to the instant this interval was read
   * @param intervalNanos length of this interval: from the previous read, or from the opening of
   *     the measured window for the first measured interval
   * @param interval what was recorded in it (measured window only)
   * @param total everything measured so far
   * @param warmingUp whether the phase is still in warm-up
   */
  void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                boolean warmingUp);

  /**
   * Every worker is connected and the phase waits for its start: an instant the user gave
   * ({@code starttime}) or the word of a start barrier. Called again when a barrier has told the
   * instant; followed by {@link #onStart} or, when the start is called off, {@link #onStartCalledOff}.
   *
   * @param startEpochMillis the instant the workers start at, epoch milliseconds; 0 while a
   *     start barrier has not told it yet
   */
  default void onAwaitingStart(long startEpochMillis) {
  }

  /** The phase waited for its start and will not start (a barrier called it off, an interrupt). */
  default void onStartCalledOff() {
  }

  /**
   * The workers have been released: the instant every elapsed time of this phase counts from.
   *
   * @param phaseStartEpochMillis that instant on the wall clock
   */
  default void onStart(long phaseStartEpochMillis) {
  }

  /**
   * The measured window opens now (after the warm-up, if any). Called by whichever thread opens
   * it, before any measured operation starts: take baselines here, quickly.
   */
  default void onMeasurementStart() {
  }

  /** The phase has ended; the last sample has been delivered. */
  default void onEnd() {
  }

  /** A listener that does nothing. */
  PhaseListener NONE = (elapsed, length, interval, total, warmingUp) -> { };

  /**
   * @param listeners listeners, in the order they hear each event
   * @return one listener that hands every event to each of them
   */
  static PhaseListener all(java.util.List<PhaseListener> listeners) {
    return new PhaseListener() {
      @Override
      public void onSample(long elapsed, long length, IntervalStats interval, IntervalStats total,
                           boolean warmingUp) {
        for (PhaseListener l : listeners) {
          l.onSample(elapsed, length, interval, total, warmingUp);
        }
      }

      @Override
      public void onAwaitingStart(long startEpochMillis) {
        listeners.forEach(l -> l.onAwaitingStart(startEpochMillis));
      }

      @Override
      public void onStartCalledOff() {
        listeners.forEach(PhaseListener::onStartCalledOff);
      }

      @Override
      public void onStart(long phaseStartEpochMillis) {
        listeners.forEach(l -> l.onStart(phaseStartEpochMillis));
      }

      @Override
      public void onMeasurementStart() {
        listeners.forEach(PhaseListener::onMeasurementStart);
      }

      @Override
      public void onEnd() {
        listeners.forEach(PhaseListener::onEnd);
      }
    };
  }
}
