package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command of the engine answers {@code --help} with its usage on stdout and exit code 0,
 * listing each of its options, and refuses an option it does not have in one line naming it, with
 * exit code 2 (the tools module's commands: its ToolsHelpTest).
 */
class EveryCommandHelpTest {
  @ParameterizedTest
  @ValueSource(strings = {"load", "run", "shell", "properties"})
  void helpListsEveryOption(String command) {
    for (String help : List.of("--help", "-h")) {
      Run r = Run.of(command, help);
      assertEquals(0, r.exitCode, r.toString());
      assertEquals("", r.err);
      assertTrue(r.out.startsWith("usage: ycsb " + command + " "), r.out);
      for (OptionSpec o : CommandOverview.parser(command).getCommandSpec().options()) {
        for (String name : o.names()) {
          assertTrue(r.out.contains("  " + name) || r.out.contains(", " + name), name + " missing:\n" + r.out);
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"load", "run", "shell", "properties"})
  void anUnknownOptionIsOneLineNamingIt(String command) {
    Run r = Run.of(command, "--no-such-option");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
    assertTrue(r.err.startsWith("ERROR: unknown option '--no-such-option': expected "), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }

  @Test
  void theOverviewNamesEveryCommand() {
    Run r = Run.of("--help");
    assertEquals(0, r.exitCode, r.toString());
    for (String command : CommandOverview.names()) {
      assertTrue(r.out.contains("\n  " + command + " "), command + " missing:\n" + r.out);
    }
    Run none = Run.of();
    assertEquals(Ycsb.BAD_INPUT, none.exitCode);
    assertTrue(none.err.startsWith("usage: ycsb"), none.err);
  }

  @Test
  void theClientsHelpIsItsOwn() {
    Run r = Run.client("--help");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.startsWith("usage: java site.ycsb.Client "), r.out);
    assertFalse(r.out.contains("-cp"), "bin/ycsb's options are not the client's: " + r.out);
  }
}
