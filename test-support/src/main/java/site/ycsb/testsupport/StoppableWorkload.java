package site.ycsb.testsupport;

import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * CoreWorkload, unchanged, that a test can end in the middle of a phase run in its own JVM
 * ({@link YcsbRun}), as a workload that has no more operations ends it ({@link #requestStop()}):
 * for a run whose length depends on what no one can time ahead, such as a server's restart on a
 * busy machine. Select it with {@code -p workload=site.ycsb.testsupport.StoppableWorkload}; it plans
 * its operations as CoreWorkload does, so it runs on both paths.
 */
public class StoppableWorkload extends CoreWorkload {
  private static final Set<StoppableWorkload> RUNNING = ConcurrentHashMap.newKeySet();

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    RUNNING.add(this);
  }

  @Override
  public void cleanup() throws WorkloadException {
    RUNNING.remove(this);
    super.cleanup();
  }

  /**
   * Asks every phase running with this workload in this JVM to stop: each worker ends after the
   * operation it is making.
   *
   * @return how many phases were asked
   */
  public static int stopAll() {
    int n = 0;
    for (StoppableWorkload w : RUNNING) {
      w.requestStop();
      n++;
    }
    return n;
  }
}
