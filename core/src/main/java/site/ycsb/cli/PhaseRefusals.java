package site.ycsb.cli;

import java.nio.file.Path;
import site.ycsb.DB;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.FileProblems;
import site.ycsb.workloads.ClosedEconomyProperties;

/**
 * What a phase refuses before it starts, rather than after a whole run: a summary file that cannot
 * be written, {@code inflight} with a binding or workload that cannot take it, a closed economy on a
 * binding without transactions.
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

  /** A closed economy's run makes its transfers as transactions unless told not to: the binding must have them. */
  static void checkTransactions(Class<? extends DB> binding, java.util.Properties props, boolean load)
      throws UsageException {
    if (plansTransactions(props, load) && !site.ycsb.TransactionalDB.class.isAssignableFrom(binding)) {
      String workload = CoreProperties.WORKLOAD.get(props);
      throw new UsageException("workload " + workload + " makes its transfers as transactions, but binding "
          + binding.getName() + " has none (site.ycsb.TransactionalDB): use a binding with transactions, or set"
          + " closedeconomy.transactions=false to make their reads and writes one by one");
    }
  }

  /** @return whether the phase's workload makes transactions: a closed economy's run, unless told not to */
  static boolean plansTransactions(java.util.Properties props, boolean load) {
    if (load) {
      return false;
    }
    try {
      return site.ycsb.workloads.ClosedEconomyWorkload.class.isAssignableFrom(
          Class.forName(CoreProperties.WORKLOAD.get(props))) && ClosedEconomyProperties.TRANSACTIONS.getBoolean(props);
    } catch (ClassNotFoundException e) {
      // reported as an unknown workload when it is made
      return false;
    }
  }
}
