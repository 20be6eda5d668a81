package site.ycsb.distribution;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands the way a host with only a Java runtime would: a PATH holding the shell tools
 * bin/ycsb uses and nothing else (no mvn, no java: JAVA_HOME names the runtime).
 */
final class JavaOnlyShell {
  private static final long TIMEOUT_SECONDS = 180;

  private final Path work;
  private final Path tools;

  /** A command's outcome, printed whole when an assertion on it fails. */
  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  /** @param work a folder for the tool links and the commands' output */
  JavaOnlyShell(Path work) throws IOException {
    this.work = work;
    this.tools = toolFolder(work.resolve("tools"));
  }

  /**
   * @param folder where to make it
   * @return a folder of links to the shell tools bin/ycsb uses, to be a PATH without mvn or java
   */
  static Path toolFolder(Path folder) throws IOException {
    Files.createDirectories(folder);
    for (String t : List.of("bash", "sed", "grep", "paste", "ls", "basename", "dirname", "head", "tr", "cat",
        "find", "mktemp", "rm", "sort", "env")) {
      for (String d : List.of("/usr/bin", "/bin")) {
        Path p = Path.of(d, t);
        if (Files.isExecutable(p) && !Files.exists(folder.resolve(t))) {
          Files.createSymbolicLink(folder.resolve(t), p);
        }
      }
    }
    return folder;
  }

  /** Runs a command with the Java-only PATH. */
  Result run(Path cwd, String... cmd) throws IOException, InterruptedException {
    return exec(cwd, true, cmd);
  }

  /** Runs a tool of this machine (tar) with the test's own environment. */
  Result host(Path cwd, String... cmd) throws IOException, InterruptedException {
    return exec(cwd, false, cmd);
  }

  /** Unpacks a tar.gz into a new folder {@code into} and returns that folder. */
  Path unpack(Path tarball, Path into) throws IOException, InterruptedException {
    Files.createDirectories(into);
    Result r = host(into, "tar", "-xzf", tarball.toString());
    if (r.exit != 0) {
      throw new AssertionError("cannot unpack " + tarball + ": " + r);
    }
    return into;
  }

  private Result exec(Path cwd, boolean javaOnly, String... cmd) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(cmd).directory(cwd.toFile());
    File out = Files.createTempFile(work, "out", ".txt").toFile();
    File err = Files.createTempFile(work, "err", ".txt").toFile();
    b.redirectOutput(out).redirectError(err);
    if (javaOnly) {
      b.environment().put("PATH", tools.toString());
      b.environment().put("JAVA_HOME", System.getProperty("java.home"));
      b.environment().remove("MAVEN_HOME");
      b.environment().remove("M2_HOME");
    }
    Process p = b.start();
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("did not finish within " + TIMEOUT_SECONDS + " s: " + String.join(" ", cmd));
    }
    return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8));
  }
}
