package site.ycsb.props;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Why a file or folder cannot be used, in the words of the operating system ("no such file or
 * directory", "permission denied", "not a directory", "read-only file system"), so a message says
 * the cause and not only the path. Also checks, before a run spends its time, that a file it will
 * write at the end can be written.
 */
public final class FileProblems {
  private FileProblems() {
  }

  /**
   * @param e what a file operation threw
   * @return the cause in a few words, without the path the message already names
   */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "it exists and is not a directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return lowerFirst(f.getReason());
    }
    String m = e.getMessage();
    if (m == null) {
      return e.getClass().getSimpleName();
    }
    // java.io reports "PATH (Reason)"
    int open = m.lastIndexOf(" (");
    return lowerFirst(open >= 0 && m.endsWith(")") ? m.substring(open + 2, m.length() - 1) : m);
  }

  /**
   * Checks that a file can be created or replaced, without creating it.
   *
   * @param file the file a phase will write when it ends
   * @return null when it can, else why not
   */
  public static String whyNotWritable(Path file) {
    Path abs = file.toAbsolutePath();
    if (Files.isDirectory(abs)) {
      return "it is a directory";
    }
    if (Files.exists(abs)) {
      return Files.isWritable(abs) ? null : "permission denied";
    }
    Path parent = abs.getParent();
    if (parent == null) {
      return null;
    }
    // the nearest folder that exists says why the file cannot be made
    Path existing = parent;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing != parent) {
      return existing != null && !Files.isDirectory(existing) ? existing + " is not a directory"
          : "no such directory " + parent;
    }
    if (!Files.isDirectory(parent)) {
      return parent + " is not a directory";
    }
    return Files.isWritable(parent) ? null : "permission denied in " + parent;
  }

  private static String lowerFirst(String s) {
    return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }
}
