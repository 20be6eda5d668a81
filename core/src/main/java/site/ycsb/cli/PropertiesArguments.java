package site.ycsb.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.HelpOption;

/** The command line of {@code ycsb properties}. */
@Command(name = "ycsb properties", header = "every property of the engine and a binding, as Markdown",
    description = {"Prints the reference of every property: name, default, what it means (docs/properties.md",
        "is this output for every binding)."})
final class PropertiesArguments {
  @Mixin
  final HelpOption help = new HelpOption();

  final List<String> bindings = new ArrayList<>();

  @Parameters(arity = "0..1", paramLabel = "binding",
      description = "only the engine's properties and this binding's (every binding's when none is named)")
  void binding(String name) {
    bindings.add(name);
  }
}
