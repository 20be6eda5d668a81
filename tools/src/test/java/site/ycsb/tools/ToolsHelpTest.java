package site.ycsb.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.cli.CommandHelpChecks;
import site.ycsb.cli.Run;
import site.ycsb.cli.Ycsb;
import site.ycsb.commandline.ToolCommand;

/**
 * The tools' commands are found by the engine's command line (it names none of them): each answers
 * {@code --help} with its usage and every option, refuses an unknown option in one line with exit
 * code 2, and {@code ycsb --help} lists them after the engine's own.
 */
class ToolsHelpTest {
  private static final List<String> TOOLS = List.of("merge", "compare", "report", "experiment", "fanout", "kubernetes");

  @Test
  void theEngineFindsEveryToolInTheOrderOfTheOverview() {
    List<String> found = new ArrayList<>();
    ServiceLoader.load(ToolCommand.class).forEach(t -> found.add(t.name()));
    assertEquals(TOOLS, found);
    Run r = Run.of("--help");
    assertEquals(0, r.exitCode, r.toString());
    int last = r.out.indexOf("\n  properties ");
    assertTrue(last > 0, r.out);
    for (String command : TOOLS) {
      int at = r.out.indexOf("\n  " + command + " ");
      assertTrue(at > last, command + " listed after the one before it:\n" + r.out);
      last = at;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"merge", "compare", "report", "experiment", "fanout", "kubernetes"})
  void helpListsEveryOption(String command) {
    CommandHelpChecks.helpListsEveryOption(command, tool(command).parser());
  }

  @ParameterizedTest
  @ValueSource(strings = {"merge", "compare", "report", "experiment", "fanout", "kubernetes"})
  void anUnknownOptionIsOneLineNamingIt(String command) {
    CommandHelpChecks.anUnknownOptionIsOneLineNamingIt(command);
  }

  @Test
  void anUnknownCommandIsToldEveryCommandTheToolsIncluded() {
    Run r = Run.of("mergee", "a");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.err);
    for (String command : TOOLS) {
      assertTrue(r.err.contains(command), command + " named: " + r.err);
    }
  }

  private static ToolCommand tool(String name) {
    for (ToolCommand t : ServiceLoader.load(ToolCommand.class)) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no tool " + name);
  }
}
