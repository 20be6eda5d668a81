package site.ycsb.tools.experiment;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One phase ({@code load} or {@code run}) of an experiment in a JVM of its own, as a study's
 * script would start {@code bin/ycsb}: every run starts from the same state (no JIT profile, heap
 * or connection of an earlier run carried over), and a run that hangs or crashes cannot take the
 * experiment with it. Its summary goes to {@code output.txt} and its messages to
 * {@code stderr.txt} in the folder; the results folder itself is the phase's {@code resultsdir}.
 */
final class PhaseProcess {
  private final Process process;

  private PhaseProcess(Process process) {
    this.process = process;
  }

  /**
   * @param args the command line of {@code ycsb}, e.g. {@code run redis -P ...}
   * @param logs the folder that receives output.txt and stderr.txt
   * @return the started phase
   * @throws IOException when the JVM cannot be started
   */
  static PhaseProcess start(List<String> args, Path logs) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      // heap and GC settings given to the experiment (-jvm-args) apply to its runs too
      if (a.startsWith("-Xm") || a.startsWith("-XX:") || a.startsWith("-Xss")) {
        cmd.add(a);
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("site.ycsb.cli.Ycsb");
    cmd.addAll(args);
    ProcessBuilder b = new ProcessBuilder(cmd)
        .redirectOutput(logs.resolve("output.txt").toFile())
        .redirectError(logs.resolve("stderr.txt").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return new PhaseProcess(b.start());
  }

  /** @return the exit code, once the phase ended */
  int await() throws InterruptedException {
    return process.waitFor();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Ends the phase as Ctrl-C would (SIGTERM: it stops measuring and writes its results), waiting
   * for that at most {@code graceSeconds}, then kills it.
   */
  void interrupt(long graceSeconds) {
    process.destroy();
    try {
      if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
