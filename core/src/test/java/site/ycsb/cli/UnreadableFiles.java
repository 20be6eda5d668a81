package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Files without read permission, and commands run so that they cannot read them. A file without
 * read permission is unreadable to root only without root's right to read any file, so as root the
 * commands run under {@code capsh} with that right dropped.
 */
public final class UnreadableFiles {
  private static final Path CAPSH = Path.of("/usr/sbin/capsh");
  private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

  private UnreadableFiles() {
  }

  /** What a command printed and returned. */
  public record Result(int exit, String out, String err) {
    /** @return stderr's lines, without the blank ones at either end */
    public List<String> errLines() {
      return err.strip().lines().toList();
    }
  }

  /** @return a file holding {@code text} that nobody may read */
  public static Path unreadable(Path dir, String name, String text) throws IOException {
    Path f = Files.writeString(dir.resolve(name), text);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    return f;
  }

  /** @return the command that runs the engine's command line in a JVM of its own, on this class path */
  public static List<String> engine(String... args) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Ycsb.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /**
   * Runs the command as this user, but without root's right to read files that forbid it.
   *
   * @param path the command's PATH
   */
  public static Result withoutReadingRights(List<String> cmd, Path path) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>();
    if (ROOT) {
      Assumptions.assumeTrue(Files.isExecutable(CAPSH), "running as root without capsh to drop the right to read");
      all.addAll(List.of(CAPSH.toString(), "--drop=cap_dac_override,cap_dac_read_search", "--", "-c",
          "exec \"$@\"", "capsh"));
    }
    all.addAll(cmd);
    return start(all, path);
  }

  /** Runs the command with {@code path} as its PATH and no CLASSPATH, and waits at most a minute for it. */
  public static Result start(List<String> cmd, Path path) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(cmd);
    b.environment().put("PATH", path.toString());
    b.environment().remove("CLASSPATH");
    Process p = b.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
    return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
        new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
