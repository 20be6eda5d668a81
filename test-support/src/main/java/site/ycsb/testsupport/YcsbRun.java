package site.ycsb.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import site.ycsb.cli.Ycsb;

/**
 * One benchmark command ({@code load} or {@code run}) executed in the test JVM through the
 * command line's entry point {@link Ycsb#execute(String[], PrintStream, PrintStream)}, with its
 * output captured.
 *
 * <pre>
 * YcsbRun load = YcsbRun.execute("load", "redis", "-P", YcsbRun.workload("workloada").toString(),
 *     "-p", "redis.port=" + server.port(), "-p", "recordcount=500");
 * assertEquals(0, load.exitCode(), load.describe());
 * assertEquals(500, load.results().getLong("INSERT", "Operations"), load.describe());
 * </pre>
 */
public final class YcsbRun {
  private final int exitCode;
  private final String out;
  private final String err;

  private YcsbRun(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs one command as {@code bin/ycsb args...} would.
   *
   * @param args the command line, e.g. {@code "run", "redis", "-P", file, "-p", "x=y"}
   * @return exit code and captured output
   */
  public static YcsbRun execute(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Ycsb.execute(args, o, e);
    }
    return new YcsbRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * Finds a workload file of the project ({@code workloads/NAME}), looking in the working
   * directory and its parents (a module's tests run in the module's folder).
   *
   * @param name e.g. {@code workloada}
   * @return its path
   * @throws IllegalStateException when there is no such file
   */
  public static Path workload(String name) {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("workloads").resolve(name);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no workloads/" + name + " in " + Paths.get("").toAbsolutePath() + " or above");
  }

  /** @return the exit code (0 = success) */
  public int exitCode() {
    return exitCode;
  }

  /** @return what went to stdout (the results) */
  public String out() {
    return out;
  }

  /** @return what went to stderr (status lines, warnings, errors) */
  public String err() {
    return err;
  }

  /** @return the result lines of stdout */
  public Results results() {
    return Results.parse(out);
  }

  /** @return exit code, stdout and stderr, for assertion messages */
  public String describe() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
