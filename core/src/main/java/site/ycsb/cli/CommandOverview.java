package site.ycsb.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.CommandLines;
import site.ycsb.commandline.ToolCommand;

/**
 * Every command of {@code bin/ycsb} with its one-line summary, each taken from the command's own
 * declaration: what {@code ycsb --help} prints, and the names an unknown command is told.
 */
@Command(name = "ycsb", description = "ycsb COMMAND --help prints the command's options.")
final class CommandOverview {
  @Parameters(paramLabel = "COMMAND [ARGUMENT...]", description = "one of the commands below")
  String command;

  private static final Map<String, Supplier<picocli.CommandLine>> COMMANDS = new LinkedHashMap<>();
  /** The commands of the tools module, when it is on the class path. */
  private static final Map<String, ToolCommand> TOOLS = new LinkedHashMap<>();

  static {
    COMMANDS.put("load", () -> PhaseArguments.parser("load"));
    COMMANDS.put("run", () -> PhaseArguments.parser("run"));
    COMMANDS.put("shell", () -> PhaseArguments.parser("shell"));
    COMMANDS.put("properties", () -> CommandLines.of(new PropertiesArguments()));
    for (ToolCommand tool : ServiceLoader.load(ToolCommand.class)) {
      // the engine's own names come first: a tool cannot take one of them over
      if (!COMMANDS.containsKey(tool.name())) {
        TOOLS.put(tool.name(), tool);
        COMMANDS.put(tool.name(), tool::parser);
      }
    }
  }

  private CommandOverview() {
  }

  /** @return the command names, in the order of the overview */
  static List<String> names() {
    return List.copyOf(COMMANDS.keySet());
  }

  /** @return the tool command of that name, or null when there is none */
  static ToolCommand tool(String name) {
    return TOOLS.get(name);
  }

  /** @return the parser of a command, as its --help describes it */
  static picocli.CommandLine parser(String name) {
    return COMMANDS.get(name).get();
  }

  /** @return {@code ycsb --help}'s text */
  static String usage() {
    picocli.CommandLine overview = CommandLines.of(new CommandOverview());
    COMMANDS.forEach((name, parser) -> overview.addSubcommand(name, parser.get()));
    overview.getCommandSpec().usageMessage().footer("bindings on the class path: " + Bindings.shortNames());
    return CommandLines.usage(overview);
  }
}
