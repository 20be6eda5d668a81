package site.ycsb.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.durability.VerificationOutcome;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.DurabilityLines;
import site.ycsb.results.ResultLine;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.PhaseSettings;
import site.ycsb.runner.VerificationPass;
import site.ycsb.workloads.CoreWorkload;

/**
 * The {@code [DURABILITY]} section of a phase with {@code durability=true}: after the phase, the
 * verification pass (outside the measured window, as the cleanup) and the lines it makes, which
 * the summary and the results folder's last summary carry; and on stderr what was lost or stale.
 * A closed economy's {@code [TRANSACTIONS]} check ({@link PhaseTransactions}) follows it, the other
 * check of what the database kept.
 */
final class PhaseDurability {
  private final PhaseTransactions transactions = new PhaseTransactions();
  /** Filled in once the verification pass after the phase has run; read by the summary's maker. */
  private final List<ResultLine> lines = new CopyOnWriteArrayList<>();

  /** @return {@code extra} followed by the durability lines, once there are any */
  List<ResultLine> after(List<ResultLine> extra) {
    extra = transactions.after(extra);
    if (lines.isEmpty()) {
      return extra;
    }
    List<ResultLine> all = new ArrayList<>(extra);
    all.addAll(lines);
    return all;
  }

  /**
   * Runs the verification pass when the workload tracked what it wrote, and makes the lines.
   *
   * @param workload the phase's workload
   * @param props the phase's properties
   * @param newBinding makes a binding instance for the pass's readers
   * @param settings the phase's settings: its threads read
   * @param errors where the pass's failures are reported once
   * @param err where what was lost or stale is said
   */
  void check(Workload workload, Properties props, Supplier<DB> newBinding, PhaseSettings settings, ErrorLog errors,
             PrintStream err) {
    transactions.check(workload, settings.load(), newBinding, errors, err, settings.retries().aborts());
    int threads = settings.threads();
    if (!(workload instanceof CoreWorkload) || ((CoreWorkload) workload).durability() == null) {
      return;
    }
    DurabilityTracker tracker = ((CoreWorkload) workload).durability();
    VerificationOutcome verification = null;
    if (CoreProperties.DURABILITY_VERIFY.getBoolean(props)) {
      try {
        verification = VerificationPass.run(tracker, newBinding, threads, errors);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("NOTE: interrupted during the durability verification; its figures are left out");
      }
    }
    lines.addAll(DurabilityLines.of(tracker, verification));
    if (verification != null && (verification.lost() > 0 || verification.unverified() > 0)) {
      err.println("NOTE: " + verification.lost() + " of " + verification.keysWritten() + " keys written lost their"
          + " last acknowledged write" + (verification.unverified() > 0
          ? "; " + verification.unverified() + " could not be read" : "") + " (see [DURABILITY])");
    }
    if (tracker.staleReads() > 0) {
      err.println("NOTE: " + tracker.staleReads() + " of " + tracker.readsJudged() + " reads of keys this client"
          + " wrote returned an older write than one acknowledged before they started (see [STALE-READ])");
    }
  }
}
