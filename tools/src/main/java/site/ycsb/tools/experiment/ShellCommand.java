package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A plan's shell command ({@code before-run}, {@code after-run}, a fault), run with
 * {@code bash -c} in the current folder. It learns where it is through the environment:
 * {@code YCSB_EXPERIMENT_DIR}, {@code YCSB_RUN_DIR}, {@code YCSB_WORKLOAD}, {@code YCSB_REPETITION}.
 * Its output is appended to {@code commands.log} in the run's folder.
 */
final class ShellCommand {
  private ShellCommand() {
  }

  /**
   * @param command the plan's command
   * @param env variables for it
   * @param log the file its output is appended to
   * @return the started command
   * @throws IOException when bash cannot be started
   */
  static Process start(Plan.Command command, Map<String, String> env, Path log) throws IOException {
    ProcessBuilder b = new ProcessBuilder("bash", "-c", command.text())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    b.environment().putAll(env);
    return b.start();
  }

  /**
   * Runs a command to its end.
   *
   * @return its exit code
   */
  static int run(Plan.Command command, Map<String, String> env, Path log) throws IOException, InterruptedException {
    Process p = start(command, env, log);
    return p.waitFor();
  }

  /** @return the exit code of a started command, waiting at most {@code seconds}; -1 if it had to be killed */
  static int finish(Process p, long seconds) throws InterruptedException {
    if (p.waitFor(seconds, TimeUnit.SECONDS)) {
      return p.exitValue();
    }
    p.destroyForcibly();
    return -1;
  }
}
