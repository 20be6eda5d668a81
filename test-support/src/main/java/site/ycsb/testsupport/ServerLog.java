package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The file a server process writes its stdout and stderr to, and the end of it kept in memory once
 * the file is deleted, so a failed test can still print it.
 */
final class ServerLog {
  /** Lines of the log kept in memory once the temporary directory is gone. */
  static final int KEPT_LINES = 300;

  private final Path file;
  private volatile List<String> keptTail;

  ServerLog(Path file) {
    this.file = file;
  }

  Path file() {
    return file;
  }

  /** @return every line written so far, from the beginning */
  List<String> lines() {
    try {
      if (!Files.exists(file)) {
        return List.of();
      }
      // lenient decoding: a server may print bytes that are not UTF-8
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** @return the last lines, oldest first: from the file, or what was kept of it */
  List<String> tail(int lines) {
    List<String> all = keptTail != null ? keptTail : lines();
    return all.subList(Math.max(0, all.size() - lines), all.size());
  }

  /** Keeps the last {@value #KEPT_LINES} lines in memory, before the file is deleted. */
  void keepTail() {
    List<String> tail;
    try {
      List<String> all = lines();
      tail = all.subList(Math.max(0, all.size() - KEPT_LINES), all.size());
    } catch (UncheckedIOException e) {
      tail = List.of("(log unreadable: " + e.getMessage() + ")");
    }
    keptTail = List.copyOf(tail);
  }

  /** @return whether {@link #keepTail()} was called: the process was stopped */
  boolean kept() {
    return keptTail != null;
  }
}
