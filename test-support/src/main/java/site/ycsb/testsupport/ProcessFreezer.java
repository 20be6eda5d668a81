package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Freezes a process (SIGSTOP) and lets it go on (SIGCONT), as a server in a long pause would
 * behave: it keeps its connections open but answers nothing. For a server started through
 * {@link ServerProcess}, its {@code pause()} and {@code resume()}; for one started otherwise, these.
 */
public final class ProcessFreezer {
  private ProcessFreezer() {
  }

  /** Sends SIGSTOP and waits until every thread of the process has stopped. */
  public static void freeze(long pid) {
    signal(pid, "STOP");
    awaitStopped(pid);
  }

  /** Sends SIGCONT. */
  public static void thaw(long pid) {
    signal(pid, "CONT");
  }

  /**
   * Waits until every thread of the process is stopped: {@code kill} returns once the signal is
   * sent, and a thread busy on another core may still answer a request before it stops.
   */
  private static void awaitStopped(long pid) {
    Path tasks = Path.of("/proc", Long.toString(pid), "task");
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < giveUp) {
      try (Stream<Path> all = Files.list(tasks)) {
        if (all.allMatch(ProcessFreezer::isStopped)) {
          return;
        }
      } catch (IOException | UncheckedIOException e) {
        return; // no /proc (or the process is gone): nothing more to wait for
      }
      Thread.onSpinWait();
    }
  }

  /** @return whether a thread's state in {@code /proc/PID/task/TID/stat} is stopped ({@code T}) */
  private static boolean isStopped(Path task) {
    try {
      String stat = Files.readString(task.resolve("stat"));
      // "tid (name) S ...": the state follows the name, which may itself hold spaces and parentheses
      int close = stat.lastIndexOf(')');
      return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'T';
    } catch (IOException e) {
      return true; // the thread ended
    }
  }

  private static void signal(long pid, String name) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
          .redirectErrorStream(true).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException("kill -" + name + " " + pid + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while signalling " + name, e);
    }
  }
}
