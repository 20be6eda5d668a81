package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Runs a plan's faults inside one run: each command at its offset from the phase start (the
 * moment the run's workers are released, which the run writes to {@code start.txt}; the same
 * zero as {@code elapsed_ms} in its time series). A command is started at its time and left to
 * run (a freeze that lasts two seconds is one command that sleeps); it is waited for after the
 * run. What happened is written to {@code faults.csv}: planned offset, actual offset, exit code.
 */
final class FaultSchedule {
  private final List<Plan.Fault> faults;
  private final Path folder;
  private final Map<String, String> env;
  private final Path log;
  private final PhaseProcess phase;
  private final Thread thread;
  private final List<String> rows = new ArrayList<>();
  private final List<Process> started = new ArrayList<>();
  private volatile boolean stop;

  private FaultSchedule(List<Plan.Fault> faults, Path folder, Map<String, String> env, Path log, PhaseProcess phase) {
    this.faults = new ArrayList<>(faults);
    this.faults.sort(Comparator.comparingLong(Plan.Fault::atMillis));
    this.folder = folder;
    this.env = env;
    this.log = log;
    this.phase = phase;
    this.thread = new Thread(this::schedule, "ycsb-experiment-faults");
    this.thread.setDaemon(true);
  }

  static FaultSchedule start(List<Plan.Fault> faults, Path folder, Map<String, String> env, Path log,
                             PhaseProcess phase) {
    FaultSchedule s = new FaultSchedule(faults, folder, env, log, phase);
    s.thread.start();
    return s;
  }

  private void schedule() {
    long start = awaitStart();
    for (Plan.Fault f : faults) {
      if (start < 0) {
        rows.add(f.atMillis() + ",,,not reached: the run never started");
        continue;
      }
      long due = start + f.atMillis();
      long now;
      while (!stop && phase.isAlive() && (now = System.currentTimeMillis()) < due) {
        sleep(Math.min(due - now, 50));
      }
      if (stop || !phase.isAlive()) {
        rows.add(f.atMillis() + ",,,not reached: the run ended first");
        continue;
      }
      long at = System.currentTimeMillis() - start;
      try {
        started.add(ShellCommand.start(f.command(), env, log));
        rows.add(f.atMillis() + "," + at + ",started," + quote(f.command().text()));
      } catch (IOException e) {
        rows.add(f.atMillis() + "," + at + ",not started: " + quote(e.getMessage()) + "," + quote(f.command().text()));
      }
    }
  }

  /** @return the phase start (epoch ms) as the run wrote it, or -1 when the run ended before */
  private long awaitStart() {
    Path marker = folder.resolve("start.txt");
    while (!stop && phase.isAlive()) {
      if (Files.isRegularFile(marker)) {
        try {
          String s = Files.readString(marker, StandardCharsets.UTF_8).trim();
          if (!s.isEmpty()) {
            return Long.parseLong(s);
          }
        } catch (IOException | NumberFormatException e) {
          // being written: look again
        }
      }
      sleep(5);
    }
    return -1;
  }

  /**
   * After the run: lets the commands end (at most a minute each) and writes faults.csv.
   *
   * @return one line per fault that did not happen as planned: its command failed (non-zero exit)
   *     or could not be started; empty when every fault happened
   */
  List<String> finish() throws IOException, InterruptedException {
    stop = true;
    thread.join();
    List<String> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    out.add("planned_at_ms,started_at_ms,status,command");
    int k = 0;
    int f = 0;
    for (String row : rows) {
      Plan.Fault fault = faults.get(f++);
      String what = "the fault at " + fault.atMillis() + " ms (plan line " + fault.command().line() + ", "
          + fault.command().text() + ")";
      if (row.contains(",started,") && k < started.size()) {
        int exit = ShellCommand.finish(started.get(k++), 60);
        row = row.replace(",started,", ",exit " + exit + ",");
        if (exit != 0) {
          problems.add(what + " failed with exit code " + exit);
        }
      } else if (row.contains(",not started: ")) {
        problems.add(what + " could not be started");
      }
      out.add(row);
    }
    Files.write(folder.resolve("faults.csv"), out, StandardCharsets.UTF_8);
    return problems;
  }

  private static String quote(String s) {
    return "\"" + String.valueOf(s).replace("\"", "\"\"") + "\"";
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
