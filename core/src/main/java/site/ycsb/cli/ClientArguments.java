package site.ycsb.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import site.ycsb.commandline.CommandLines;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.PhaseOptions;

/**
 * The arguments of upstream's {@code site.ycsb.Client}: no command word, so the phase is
 * {@code -load}, {@code -t} or the {@code dotransactions} property (a run when none says).
 */
@Command(name = "java site.ycsb.Client",
    description = "One phase of a benchmark, as upstream YCSB's client runs it (bin/ycsb load|run <binding>"
        + " [options] does the same).",
    footer = {"-db defaults to site.ycsb.BasicDB; the workload class is the property workload",
        "(default site.ycsb.workloads.CoreWorkload). Several clients on several hosts: one process each;",
        "split the load with insertstart and insertcount, or with clientcount and clientid.",
        "Every property: docs/properties.md."})
final class ClientArguments {
  @Mixin
  final PhaseOptions options = new PhaseOptions();
  @Mixin
  final PhaseChoice phase = new PhaseChoice(options);
  @Mixin
  final HelpOption help = new HelpOption();

  private ClientArguments() {
  }

  /** @return the arguments, or null when the usage was asked for (and printed on {@code out}) */
  static PhaseOptions parse(List<String> args, java.io.PrintStream out) throws UsageException {
    ClientArguments a = new ClientArguments();
    return PhaseArguments.parsed(CommandLines.of(a), args, out) ? a.options : null;
  }

  /** @return the usage */
  static String usage() {
    return CommandLines.usage(CommandLines.of(new ClientArguments()));
  }
}
