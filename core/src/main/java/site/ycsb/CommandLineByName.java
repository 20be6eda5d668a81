package site.ycsb;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;

/**
 * The engine's command line, reached by its class name: it stands on every package of the engine,
 * and upstream's API, where scripts still find {@link Client}, stands below them all, so it names
 * the command line without importing it.
 */
final class CommandLineByName {
  private static final String COMMAND_LINE = "site.ycsb.cli.Ycsb";

  private CommandLineByName() {
  }

  /**
   * Runs one of the command line's entries: {@code execute} (the {@code ycsb} commands) or
   * {@code executeClient} (upstream's {@code Client} flags).
   *
   * @param entry the entry's method name
   * @param args the arguments
   * @param out where results go
   * @param err where status lines and errors go
   * @return the exit code
   */
  static int run(String entry, String[] args, PrintStream out, PrintStream err) {
    try {
      return (Integer) Class.forName(COMMAND_LINE)
          .getMethod(entry, String[].class, PrintStream.class, PrintStream.class)
          .invoke(null, args, out, err);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the engine's command line " + COMMAND_LINE + "." + entry
          + " is not on the class path", e);
    }
  }
}
