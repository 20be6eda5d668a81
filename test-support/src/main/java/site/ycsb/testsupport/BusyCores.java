package site.ycsb.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * Other work on the machine: one spinning thread per core, from construction until close, so a
 * test shows what holds on a loaded machine (CI's) rather than on a quiet one.
 */
public final class BusyCores implements AutoCloseable {
  private final List<Thread> spinners = new ArrayList<>();
  private volatile boolean spinning = true;

  /** Starts the spinning threads. */
  public BusyCores() {
    int cores = Runtime.getRuntime().availableProcessors();
    for (int i = 0; i < cores; i++) {
      Thread t = new Thread(this::spin, "busy-core-" + i);
      t.setDaemon(true);
      t.start();
      spinners.add(t);
    }
  }

  private void spin() {
    long x = 0;
    while (spinning) {
      x ^= System.nanoTime();
    }
    if (x == 42) {
      Thread.yield(); // keeps the loop from being optimised away
    }
  }

  @Override
  public void close() throws InterruptedException {
    spinning = false;
    for (Thread t : spinners) {
      t.join();
    }
  }
}
