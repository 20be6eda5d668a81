package site.ycsb.results;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time this JVM's just-in-time compilers have used. Until the compilers are done, a run's
 * CPU per operation holds their work too: at a low rate (a few thousand operations a second) C2
 * may still be compiling half a minute into a run, and its time can be larger than the
 * operations' own. Told apart, a short run's CPU per operation shows what an operation costs once
 * the code is compiled, and how much of the figure was the compiler's one-off work.
 *
 * <p>On Linux the compiler threads' own CPU time is read from {@code /proc/self/task} (threads
 * named {@code C1 CompilerThre...}, {@code C2 CompilerThre...}, {@code JVMCI...}); a compiler
 * thread the JVM retires between two readings takes its time with it, so the figure may fall
 * short, never exceed. Elsewhere the JVM's own estimate of the time spent compiling
 * ({@link CompilationMXBean}) stands in.
 */
public final class CompilerCpu {
  /** Linux's clock ticks per second for the times in {@code stat} (USER_HZ, 100 on every common build). */
  private static final long TICKS_PER_SECOND = 100;
  private static final Path TASKS = Path.of("/proc/self/task");

  private CompilerCpu() {
  }

  /** @return the compilers' CPU time so far in nanoseconds, or -1 when it cannot be known */
  public static long nanos() {
    long fromProc = fromTasks(TASKS);
    if (fromProc >= 0) {
      return fromProc;
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return -1;
    }
    return jit.getTotalCompilationTime() * 1_000_000L;
  }

  /**
   * @param tasks a process's task folder ({@code /proc/PID/task})
   * @return the CPU time of its compiler threads in nanoseconds, or -1 when the folder cannot be read
   */
  static long fromTasks(Path tasks) {
    if (!Files.isDirectory(tasks)) {
      return -1;
    }
    try (Stream<Path> all = Files.list(tasks)) {
      long ticks = 0;
      for (Path task : (Iterable<Path>) all::iterator) {
        ticks += compilerTicks(task);
      }
      return ticks * (1_000_000_000L / TICKS_PER_SECOND);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** @return user + system ticks of one thread if it is a compiler thread, else 0 (also when it has just ended) */
  private static long compilerTicks(Path task) {
    try {
      String name = Files.readString(task.resolve("comm")).trim();
      if (!isCompiler(name)) {
        return 0;
      }
      String stat = Files.readString(task.resolve("stat"));
      // the fields after the name, which is in parentheses and may hold spaces: state is the
      // first, utime and stime the 12th and 13th
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  static boolean isCompiler(String threadName) {
    return threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre")
        || threadName.startsWith("JVMCI");
  }
}
