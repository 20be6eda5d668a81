package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import site.ycsb.cli.Run;

/**
 * Real results folders for the report tests, made once per test JVM: three runs of workload A
 * against the simulated database on virtual time at 100, 200 and 400 ops/s with four threads (a
 * target sweep), one at 200 ops/s with two threads (differs in both target and threads from the
 * first), and a repetition of the 200 ops/s run. Their 15 s of runs take a moment.
 */
final class SampleRuns {
  private static Path root;
  private static List<Path> sweep;
  private static Path twoThreads;
  private static Path repeat;

  private SampleRuns() {
  }

  /** @return the three folders of the target sweep, named t100, t200, t400 */
  static synchronized List<Path> sweep() {
    make();
    return sweep;
  }

  /** @return a folder run with 2 threads at 200 ops/s */
  static synchronized Path twoThreads() {
    make();
    return twoThreads;
  }

  /** @return a second run with the configuration of the sweep's 200 ops/s run */
  static synchronized Path repeatOf200() {
    make();
    return repeat;
  }

  /** @return a fresh empty folder under the shared temporary folder */
  static synchronized Path scratch(String name) {
    make();
    try {
      return Files.createTempDirectory(root, name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void make() {
    if (root != null) {
      return;
    }
    try {
      root = Files.createTempDirectory("ycsb-report-test");
      Runtime.getRuntime().addShutdownHook(new Thread(SampleRuns::delete));
      List<Path> dirs = new ArrayList<>();
      for (int target : new int[] {100, 200, 400}) {
        dirs.add(run(root.resolve("t" + target), target, 4));
      }
      sweep = List.copyOf(dirs);
      twoThreads = run(root.resolve("t200-2threads"), 200, 2);
      repeat = run(root.resolve("t200-again"), 200, 4);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A run of 3 s on virtual time, calls taking 1 ms on average (exponential). The seed of the
   * service times is the configuration's: a repetition draws the same ones, and differs from its
   * first run by the workload's own choices of operations and keys.
   */
  private static Path run(Path dir, int target, int threads) {
    Run r = Run.of("run", "simulated", "-P", "../workloads/workloada", "-p", "simulated.servicetime=1ms",
        "-p", "simulated.servicedistribution=exponential", "-p", "simulated.seed=" + (target * 10 + threads),
        "-p", "operationcount=0", "-p", "maxexecutiontime=3", "-p", "resultsdir=" + dir,
        "-target", Integer.toString(target), "-threads", Integer.toString(threads));
    assertEquals(0, r.exitCode, r.toString());
    return dir;
  }

  private static void delete() {
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temporary folder is harmless
    }
  }
}
