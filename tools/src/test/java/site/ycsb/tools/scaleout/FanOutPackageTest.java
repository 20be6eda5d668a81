package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ExitCodes;
import site.ycsb.cli.Run;

/**
 * {@code ycsb fanout --package FILE} with a file that is no release package: bad input, so exit
 * code 2 and one line naming the file, before any host is contacted or the output folder made.
 */
class FanOutPackageTest {
  @TempDir
  Path tmp;

  private Run fanOut(Path pkg, Path out) {
    return Run.of("fanout", "--hosts", "nohost.invalid", "--package", pkg.toString(), "-o", out.toString(),
        "run", "basic", "-P", "../workloads/workloada");
  }

  private void assertRefused(Path pkg, String start) {
    Path out = tmp.resolve("out");
    Run r = fanOut(pkg, out);
    assertEquals(ExitCodes.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.toString());
    assertTrue(r.err.startsWith("ERROR: " + start), r.toString());
    assertFalse(Files.exists(out), "no output folder for a bad package: " + r);
  }

  @Test
  void aFileThatIsNoArchiveIsRefused() throws IOException {
    Path text = Files.writeString(tmp.resolve("ycsb-1.0.tar.gz"), "not an archive\n");
    assertRefused(text, "--package " + text + " is not a release package (not a .tar.gz with one top folder):"
        + " expected the .tar.gz that mvn package builds (distribution/target/ycsb-VERSION.tar.gz) (usage: ");
  }

  @Test
  void aMissingFileOrAFolderIsRefused() throws IOException {
    assertRefused(tmp.resolve("missing.tar.gz"), "no release package at " + tmp.resolve("missing.tar.gz") + ": ");
    Path folder = Files.createDirectories(tmp.resolve("folder"));
    assertRefused(folder, "--package " + folder + " is a directory: ");
  }

  @Test
  void anUnreadableFileIsRefused() throws IOException {
    Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root reads any file");
    Path pkg = Files.writeString(tmp.resolve("locked.tar.gz"), "x");
    Files.setPosixFilePermissions(pkg, PosixFilePermissions.fromString("---------"));
    assertRefused(pkg, "cannot read --package " + pkg + ": permission denied");
  }
}
