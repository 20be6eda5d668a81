package site.ycsb.tools.scaleout;

import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.Needs;

/**
 * How the clients of fanout and kubernetes meet before they start ({@code --ready-timeout},
 * {@code --start-delay}, {@code --skip-unready}), within the bounds of the barrier properties
 * every client is handed ({@link BarrierBounds}). Each command has its own defaults.
 */
final class StartBarrierOptions {
  private final String defaultReadyTimeout;
  private final String defaultStartDelay;

  @Spec(Spec.Target.MIXEE)
  private CommandSpec command;

  long readyTimeoutMillis;
  long startDelayMillis;
  boolean skipUnready;

  /**
   * @param defaultReadyTimeout e.g. {@code 5m}
   * @param defaultStartDelay e.g. {@code 1s}
   */
  StartBarrierOptions(String defaultReadyTimeout, String defaultStartDelay) {
    this.defaultReadyTimeout = defaultReadyTimeout;
    this.defaultStartDelay = defaultStartDelay;
  }

  @Option(names = "--ready-timeout", order = 40, paramLabel = "DURATION",
      description = "how long the clients may take to be ready, from 1s to 24h (${DEFAULT-VALUE})")
  @Needs("a duration such as 10m")
  void readyTimeout(String v) {
    readyTimeoutMillis = positive("--ready-timeout", v, "how long the clients may take to be ready");
    within("--ready-timeout", v, BarrierBounds.readyTimeoutProblem(readyTimeoutMillis));
  }

  @Option(names = "--start-delay", order = 41, paramLabel = "DURATION",
      description = "the time for the start instant to reach every client, at most 60s (${DEFAULT-VALUE})")
  @Needs("a delay such as 2s or 500ms")
  void startDelay(String v) {
    startDelayMillis = positive("--start-delay", v, "the time for the start instant to reach every client");
    within("--start-delay", v, BarrierBounds.startDelayProblem(startDelayMillis));
  }

  @Option(names = "--skip-unready", order = 42,
      description = "start the clients ready in time without the others, instead of none")
  void skipUnready(boolean on) {
    skipUnready = true;
  }

  /** @return this command's default of one of these options, or null */
  String defaultValue(ArgSpec option) {
    if (option.isOption()) {
      String name = ((picocli.CommandLine.Model.OptionSpec) option).longestName();
      if ("--ready-timeout".equals(name)) {
        return defaultReadyTimeout;
      }
      if ("--start-delay".equals(name)) {
        return defaultStartDelay;
      }
    }
    return null;
  }

  private long positive(String option, String v, String meaning) {
    long millis = site.ycsb.props.Durations.millis(v);
    if (millis <= 0) {
      throw ErrorLine.refusal(command, option + " " + v + ": expected a positive duration such as 2s, 10m or 500ms "
          + "(" + meaning + ")");
    }
    return millis;
  }

  /** Refuses a duration the clients' start barrier properties would refuse, here rather than on every client. */
  private void within(String option, String v, String problem) {
    if (problem != null) {
      throw ErrorLine.refusal(command, option + " " + v + ": " + problem);
    }
  }
}
