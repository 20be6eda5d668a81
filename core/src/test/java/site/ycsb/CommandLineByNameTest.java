package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Client reaches the command line by name: the names it uses are those of the command line's entries. */
class CommandLineByNameTest {
  @Test
  void upstreamsClientFlagsReachTheCommandLine() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = CommandLineByName.run("executeClient", new String[0], print(out), print(err));
    assertEquals(ExitCodes.BAD_INPUT, code, "no arguments: the usage, and a failure a script notices");
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("-db"), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theHelpOfTheCommandsIsTheUsageMessage() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = CommandLineByName.run("execute", new String[] {"--help"}, print(out), print(new ByteArrayOutputStream()));
    assertEquals(ExitCodes.OK, code);
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("load"), out.toString(StandardCharsets.UTF_8));
  }

  private static PrintStream print(ByteArrayOutputStream into) {
    return new PrintStream(into, true, StandardCharsets.UTF_8);
  }
}
