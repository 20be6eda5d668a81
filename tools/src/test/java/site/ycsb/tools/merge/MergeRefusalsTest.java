package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;

/** What {@code ycsb merge} refuses, each with exit code 2 and one line on stderr. */
class MergeRefusalsTest {
  @TempDir
  static Path tmp;
  static Path run0;
  static Path run1;

  @BeforeAll
  static void twoClients() throws Exception {
    run0 = tmp.resolve("run0");
    run1 = tmp.resolve("run1");
    ClientFolders.runTwoClients("run", run0, run1, 100);
  }

  private static void refused(Run r, String expected) {
    assertEquals(2, r.exitCode, r.out + r.err);
    assertEquals(1, r.err.strip().lines().count(), r.err);
    assertTrue(r.err.startsWith("ERROR: ") && r.err.contains(expected), r.err);
  }

  @Test
  void refusesFoldersOfDifferentPhases() throws Exception {
    Path load = tmp.resolve("load0");
    Run l = Run.of(ClientFolders.clientArgs("load", load, 0, 100).toArray(new String[0]));
    assertEquals(0, l.exitCode, l.err);
    Path out = tmp.resolve("out-phases");
    refused(Run.of("merge", run0.toString(), load.toString(), "-o", out.toString()), "different phases");
    assertFalse(Files.exists(out.resolve("summary.json")));
  }

  @Test
  void refusesIncompleteFolderUnlessPartial() throws IOException {
    Path copy = tmp.resolve("incomplete");
    copyTree(run1, copy);
    Path json = copy.resolve("summary.json");
    String text = Files.readString(json, StandardCharsets.UTF_8);
    Files.writeString(json, text.replaceFirst("\"complete\" : true", "\"complete\" : false"));
    refused(Run.of("merge", run0.toString(), copy.toString(), "-o", tmp.resolve("out-inc").toString()), "--partial");
    Run partial = Run.of("merge", run0.toString(), copy.toString(), "-o", tmp.resolve("out-partial").toString(),
        "--partial");
    assertEquals(0, partial.exitCode, partial.err);
    assertEquals(200, partial.count("OVERALL", "Operations"));
    assertFalse(ClientFolders.summary(tmp.resolve("out-partial")).path("complete").asBoolean());
  }

  @Test
  void aSummaryCutShortIsNamedByMergeCompareAndReport() throws IOException {
    String text = Files.readString(run1.resolve("summary.json"), StandardCharsets.UTF_8);
    // cut after a complete value, and in the middle of one: both are a file that ends too soon
    for (int end : new int[] {text.indexOf("},") + 2, text.length() / 2}) {
      Path cut = tmp.resolve("cut-" + end);
      copyTree(run1, cut);
      Path json = cut.resolve("summary.json");
      Files.writeString(json, text.substring(0, end));
      String line = "ERROR: " + json + " is not a complete results file: it ends at line "
          + text.substring(0, end).lines().count() + " in the middle of its JSON (cut short while written or copied?)";
      for (Run r : new Run[] {
          Run.of("merge", run0.toString(), cut.toString(), "-o", tmp.resolve("out-cut-" + end).toString()),
          Run.of("compare", run0.toString(), cut.toString()),
          Run.of("report", cut.toString(), "-o", tmp.resolve("cut-" + end + ".html").toString())}) {
        assertEquals(2, r.exitCode, r.out + r.err);
        assertEquals(line, r.err.strip());
      }
    }
    Path notJson = tmp.resolve("not-json");
    copyTree(run1, notJson);
    Files.writeString(notJson.resolve("summary.json"), "{\n  \"format\" : ycsb\n}\n");
    refused(Run.of("compare", run0.toString(), notJson.toString()),
        notJson.resolve("summary.json") + " is not a valid results file: not JSON at line 2, column ");
    Path empty = tmp.resolve("empty-summary");
    copyTree(run1, empty);
    Files.writeString(empty.resolve("summary.json"), "");
    refused(Run.of("compare", run0.toString(), empty.toString()), empty.resolve("summary.json") + " is empty");
  }

  @Test
  void refusesFolderWithoutSummary() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("no-summary"));
    refused(Run.of("merge", run0.toString(), empty.toString(), "-o", tmp.resolve("out-none").toString()),
        "no summary.json");
  }

  @Test
  void refusesOutputThatAlreadyHoldsResults() {
    refused(Run.of("merge", run0.toString(), run1.toString(), "-o", run0.toString()), "output");
    Path out = tmp.resolve("out-twice");
    assertEquals(0, Run.of("merge", run0.toString(), run1.toString(), "-o", out.toString()).exitCode);
    refused(Run.of("merge", run0.toString(), run1.toString(), "-o", out.toString()), "already holds");
  }

  @Test
  void refusesAnOutputInsideAnInput() throws IOException {
    Path inside = run1.resolve("merged");
    refused(Run.of("merge", run0.toString(), run1.toString(), "-o", inside.toString()),
        "ERROR: the output folder " + inside + " is inside the input folder " + run1
            + ": expected a folder outside every input");
    assertFalse(Files.exists(inside), "nothing written into the input");
    // through a link: the folder it names is what counts
    Path link = Files.createSymbolicLink(tmp.resolve("link-to-run0"), run0);
    refused(Run.of("merge", run0.toString(), run1.toString(), "-o", link.resolve("sub/merged").toString()),
        "is inside the input folder " + run0);
    refused(Run.of("merge", run0.toString(), run1.toString(), "-o", link.toString()), "is also an input");
    assertFalse(Files.exists(run0.resolve("sub")), "nothing written into the input");
  }

  @Test
  void refusesTheSameFolderTwiceAndBadArguments() {
    refused(Run.of("merge", run0.toString(), run0.toString(), "-o", tmp.resolve("o1").toString()), "twice");
    refused(Run.of("merge", run0.toString(), run1.toString()), "-o OUT");
    refused(Run.of("merge", "-o", tmp.resolve("o2").toString()), "no results folders");
    refused(Run.of("merge", run0.toString(), "--frobnicate", "-o", tmp.resolve("o3").toString()), "unknown option");
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
