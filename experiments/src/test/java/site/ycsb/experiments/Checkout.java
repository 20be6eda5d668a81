package site.ycsb.experiments;

import java.nio.file.Path;
import site.ycsb.testsupport.YcsbRun;

/** Where this module's tests find the checkout's files: the example plans, traces, workloads. */
final class Checkout {
  private Checkout() {
  }

  /**
   * @param relative a path from the checkout's root, e.g. {@code traces/cache-trace-example.csv.gz}
   * @return that file, found beside the workloads the runs take
   */
  static Path file(String relative) {
    return YcsbRun.workload("workloada").getParent().getParent().resolve(relative);
  }

  /** @return the folder of the example plans (this module's own) */
  static Path plans() {
    return file("experiments");
  }
}
