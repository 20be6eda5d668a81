package site.ycsb.tools.scaleout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import site.ycsb.props.FileProblems;

/**
 * The release package fanout copies to the hosts ({@code --package}), checked before anything is
 * written or copied: a file that is missing, unreadable or not a {@code .tar.gz} with one top
 * folder is the user's to correct.
 *
 * @param file the package
 * @param sha256 its checksum, by which a host that has it already is recognized
 * @param topFolder the folder it unpacks into
 */
record ReleasePackage(Path file, String sha256, String topFolder) {
  /** A package given that cannot be used; the message is one line naming it and why. */
  static final class NotAPackageException extends Exception {
    private static final long serialVersionUID = 1L;

    NotAPackageException(String message) {
      super(message);
    }
  }

  private static final String EXPECTED = "expected the .tar.gz that mvn package builds"
      + " (distribution/target/ycsb-VERSION.tar.gz)";

  /**
   * @param file the package given
   * @return it, checked
   * @throws NotAPackageException when it is not a package that can be used
   * @throws IOException when {@code tar} cannot be run to list it
   */
  static ReleasePackage of(Path file) throws NotAPackageException, IOException, InterruptedException {
    if (Files.isDirectory(file)) {
      throw new NotAPackageException("--package " + file + " is a directory: " + EXPECTED);
    }
    String sha;
    try {
      sha = sha256(file);
    } catch (NoSuchFileException e) {
      throw new NotAPackageException("no release package at " + file + ": " + EXPECTED);
    } catch (IOException e) {
      throw new NotAPackageException("cannot read --package " + file + ": " + FileProblems.reason(e));
    }
    String top = topFolder(file);
    if (top == null) {
      throw new NotAPackageException("--package " + file + " is not a release package (not a .tar.gz with one top"
          + " folder): " + EXPECTED);
    }
    return new ReleasePackage(file, sha, top);
  }

  /** @return the folder the archive's first entry is in, or null when tar lists no such entry */
  private static String topFolder(Path file) throws IOException, InterruptedException {
    // only tar's listing counts: its complaints about a file that is not an archive go elsewhere
    Process p = new ProcessBuilder("tar", "-tzf", file.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String first;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      first = r.readLine();
      p.destroy();
    }
    p.waitFor();
    if (first == null || first.indexOf('/') <= 0) {
      return null;
    }
    return first.substring(0, first.indexOf('/'));
  }

  private static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      int n;
      while ((n = in.read(buf)) > 0) {
        d.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(d.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
