package site.ycsb.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.CommandLines;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.PhaseOptions;
import site.ycsb.props.CoreProperties;

/**
 * The arguments of {@code load}, {@code run} and {@code shell}: a binding, then upstream's options.
 * The command word sets {@code dotransactions} before any of them, so {@code -load}, {@code -t}
 * and {@code -p dotransactions=...} can still change the phase.
 */
@Command(description = {"load: inserts the data set; run: runs the transactions; shell: single operations",
    "typed by hand. Every property: ycsb properties [binding], or docs/properties.md."})
final class PhaseArguments {
  @Mixin
  final PhaseOptions options = new PhaseOptions();
  @Mixin
  final PhaseChoice phase = new PhaseChoice(options);
  @Mixin
  final LauncherOptions launcher = new LauncherOptions();
  @Mixin
  final HelpOption help = new HelpOption();

  private PhaseArguments(String command) {
    if ("load".equals(command) || "run".equals(command)) {
      options.set(CoreProperties.DO_TRANSACTIONS.name(), Boolean.toString("run".equals(command)));
    }
  }

  @Parameters(index = "0", arity = "0..1", paramLabel = "binding",
      description = "the binding's short name (ycsb properties lists them) or class; -db says the same")
  void binding(String name) {
    options.set(CoreProperties.DB.name(), name);
  }

  /**
   * @param command load, run or shell
   * @param args the arguments after it
   * @return the arguments, or null when the usage was asked for (and printed on {@code out})
   */
  static PhaseOptions parse(String command, List<String> args, java.io.PrintStream out) throws UsageException {
    PhaseArguments a = new PhaseArguments(command);
    return parsed(parser(command, a), args, out) ? a.options : null;
  }

  /** @return the parser of {@code ycsb load}, {@code run} or {@code shell} */
  static picocli.CommandLine parser(String command) {
    return parser(command, new PhaseArguments(command));
  }

  private static picocli.CommandLine parser(String command, PhaseArguments a) {
    picocli.CommandLine cl = CommandLines.of(a);
    cl.setCommandName("ycsb " + command);
    cl.getCommandSpec().usageMessage()
        .header("load".equals(command) ? "inserts the data set" : "run".equals(command)
            ? "runs the workload's operations and measures them" : "single operations typed by hand, to check a setup")
        .footer("The workload class is the property workload (default site.ycsb.workloads.CoreWorkload).",
            "bindings on the class path: " + Bindings.shortNames());
    return cl;
  }

  /** @return false when the usage was asked for and printed */
  static boolean parsed(picocli.CommandLine cl, List<String> args, java.io.PrintStream out) throws UsageException {
    try {
      if (CommandLines.parse(cl, args)) {
        out.print(CommandLines.usage(cl));
        return false;
      }
      return true;
    } catch (picocli.CommandLine.ParameterException e) {
      throw new UsageException(ErrorLine.of(e));
    }
  }
}
