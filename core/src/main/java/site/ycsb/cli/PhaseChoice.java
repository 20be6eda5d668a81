package site.ycsb.cli;

import picocli.CommandLine.Option;
import site.ycsb.commandline.PhaseOptions;
import site.ycsb.props.CoreProperties;

/**
 * Upstream's {@code -load} and {@code -t}: each sets {@code dotransactions}, in its place among the
 * {@code -p} options, so the last of them decides the phase.
 */
final class PhaseChoice {
  private final PhaseOptions options;

  PhaseChoice(PhaseOptions options) {
    this.options = options;
  }

  @Option(names = "-load", order = 20, description = "the load phase (sets dotransactions=false)")
  void load(boolean on) {
    options.set(CoreProperties.DO_TRANSACTIONS.name(), "false");
  }

  @Option(names = "-t", order = 21, description = "the transaction phase (sets dotransactions=true)")
  void transactions(boolean on) {
    options.set(CoreProperties.DO_TRANSACTIONS.name(), "true");
  }
}
