package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every command of the engine answers {@code --help} with its usage on stdout and exit code 0,
 * listing each of its options, and refuses an option it does not have in one line naming it, with
 * exit code 2 (the tools module's commands: its ToolsHelpTest).
 */
class EveryCommandHelpTest {
  @ParameterizedTest
  @ValueSource(strings = {"load", "run", "shell", "properties"})
  void helpListsEveryOption(String command) {
    CommandHelpChecks.helpListsEveryOption(command, CommandOverview.parser(command));
  }

  @ParameterizedTest
  @ValueSource(strings = {"load", "run", "shell", "properties"})
  void anUnknownOptionIsOneLineNamingIt(String command) {
    CommandHelpChecks.anUnknownOptionIsOneLineNamingIt(command);
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
