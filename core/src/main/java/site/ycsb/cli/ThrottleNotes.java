package site.ycsb.cli;

import static site.ycsb.props.CoreProperties.*;

import java.io.PrintStream;
import java.util.List;
import java.util.Properties;
import site.ycsb.props.PropertyDef;

/**
 * One note for each throttle setting that has no effect in the phase: the arrivals, the seed or
 * the windowed mode without a target, and the window's settings with the open mode. Notes, not
 * errors: a workload file carries them for the run phase, where {@code -target} gives the rate,
 * and the load phase (or an experiment's unthrottled run) reads the same file without one.
 */
final class ThrottleNotes {
  /** The settings of the windowed mode alone. */
  private static final List<PropertyDef> WINDOWED = List.of(THROTTLE_WINDOW_MS, THROTTLE_WINDOW, THROTTLE_TOLERANCE,
      THROTTLE_ALLOWANCE);

  private ThrottleNotes() {
  }

  /**
   * @param p the phase's properties, already checked
   * @param err receives the notes
   */
  static void print(Properties p, PrintStream err) {
    boolean poisson = "poisson".equals(TARGET_ARRIVALS.getChoice(p));
    boolean windowed = "windowed".equals(THROTTLE_MODE.getChoice(p));
    if (!ThrottleOptions.throttled(p)) {
      String needs = "without a target: it is used with -target N (target) or target.profile";
      if (poisson) {
        note(err, TARGET_ARRIVALS.name() + "=poisson", needs);
      }
      if (TARGET_SEED.isSet(p)) {
        note(err, TARGET_SEED.name(), needs + ", and target.arrivals=poisson");
      }
      if (windowed) {
        note(err, THROTTLE_MODE.name() + "=windowed", needs);
      }
      for (PropertyDef d : WINDOWED) {
        if (d.isSet(p)) {
          note(err, d.name(), needs + ", and throttlemode=windowed");
        }
      }
      return;
    }
    if (!windowed) {
      for (PropertyDef d : WINDOWED) {
        if (d.isSet(p)) {
          note(err, d.name(), "with throttlemode=open: it is used with throttlemode=windowed");
        }
      }
    }
    if (!poisson && TARGET_SEED.isSet(p)) {
      note(err, TARGET_SEED.name(), "with target.arrivals=uniform: it seeds target.arrivals=poisson");
    }
  }

  private static void note(PrintStream err, String setting, String why) {
    err.println("NOTE: " + setting + " has no effect " + why);
  }
}
