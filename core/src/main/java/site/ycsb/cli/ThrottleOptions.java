package site.ycsb.cli;

import static site.ycsb.props.CoreProperties.*;

import java.util.Properties;
import site.ycsb.props.PropertyException;
import site.ycsb.props.Rates;
import site.ycsb.runner.Throttle;
import site.ycsb.runner.ThrottleSettings;
import site.ycsb.runner.profile.LoadProfile;
import site.ycsb.runner.profile.LoadProfiles;

/** Reads the throttle's settings: the target or its profile, the arrivals, the mode and its window. */
final class ThrottleOptions {
  private ThrottleOptions() {
  }

  /** @return whether the phase is throttled: a target or a profile */
  static boolean throttled(Properties p) {
    return TARGET.getDouble(p) > 0 || !TARGET_PROFILE.get(p).isBlank();
  }

  /**
   * @return the throttle's settings, or null without a target or profile
   * @throws PropertyException naming what is wrong
   */
  static ThrottleSettings read(Properties p) {
    double target = TARGET.getDouble(p);
    String profileText = TARGET_PROFILE.get(p);
    boolean windowed = "windowed".equals(THROTTLE_MODE.getChoice(p));
    boolean poisson = "poisson".equals(TARGET_ARRIVALS.getChoice(p));
    long windowNanos = (long) (window(p) * 1e6);
    long toleranceNanos = (long) (THROTTLE_TOLERANCE.getDouble(p) * 1e6);
    long seed = TARGET_SEED.getLong(p);
    if (profileText.isBlank() && target <= 0) {
      return null;
    }
    LoadProfile profile;
    if (!profileText.isBlank()) {
      if (target > 0) {
        throw new PropertyException("properties target=" + TARGET.get(p) + " and target.profile=" + profileText
            + " are both set: expected one of them (constant:RATE is a profile of one rate)");
      }
      profile = LoadProfiles.parse(profileText);
      if (profile.peakRate() <= 0) {
        throw PropertyException.invalid(TARGET_PROFILE.name(), profileText, "a profile whose rate is above 0 somewhere");
      }
    } else {
      if (!Rates.valid(target)) {
        throw PropertyException.invalid(TARGET.name(), TARGET.get(p), Rates.RANGE);
      }
      profile = LoadProfile.constant(target);
    }
    checkWarmupAgainst(profile, p);
    if (poisson && windowed) {
      throw new PropertyException("property target.arrivals=poisson cannot be used with throttlemode=windowed:"
          + " Poisson arrivals exceed a window's share by chance, which the windowed mode forbids; expected"
          + " target.arrivals=uniform or throttlemode=open");
    }
    ThrottleSettings settings = new ThrottleSettings(profile, windowed ? Throttle.Mode.WINDOWED : Throttle.Mode.OPEN,
        poisson, seed, windowNanos, toleranceNanos, THROTTLE_ALLOWANCE.getDouble(p) / 100);
    if (windowed && settings.mostPerWindow(THREADS.getInt(p)) > ThrottleSettings.MOST_PER_WINDOW) {
      throw PropertyException.invalid(THROTTLE_WINDOW_MS.name(), THROTTLE_WINDOW_MS.get(p),
          "a window that holds at most " + ThrottleSettings.MOST_PER_WINDOW
              + " operations at the peak rate (" + profile.peakRate() + " ops/s): a shorter window");
    }
    return settings;
  }

  /**
   * A profile that ends at rate 0 ends the load; the warm-up runs it from its beginning and the
   * measured window again, so a warm-up as long as the whole profile would leave its workers with
   * nothing to do before the window opens.
   */
  private static void checkWarmupAgainst(LoadProfile profile, Properties p) {
    double end = profile.endOfLoad();
    if (Double.isInfinite(end)) {
      return;
    }
    String profileText = TARGET_PROFILE.get(p);
    if (WARMUP_EXECUTION_TIME.getLong(p) >= end * 1000) {
      throw new PropertyException("property " + WARMUP_EXECUTION_TIME.name() + "=" + WARMUP_EXECUTION_TIME.get(p)
          + " (ms) lasts as long as target.profile=" + profileText + ", whose load ends after " + end
          + " s: expected a warm-up shorter than the profile (it runs the profile from its beginning)");
    }
    if (WARMUP_OPERATION_COUNT.getLong(p) >= profile.totalOperations()) {
      throw new PropertyException("property " + WARMUP_OPERATION_COUNT.name() + "=" + WARMUP_OPERATION_COUNT.get(p)
          + " is not less than the " + (long) Math.floor(profile.totalOperations()) + " operations target.profile="
          + profileText + " offers in all: expected fewer warm-up operations (the warm-up runs the profile from"
          + " its beginning)");
    }
  }

  /** @return the window in ms: throttle.window, or its older name throttlewindow */
  private static double window(Properties p) {
    boolean newName = THROTTLE_WINDOW_MS.isSet(p);
    boolean oldName = THROTTLE_WINDOW.isSet(p);
    if (newName && oldName && THROTTLE_WINDOW_MS.getDouble(p) != THROTTLE_WINDOW.getDouble(p)) {
      throw new PropertyException("properties throttle.window=" + THROTTLE_WINDOW_MS.get(p) + " and throttlewindow="
          + THROTTLE_WINDOW.get(p) + " differ: throttlewindow is the older name of throttle.window; expected one of them");
    }
    return oldName && !newName ? THROTTLE_WINDOW.getDouble(p) : THROTTLE_WINDOW_MS.getDouble(p);
  }
}
