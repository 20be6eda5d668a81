package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A test server's own temporary folder: made before it starts, removed when it cannot start. */
public final class ServerDirs {
  private ServerDirs() {
  }

  /** Work done in a fresh folder, e.g. writing a server's configuration and starting it. */
  @FunctionalInterface
  public interface InDir<T> {
    /**
     * @param dir the folder
     * @return the result, e.g. the started server, which owns the folder from then on
     * @throws IOException when a file cannot be written
     */
    T run(Path dir) throws IOException;
  }

  /**
   * @param prefix the folder name's start, e.g. {@code ycsb-hbase-}
   * @param work what to do in it
   * @param <T> the result type
   * @return what the work returned; when it throws, the folder is deleted first
   */
  public static <T> T startIn(String prefix, InDir<T> work) {
    Path dir;
    try {
      dir = Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return work.run(dir);
    } catch (IOException e) {
      deleteTree(dir);
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      deleteTree(dir);
      throw e;
    }
  }

  /**
   * Deletes a folder and everything in it, as far as it can: a leftover temporary folder is not
   * worth failing a test for.
   *
   * @param dir the folder
   */
  public static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // best effort
    }
  }
}
