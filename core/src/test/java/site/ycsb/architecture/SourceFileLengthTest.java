package site.ycsb.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A source file that passes 400 lines holds more than one thing: split it where its parts answer
 * different questions, not where the count runs out. Every module's main sources are held to it.
 */
class SourceFileLengthTest {
  private static final int MOST_LINES = 400;
  private static final Path ROOT = Path.of("..");

  @Test
  void noMainSourceFilePassesFourHundredLines() throws IOException {
    List<String> longer = new ArrayList<>();
    int files = 0;
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
        try (Stream<Path> sources = Files.walk(module.resolve("src/main/java"))) {
          for (Path f : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
            files++;
            long lines;
            try (Stream<String> l = Files.lines(f)) {
              lines = l.count();
            }
            if (lines > MOST_LINES) {
              longer.add(ROOT.relativize(f) + ": " + lines + " lines");
            }
          }
        }
      }
    }
    assertTrue(files > 100, "main sources found: " + files);
    assertEquals(List.of(), longer, "source files over " + MOST_LINES + " lines: split each along what its parts do");
  }
}
