package site.ycsb.commandline;

import java.lang.reflect.AnnotatedElement;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line the parser refused, said in one line that names the option and what was
 * expected: {@code unknown option '-x': expected -P file, ...}, {@code -P needs a workload file},
 * {@code ycsb merge needs -o OUT: ...}.
 */
public final class ErrorLine {
  private ErrorLine() {
  }

  /** @return the line, without {@code ERROR: } */
  public static String of(ParameterException e) {
    CommandSpec spec = e.getCommandLine().getCommandSpec();
    String line = describe(e, spec);
    if (spec.userObject() instanceof ShowsUsageInErrors) {
      line += " (usage: " + UsageText.oneLine(spec) + ")";
    }
    return line;
  }

  /**
   * @param spec the command
   * @param problem what is wrong
   * @return a refusal of the command's arguments that reads like the parser's own
   */
  public static ParameterException refusal(CommandSpec spec, String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }

  private static String describe(ParameterException e, CommandSpec spec) {
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String arg = u.getUnmatched().get(0);
      if (arg.startsWith("-") && arg.length() > 1) {
        return "unknown option '" + arg + "': expected " + UsageText.optionsInOneLine(spec);
      }
      return "unexpected argument '" + arg + "': expected " + UsageText.oneLine(spec);
    }
    if (e instanceof MissingParameterException m && !m.getMissing().isEmpty()) {
      ArgSpec a = m.getMissing().get(0);
      if (a.isOption() && e.getMessage().contains("for option")) {
        return ((picocli.CommandLine.Model.OptionSpec) a).names()[0] + " needs " + needs(a);
      }
      return spec.name() + " needs " + UsageText.nameAndLabel(a) + ": " + String.join(" ", a.description());
    }
    return e.getMessage();
  }

  private static String needs(ArgSpec a) {
    if (a.userObject() instanceof AnnotatedElement element && element.getAnnotation(Needs.class) != null) {
      return element.getAnnotation(Needs.class).value();
    }
    return a.paramLabel();
  }
}
