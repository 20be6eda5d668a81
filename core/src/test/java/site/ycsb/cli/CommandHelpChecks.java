package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** What every command's line promises, the engine's and the tools' alike. */
public final class CommandHelpChecks {
  private CommandHelpChecks() {
  }

  /** {@code --help} and {@code -h}: the usage on stdout, exit code 0, every option of the command's declaration. */
  public static void helpListsEveryOption(String command, CommandLine declared) {
    for (String help : List.of("--help", "-h")) {
      Run r = Run.of(command, help);
      assertEquals(0, r.exitCode, r.toString());
      assertEquals("", r.err);
      assertTrue(r.out.startsWith("usage: ycsb " + command + " "), r.out);
      for (OptionSpec o : declared.getCommandSpec().options()) {
        for (String name : o.names()) {
          assertTrue(r.out.contains("  " + name) || r.out.contains(", " + name), name + " missing:\n" + r.out);
        }
      }
    }
  }

  /** An option the command does not have: one line naming it, exit code 2, no stack trace. */
  public static void anUnknownOptionIsOneLineNamingIt(String command) {
    Run r = Run.of(command, "--no-such-option");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
    assertTrue(r.err.startsWith("ERROR: unknown option '--no-such-option': expected "), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }
}
