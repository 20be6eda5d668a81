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
 * @param allowance the part of a window's share the windowed mode may start beyond it
 *     ({@code throttle.allowance}, 0.01 for 1%), on top of one start per worker
 */
public record ThrottleSettings(LoadProfile profile, Throttle.Mode mode, boolean poisson, long seed,
                               long windowNanos, long toleranceNanos, double allowance) {
  /** 100 ms, the window of the Thumbtack study. */
  public static final long DEFAULT_WINDOW_NANOS = 100_000_000L;
  /**
   * 50 ms, half the window: workers that woke late on a busy machine (tens of milliseconds when
   * it is shared), a collection; a schedule further behind has stalled.
   */
  public static final long DEFAULT_TOLERANCE_NANOS = 50_000_000L;
  /**
   * 10% of the share. Starts never come before their slots, so only a schedule that fell behind
   * uses it: its workers held off a busy machine's cores for a few ms, many times a second. It wins
   * its lateness back only as fast as windows may hold more than their share, and each start a full
   * window held back is late again by its worker's wake-up. With one start per worker (0.4% at
   * 20000/s and 8 workers) the lateness only grew until the slots past {@code throttle.tolerance}
   * were given up: 96-99% delivered on spun cores. 2% still gave 88-98% and 5% 97.8-99.9% where
   * the calls left little room; 10% catches up 10 ms per 100 ms window, and a burst it is not.
   */
  public static final double DEFAULT_ALLOWANCE = 0.10;
  /** The most starts one window may hold: the windowed mode remembers that many start times (32 MB). */
  public static final long MOST_PER_WINDOW = 1 << 22;

  /**
   * @param workers the phase's worker threads
   * @return the most starts a window can hold: the profile's peak share, its allowance and one per worker
   */
  public long mostPerWindow(int workers) {
    return (long) Math.ceil(profile.peakRate() * windowNanos / 1e9 * (1 + allowance)) + workers + 1;
  }
}
