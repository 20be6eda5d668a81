package site.ycsb.runner.profile;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import site.ycsb.props.Durations;
import site.ycsb.props.PropertyException;
import site.ycsb.props.Rates;

/**
 * Reads a load profile as a workload file writes it (property {@code target.profile}):
 *
 * <pre>
 * constant:2000
 * stages:10s:1000,30s:1000,10s:0          ramps from 0: to 1000 in 10 s, hold 30 s, down in 10 s
 * steps:10s:1000,10s:2000,10s:4000         each rate held for its duration
 * sine:mean=1000,amplitude=500,period=20s
 * spike:base=1000,multiple=5,duration=2s,every=10s
 * </pre>
 *
 * After its last stage or step the profile keeps the last rate; a last rate of 0 ends the load
 * there. Every rate, the spike's and the sine's peak included, is 0 or within {@link Rates}, and
 * every duration at most {@link #LONGEST_SECONDS}. A bad expression gives one line naming the
 * property, the text and the expected form.
 */
public final class LoadProfiles {
  /** The property that carries the profile. */
  public static final String PROPERTY = "target.profile";

  static final String STAGES = "stages:DURATION:RATE,... (a linear ramp from the previous rate, 0 at the start,"
      + " to RATE over DURATION; 0s jumps), e.g. stages:10s:1000,30s:1000,10s:0";
  static final String STEPS = "steps:DURATION:RATE,... (each rate held for its duration), e.g. steps:10s:1000,10s:2000";
  static final String SINE = "sine:mean=RATE,amplitude=RATE,period=DURATION (amplitude at most mean),"
      + " e.g. sine:mean=1000,amplitude=500,period=20s";
  static final String SPIKE = "spike:base=RATE,multiple=FACTOR,duration=DURATION,every=DURATION (duration shorter"
      + " than every), e.g. spike:base=1000,multiple=5,duration=2s,every=10s";
  static final String ANY = "one of constant:RATE, " + STAGES + ", " + STEPS + ", " + SINE + ", " + SPIKE;

  /** Ten years, as maxexecutiontime. */
  static final double LONGEST_SECONDS = 315_360_000;

  private LoadProfiles() {
  }

  /**
   * @param text the property's value
   * @return the profile
   * @throws PropertyException naming what was wrong and the form expected
   */
  public static LoadProfile parse(String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    String kind = colon < 0 ? t.toLowerCase(Locale.ROOT) : t.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    String body = colon < 0 ? "" : t.substring(colon + 1).trim();
    switch (kind) {
      case "constant":
        return LoadProfile.constant(rate(text, body, "constant:RATE, e.g. constant:2000"));
      case "stages":
        return stages(text, body, true);
      case "steps":
        return stages(text, body, false);
      case "sine":
        return sine(text, body);
      case "spike":
        return spike(text, body);
      default:
        throw invalid(text, ANY);
    }
  }

  private static LoadProfile stages(String text, String body, boolean ramps) {
    String expected = ramps ? STAGES : STEPS;
    if (body.isEmpty()) {
      throw invalid(text, expected);
    }
    String[] parts = body.split(",", -1);
    double[] durations = new double[parts.length];
    double[] from = new double[parts.length];
    double[] to = new double[parts.length];
    int n = 0;
    double previous = 0;
    for (String part : parts) {
      String[] dr = part.trim().split(":");
      if (dr.length != 2) {
        throw invalid(text, expected);
      }
      double seconds = seconds(text, dr[0], expected);
      double rate = rate(text, dr[1], expected);
      if (seconds > 0) {
        durations[n] = seconds;
        from[n] = ramps ? previous : rate;
        to[n] = rate;
        n++;
      } else if (!ramps) {
        throw invalid(text, expected + "; a step needs a positive duration");
      }
      previous = rate;
    }
    return new Stages(java.util.Arrays.copyOf(durations, n), java.util.Arrays.copyOf(from, n),
        java.util.Arrays.copyOf(to, n), previous);
  }

  private static LoadProfile sine(String text, String body) {
    Map<String, String> args = keyed(text, body, SINE, "mean", "amplitude", "period");
    double mean = rate(text, args.get("mean"), SINE);
    double amplitude = rate(text, args.get("amplitude"), SINE);
    double period = seconds(text, args.get("period"), SINE);
    if (amplitude > mean || period <= 0) {
      throw invalid(text, SINE);
    }
    peak(text, mean + amplitude, "mean + amplitude");
    return new SineWave(mean, amplitude, period);
  }

  private static LoadProfile spike(String text, String body) {
    Map<String, String> args = keyed(text, body, SPIKE, "base", "multiple", "duration", "every");
    double base = rate(text, args.get("base"), SPIKE);
    double multiple = multiple(text, args.get("multiple"), SPIKE);
    double duration = seconds(text, args.get("duration"), SPIKE);
    double every = seconds(text, args.get("every"), SPIKE);
    if (duration <= 0 || every <= duration) {
      throw invalid(text, SPIKE);
    }
    peak(text, base * multiple, "base x multiple");
    return new Spikes(base, multiple, duration, every);
  }

  /** Reads {@code key=value,...} with exactly the keys given. */
  private static Map<String, String> keyed(String text, String body, String expected, String... keys) {
    Map<String, String> args = new LinkedHashMap<>();
    for (String part : body.split(",", -1)) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw invalid(text, expected);
      }
      args.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT), part.substring(eq + 1).trim());
    }
    if (args.size() != keys.length || !args.keySet().containsAll(java.util.List.of(keys))) {
      throw invalid(text, expected);
    }
    return args;
  }

  private static double rate(String text, String value, String expected) {
    double r;
    try {
      r = Double.parseDouble(value.trim());
    } catch (NumberFormatException | NullPointerException e) {
      throw invalid(text, expected);
    }
    if (!Rates.valid(r)) {
      throw invalid(text, expected + "; every rate " + Rates.RANGE);
    }
    return r;
  }

  /** A multiple of a rate: a plain number from 0 up; the rate it gives is checked with {@link #peak}. */
  private static double multiple(String text, String value, String expected) {
    try {
      double m = Double.parseDouble(value.trim());
      if (m >= 0 && m <= Rates.HIGHEST) {
        return m;
      }
    } catch (NumberFormatException | NullPointerException e) {
      // reported below
    }
    throw invalid(text, expected);
  }

  /** Refuses a profile whose highest rate, made of others, is beyond the range. */
  private static void peak(String text, double rate, String what) {
    if (rate > Rates.HIGHEST) {
      throw PropertyException.invalid(PROPERTY, text, "a profile whose " + what + " is at most "
          + (long) Rates.HIGHEST + " operations per second");
    }
  }

  private static double seconds(String text, String value, String expected) {
    long ms = value == null ? -1 : Durations.millis(value);
    if (ms < 0 || ms / 1000.0 > LONGEST_SECONDS) {
      throw invalid(text, expected + " (durations such as 500ms, 10s, 2m, 1h, at most 10 years)");
    }
    return ms / 1000.0;
  }

  private static PropertyException invalid(String text, String expected) {
    return PropertyException.invalid(PROPERTY, text, expected);
  }
}
