package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.UnreadableFiles.Result;

/**
 * Workload files and plans that cannot be read, given to the launcher {@code bin/ycsb} and to the
 * engine: one line in the engine's words and exit code 2, whichever reads the file first
 * ({@link UnreadableFiles}). The PATH has no Maven: a launcher that tried to build would fail instead.
 */
class UnreadableFilesTest {
  @TempDir
  static Path tools;

  @TempDir
  Path tmp;

  @BeforeAll
  static void pathWithoutMaven() throws IOException {
    for (String t : List.of("bash", "sed", "grep", "paste", "ls", "basename", "dirname", "head", "tr", "cat",
        "find", "mktemp", "rm", "sort", "env", "printf")) {
      for (String d : List.of("/usr/bin", "/bin")) {
        Path p = Path.of(d, t);
        if (Files.isExecutable(p) && !Files.exists(tools.resolve(t))) {
          Files.createSymbolicLink(tools.resolve(t), p);
        }
      }
    }
  }

  private Path unreadable(String name, String text) throws IOException {
    return UnreadableFiles.unreadable(tmp, name, text);
  }

  private static Result withoutReadingRights(List<String> cmd) throws IOException, InterruptedException {
    return UnreadableFiles.withoutReadingRights(cmd, tools);
  }

  private static Result start(List<String> cmd) throws IOException, InterruptedException {
    return UnreadableFiles.start(cmd, tools);
  }

  private static List<String> launcher(String... args) {
    List<String> cmd = new ArrayList<>(List.of(tools.resolve("bash").toString(), "../bin/ycsb"));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static void assertOneLine(Result r, String line) {
    assertEquals(2, r.exit(), r.toString());
    assertEquals(List.of(line), r.errLines(), r.toString());
    assertFalse(r.out().contains("[OVERALL]"), r.toString());
  }

  @Test
  void theLauncherSaysAWorkloadFileCannotBeReadInTheEnginesWords() throws Exception {
    Path wl = unreadable("unread.wl", "operationcount=10\n");
    assertOneLine(withoutReadingRights(launcher("run", "basic", "-P", wl.toString(), "-p", "basicdb.verbose=false")),
        "ERROR: cannot read workload file " + wl + ": permission denied");
  }

  @Test
  void theLauncherSaysAPlanCannotBeRead() throws Exception {
    Path plan = unreadable("unread.yaml", "binding: basic\n");
    assertOneLine(withoutReadingRights(launcher("experiment", plan.toString(), "--dry-run")),
        "ERROR: cannot read the plan " + plan + ": permission denied");
  }

  @Test
  void theEngineSaysAWorkloadFileCannotBeRead() throws Exception {
    Path wl = unreadable("unread.wl", "operationcount=10\n");
    assertOneLine(withoutReadingRights(UnreadableFiles.engine("run", "basic", "-P", wl.toString())),
        "ERROR: cannot read workload file " + wl + ": permission denied");
  }

  @Test
  void aMissingFileOrAFolderIsNamedAsSuch() throws Exception {
    Path missing = tmp.resolve("missing.wl");
    Run r = Run.of("run", "basic", "-P", missing.toString());
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals("ERROR: workload file not found: " + missing, r.err.strip());
    Run folder = Run.of("run", "basic", "-P", tmp.toString());
    assertEquals(Ycsb.BAD_INPUT, folder.exitCode, folder.toString());
    assertEquals("ERROR: cannot read workload file " + tmp + ": is a directory", folder.err.strip());
  }

  @Test
  void theLauncherFindsThePlansBindingAfterAByteOrderMarkAndBeforeACarriageReturn() throws Exception {
    // an upstream binding the launcher answers for itself, without building: it read the name
    Path plan = Files.write(tmp.resolve("windows.yaml"), ("\uFEFFbinding: memcached  \r\nworkloads: [a]\r\n")
        .getBytes(StandardCharsets.UTF_8));
    Result r = start(launcher("experiment", plan.toString(), "--dry-run"));
    assertEquals(2, r.exit(), r.toString());
    assertEquals(1, r.errLines().size(), r.toString());
    assertTrue(r.err().contains("'memcached' is an upstream YCSB binding not bundled here"), r.toString());
  }
}
