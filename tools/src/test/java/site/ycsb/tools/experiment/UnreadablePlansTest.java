package site.ycsb.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.cli.UnreadableFiles;
import site.ycsb.cli.Ycsb;

/** A plan that cannot be read, or a folder given as one, is one line in the engine's words and exit code 2. */
class UnreadablePlansTest {
  @TempDir
  Path tmp;

  @Test
  void aPlanWithoutReadPermissionIsNamed() throws Exception {
    Path plan = UnreadableFiles.unreadable(tmp, "unread.yaml", "binding: basic\n");
    UnreadableFiles.Result r = UnreadableFiles.withoutReadingRights(
        UnreadableFiles.engine("experiment", plan.toString(), "--dry-run"), Path.of("/usr/bin"));
    assertEquals(2, r.exit(), r.toString());
    assertEquals(List.of("ERROR: cannot read the plan " + plan + ": permission denied"), r.errLines(), r.toString());
  }

  @Test
  void aFolderIsNamedAsSuch() {
    Run plan = Run.of("experiment", tmp.toString(), "--dry-run");
    assertEquals(Ycsb.BAD_INPUT, plan.exitCode, plan.toString());
    assertEquals("ERROR: cannot read the plan " + tmp + ": is a directory", plan.err.strip());
  }
}
