package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workload files (-P) as editors save them: with a UTF-8 byte-order mark, Windows line ends and
 * blanks after the values, each read as the user meant it; a file saved as UTF-16 refused in one line.
 */
class SavedWorkloadFilesTest {
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  @TempDir
  Path tmp;

  private Path saved(String name, byte[] prefix, String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(prefix);
    bytes.write(text.getBytes(StandardCharsets.UTF_8));
    return Files.write(tmp.resolve(name), bytes.toByteArray());
  }

  @Test
  @Timeout(30)
  void aByteOrderMarkIsNotPartOfTheFirstName() throws IOException {
    Path file = saved("bom.wl", UTF8_BOM, "operationcount=37\nrecordcount=10\n"
        + "workload=site.ycsb.workloads.CoreWorkload\nbasicdb.verbose=false\n");
    Run r = Run.of("run", "basic", "-P", file.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(37, r.count("OVERALL", "Operations"), "the run ends after operationcount=37: " + r);
    assertEquals("", r.errWithoutHostWarnings(), "nothing to warn about: " + r.err);
  }

  @Test
  @Timeout(30)
  void windowsLineEndsAndBlanksAfterValuesAreNotPartOfTheValues() throws IOException {
    Path file = saved("windows.wl", UTF8_BOM, "operationcount=37 \r\nrecordcount=10\t\r\n"
        + "workload=site.ycsb.workloads.CoreWorkload  \r\nbasicdb.verbose=false \r\ntable=usertable   \r\n"
        + "# a blank the user escaped is kept\r\nnote=kept\\ \r\n");
    Path results = tmp.resolve("results");
    Run r = Run.of("run", "basic", "-P", file.toString(), "-p", "resultsdir=" + results);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(37, r.count("OVERALL", "Operations"), r.toString());
    List<String> effective = Files.readAllLines(results.resolve("properties.txt"));
    assertTrue(effective.contains("table=usertable"), "the value as it looks: " + effective);
    assertTrue(effective.contains("operationcount=37"), effective.toString());
    assertTrue(effective.contains("note=kept "), "an escaped blank stays: " + effective);
  }

  @Test
  void aFileSavedAsUtf16IsRefusedInOneLine() throws IOException {
    Path file = tmp.resolve("utf16.wl");
    Files.write(file, "\uFEFFoperationcount=37\r\nrecordcount=10\r\n".getBytes(StandardCharsets.UTF_16LE));
    Run r = Run.of("run", "basic", "-P", file.toString());
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(List.of("ERROR: workload file " + file + " is saved as UTF-16: save it as UTF-8 (or ASCII);"
        + " expected name=value lines, e.g. recordcount=1000 (see workloads/workloada)"), r.err.strip().lines().toList());
    assertFalse(r.out.contains("[OVERALL]"));
  }

  @Test
  void anEmptyNameForAWorkloadFileIsSaidSo() {
    Run r = Run.of("run", "basic", "-P", "");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals("ERROR: option -P needs a workload file, got an empty name", r.err.strip());
  }
}
