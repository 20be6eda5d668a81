package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs the phases of one or more {@link FaultRun}s side by side, each in a results folder of its
 * own, with one fault (and one restore) for all of them, timed from the phases themselves.
 */
final class FaultRunsTogether {
  private FaultRunsTogether() {
  }

  /** Runs the phases at once, each on a thread of its own, and strikes once for all of them. */
  static void execute(List<FaultRun> runs) {
    FaultRun first = runs.get(0);
    List<java.nio.file.Path> dirs = new ArrayList<>();
    try {
      for (int i = 0; i < runs.size(); i++) {
        dirs.add(Files.createTempDirectory("ycsb-fault-run-"));
      }
    } catch (IOException e) {
      dirs.forEach(ServerDirs::deleteTree);
      throw new UncheckedIOException(e);
    }
    // threads of their own: the common pool of a 2-core machine has one, and would run these in turn
    ExecutorService threads = Executors.newFixedThreadPool(runs.size() + 1, r -> {
      Thread t = new Thread(r, "fault-run");
      t.setDaemon(true);
      return t;
    });
    try {
      Future<?> faults = threads.submit(() -> strike(first, runs, dirs));
      List<Future<?>> phases = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        FaultRun r = runs.get(i);
        java.nio.file.Path dir = dirs.get(i);
        phases.add(threads.submit(() -> r.runPhase(dir)));
      }
      for (Future<?> phase : phases) {
        phase.get();
      }
      for (FaultRun r : runs) {
        r.afterPhase(faults);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the fault run went on", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a phase of the fault run failed: " + e.getCause(), e.getCause());
    } finally {
      threads.shutdownNow();
      dirs.forEach(ServerDirs::deleteTree);
    }
  }

  /**
   * Waits until every phase's time series shows it has run long enough, then strikes once, and
   * restores once.
   */
  private static void strike(FaultRun f, List<FaultRun> runs, List<java.nio.file.Path> dirs) {
    long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    long[] starts = new long[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      TimeSeries seen = TimeSeries.read(dirs.get(i));
      while (seen.lastEndMillis() + f.granularityMillis / 2 < f.faultAfterMillis) {
        if (runs.get(i).ended || System.nanoTime() > giveUp) {
          return;
        }
        FaultRun.sleep(20);
        seen = TimeSeries.read(dirs.get(i));
      }
      starts[i] = seen.phaseStartEpochMillis();
    }
    f.fault.run();
    long faultAt = System.currentTimeMillis();
    for (int i = 0; i < runs.size(); i++) {
      runs.get(i).faultAtMillis = faultAt - starts[i];
    }
    if (f.restore == null) {
      return;
    }
    f.restore.run();
    long restoredAt = System.currentTimeMillis();
    for (int i = 0; i < runs.size(); i++) {
      runs.get(i).restoredAtMillis = restoredAt - starts[i];
    }
    if (f.endAfterRecoveryMillis >= 0) {
      endAfterRecovery(f.endAfterRecoveryMillis, runs, dirs, starts, giveUp);
    }
  }

  /**
   * Waits until each phase has an interval after the restore that holds successes, then until the
   * last of them has gone on for the time asked, and stops them all.
   */
  private static void endAfterRecovery(long millis, List<FaultRun> runs, List<java.nio.file.Path> dirs,
                                       long[] starts, long giveUp) {
    long[] recoveredAt = new long[runs.size()];
    Arrays.fill(recoveredAt, -1);
    while (System.nanoTime() < giveUp && runs.stream().noneMatch(r -> r.ended)) {
      boolean allRecovered = true;
      long stopAt = 0;
      for (int i = 0; i < runs.size(); i++) {
        if (recoveredAt[i] < 0) {
          recoveredAt[i] = firstSuccessAfter(dirs.get(i), runs.get(i).restoredAtMillis, starts[i]);
        }
        allRecovered &= recoveredAt[i] >= 0;
        stopAt = Math.max(stopAt, recoveredAt[i] + millis);
      }
      if (allRecovered && System.currentTimeMillis() >= stopAt) {
        long now = System.currentTimeMillis();
        for (int i = 0; i < runs.size(); i++) {
          runs.get(i).stoppedAtMillis = now - starts[i];
        }
        StoppableWorkload.stopAll();
        return;
      }
      FaultRun.sleep(20);
    }
  }

  /**
   * @return when (epoch ms) the first interval of the phase begun at or after {@code sinceMillis}
   *     that holds successes ended, or -1 when there is none yet
   */
  private static long firstSuccessAfter(java.nio.file.Path dir, long sinceMillis, long phaseStart) {
    for (TimeSeries.Interval in : TimeSeries.read(dir).startingFrom(sinceMillis)) {
      if (in.succeeded() > 0) {
        return phaseStart + in.endMillis();
      }
    }
    return -1;
  }
}
