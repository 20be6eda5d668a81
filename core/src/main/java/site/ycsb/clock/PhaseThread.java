package site.ycsb.clock;

import java.util.random.RandomGenerator;

/**
 * A thread a phase's clock makes for the phase's work (its workers, its sampler). It carries the
 * random source of the operation its worker is making, so that every draw of the operation finds
 * it with a type check on the current thread; a {@code ThreadLocal} lookup per draw cost about a
 * tenth of the blocking path's throughput with the basic binding (docs/performance.md).
 */
public final class PhaseThread extends Thread {
  private RandomGenerator operationRandom;

  /**
   * @param task what the thread runs
   * @param name the thread's name
   */
  public PhaseThread(Runnable task, String name) {
    super(task, name);
  }

  /** @return the source of this thread's operation draws; null when none is installed */
  public RandomGenerator operationRandom() {
    return operationRandom;
  }

  /** @param source the source of this thread's operation draws; null to remove it. This thread only. */
  public void operationRandom(RandomGenerator source) {
    this.operationRandom = source;
  }
}
