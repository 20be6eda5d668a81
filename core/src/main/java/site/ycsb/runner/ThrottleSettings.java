package site.ycsb.runner;

import site.ycsb.runner.profile.LoadProfile;

/**
 * What the throttle needs to know, already parsed and validated.
 *
 * @param profile the target over time ({@code -target} is a constant profile)
 * @param mode open or windowed schedule
 * @param poisson Poisson arrivals (exponential gaps) instead of even spacing
 * @param seed the seed of the Poisson arrivals
 * @param windowNanos the windowed mode's window ({@code throttle.window})
 * @param toleranceNanos how late a slot may start in the windowed mode ({@code throttle.tolerance})
 */
public record ThrottleSettings(LoadProfile profile, Throttle.Mode mode, boolean poisson, long seed,
                               long windowNanos, long toleranceNanos) {
  /** 100 ms, the window of the Thumbtack study. */
  public static final long DEFAULT_WINDOW_NANOS = 100_000_000L;
  /**
   * 50 ms, half the window: workers that woke late on a busy machine (tens of milliseconds when
   * it is shared), a collection; a schedule further behind has stalled.
   */
  public static final long DEFAULT_TOLERANCE_NANOS = 50_000_000L;
  /** The most starts one window may hold: the windowed mode remembers that many start times (32 MB). */
  public static final long MOST_PER_WINDOW = 1 << 22;

  /**
   * @param workers the phase's worker threads
   * @return the most starts a window can hold: the profile's peak share and one per worker
   */
  public long mostPerWindow(int workers) {
    return (long) Math.ceil(profile.peakRate() * windowNanos / 1e9) + workers + 1;
  }
}
