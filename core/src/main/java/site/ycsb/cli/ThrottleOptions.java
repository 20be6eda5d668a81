package site.ycsb.cli;

import static site.ycsb.props.CoreProperties.*;

import java.util.Properties;
import site.ycsb.props.PropertyException;
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
      profile = LoadProfile.constant(target);
    }
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
