package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The interactive shell issues single operations and reports their return codes. */
class ShellTest {
  @Test
  void runsCommandsUntilQuit() {
    String script = "insert user1 f0=a f1=b\nread user1\nscan user1 3\nupdate user1 f0=c\ndelete user1\n"
        + "table other\nbogus\nquit\nread never\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(new String[] {"shell", "basic", "-p", "basicdb.verbose=false"},
        new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    assertEquals(5, text.split("Return code: OK", -1).length - 1, text);
    assertTrue(text.contains("table: other"), text);
    assertTrue(text.contains("unknown command: bogus"), text);
  }
}
