package site.ycsb.commandline;

import java.io.PrintStream;
import java.util.List;
import java.util.function.ToIntFunction;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.ParameterException;
import site.ycsb.ExitCodes;

/**
 * Parses a command's arguments into its declared options the one way every command of the
 * benchmark does, printing its usage for {@code --help} and one line for a refusal.
 */
public final class CommandLines {
  private CommandLines() {
  }

  /**
   * @param command an object declaring options ({@code @Command}, {@code @Option}, {@code @Mixin})
   * @return its parser: upstream's rules (a later value of an option wins, {@code -load} is one
   *     option, never {@code -l oad}; a value starting with {@code @} is a value, not a file of
   *     arguments), a space between an option and its value, the benchmark's usage layout
   */
  public static CommandLine of(Object command) {
    CommandLine cl = new CommandLine(command);
    cl.setExpandAtFiles(false)
        .setOverwrittenOptionsAllowed(true)
        .setPosixClusteredShortOptionsAllowed(false)
        .setSeparator(" ")
        .setColorScheme(Help.defaultColorScheme(Help.Ansi.OFF));
    if (command instanceof CommandLine.IDefaultValueProvider defaults) {
      cl.setDefaultValueProvider(defaults);
    }
    if (command instanceof EndsWithAnotherCommandLine) {
      cl.setStopAtPositional(true);
    }
    if (cl.getCommandSpec().optionsMap().containsKey("--")) {
      // a command that gives -- a meaning of its own (compare's second group) has no end of its
      // options: NUL, the delimiter then, cannot be in a program's argument
      cl.setEndOfOptionsDelimiter("\0");
    }
    if (command instanceof TakesEqualsForm) {
      cl.setSeparator("=");
    }
    UsageText.install(cl.getCommandSpec());
    return cl;
  }

  /**
   * Parses {@code args} into {@code command}, then runs it.
   *
   * @param body what the command does with its options; returns the exit code
   * @return the exit code: the body's, {@link ExitCodes#OK} after the usage was printed on
   *     {@code out}, {@link ExitCodes#BAD_INPUT} after a refusal (the parser's, or a
   *     {@link ChecksAfterParsing#check}'s) was printed on {@code err}
   */
  public static <T> int run(T command, List<String> args, PrintStream out, PrintStream err, ToIntFunction<T> body) {
    CommandLine cl = of(command);
    try {
      if (parse(cl, args)) {
        out.print(usage(cl));
        return ExitCodes.OK;
      }
      if (command instanceof ChecksAfterParsing checked) {
        checked.check();
      }
    } catch (ParameterException e) {
      err.println("ERROR: " + ErrorLine.of(e));
      return ExitCodes.BAD_INPUT;
    }
    return body.applyAsInt(command);
  }

  /**
   * @return whether the user asked for the usage instead
   * @throws ParameterException when the arguments are refused ({@link ErrorLine} says why in one line)
   */
  public static boolean parse(CommandLine cl, List<String> args) {
    try {
      cl.parseArgs(args.toArray(new String[0]));
    } catch (CommandLine.MissingParameterException e) {
      // a mistyped option is the likelier cause of a missing one: name it first
      if (!cl.getUnmatchedArguments().isEmpty()) {
        throw new CommandLine.UnmatchedArgumentException(cl, cl.getUnmatchedArguments());
      }
      throw e;
    }
    return cl.isUsageHelpRequested();
  }

  /**
   * Prints a refusal found once the arguments were parsed (a folder that is not there, an option
   * that needs another), said as the parser's own: one line, with the usage when the command shows it.
   *
   * @param command the command's options object
   * @param problem what is wrong and what was expected
   * @return {@link ExitCodes#BAD_INPUT}
   */
  public static int refuse(PrintStream err, Object command, String problem) {
    err.println("ERROR: " + ErrorLine.of(ErrorLine.refusal(of(command).getCommandSpec(), problem)));
    return ExitCodes.BAD_INPUT;
  }

  /** @return the command's usage in one line, e.g. for the end of an error */
  public static String oneLineUsage(Object command) {
    return UsageText.oneLine(of(command).getCommandSpec());
  }

  /** @return the usage of a parser made by {@link #of} */
  public static String usage(CommandLine cl) {
    return UsageText.of(cl);
  }
}
