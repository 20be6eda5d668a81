package site.ycsb.generator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lines of a text file, one per {@link #nextValue()}, in order; null once the file is
 * exhausted, until {@link #reloadFile()} starts it over. Safe to share between threads: each line
 * is handed out once.
 */
public class FileGenerator extends Generator<String> {
  private final Path file;
  private BufferedReader reader;
  private volatile String current;

  /**
   * @param filename the file to read lines from (UTF-8)
   * @throws UncheckedIOException when it cannot be opened
   */
  public FileGenerator(String filename) {
    this.file = Path.of(filename);
    reloadFile();
  }

  /** @return the next line, or null at the end of the file */
  @Override
  public synchronized String nextValue() {
    try {
      current = reader.readLine();
      return current;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** @return the line read last, or null before the first */
  @Override
  public String lastValue() {
    return current;
  }

  /** Starts again from the first line. */
  public synchronized void reloadFile() {
    try {
      BufferedReader fresh = Files.newBufferedReader(file, StandardCharsets.UTF_8);
      if (reader != null) {
        reader.close();
      }
      reader = fresh;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
