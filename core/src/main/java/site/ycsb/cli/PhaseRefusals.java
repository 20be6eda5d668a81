package site.ycsb.cli;

import java.nio.file.Path;
import site.ycsb.DB;
import site.ycsb.props.FileProblems;

/**
 * What a phase refuses before it starts, rather than after a whole run: a summary file that cannot
 * be written, {@code inflight} with a binding or workload that cannot take it.
 */
final class PhaseRefusals {
  private PhaseRefusals() {
  }

  /** The summary is written when the phase ends: a file that cannot be written is refused before it starts. */
  static void checkExportFile(String file) throws UsageException {
    if (file == null || file.isBlank()) {
      return;
    }
    String why = FileProblems.whyNotWritable(Path.of(file));
    if (why != null) {
      throw new UsageException("property exportfile=" + file + " cannot be written: " + why
          + "; expected a file in an existing, writable folder");
    }
  }

  /** {@code inflight} needs a binding with an asynchronous side and a workload that plans its operations. */
  static void checkAsynchronous(Class<? extends DB> binding, String workloadClass) throws UsageException {
    if (!site.ycsb.AsyncDB.class.isAssignableFrom(binding)) {
      throw new UsageException("property inflight is set, but binding " + binding.getName()
          + " has no asynchronous side (site.ycsb.AsyncDB): leave inflight out to run it on the blocking path,"
          + " one operation per thread");
    }
    try {
      String why = site.ycsb.workloads.OperationPlanner.cannotPlan(Class.forName(workloadClass));
      if (why != null) {
        throw new UsageException("property inflight is set, but workload " + workloadClass + " " + why
            + ": leave inflight out");
      }
    } catch (ClassNotFoundException e) {
      // reported as an unknown workload when it is made
    }
  }
}
