package site.ycsb.commandline;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;

/**
 * A command of {@code bin/ycsb} beyond the engine's own ({@code load}, {@code run}, {@code shell},
 * {@code properties}): what works on results and on many runs, e.g. {@code merge} or
 * {@code experiment}. The engine names none of them; it finds them on the class path through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/site.ycsb.commandline.ToolCommand}),
 * so the tools module can be left out of a client that only runs phases.
 */
public interface ToolCommand {
  /** @return the word that names the command on the command line, e.g. {@code merge} */
  String name();

  /** @return a parser of the command's options, as its {@code --help} and {@code ycsb --help} describe them */
  CommandLine parser();

  /**
   * Runs the command; it reports a refusal of its input itself (one line on {@code err}).
   *
   * @param args the arguments after the command's name
   * @param out where its results go
   * @param err where its status lines, warnings and errors go
   * @return the exit code ({@link site.ycsb.ExitCodes})
   */
  int run(List<String> args, PrintStream out, PrintStream err);
}
