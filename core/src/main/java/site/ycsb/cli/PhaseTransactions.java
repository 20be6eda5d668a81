package site.ycsb.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.results.ResultLine;
import site.ycsb.results.TransactionLines;
import site.ycsb.runner.AbortCounts;
import site.ycsb.runner.BindingAfterPhase;
import site.ycsb.runner.ErrorLog;
import site.ycsb.workloads.ClosedEconomyWorkload;
import site.ycsb.workloads.EconomyCheck;

/**
 * The {@code [TRANSACTIONS]} section of a closed economy's run phase: after the phase (outside the
 * measured window, as the durability check) every account is read with a binding of its own and
 * compared with the transfers the client saw committed; on stderr, what was found wrong.
 */
final class PhaseTransactions {
  private final List<ResultLine> lines = new CopyOnWriteArrayList<>();

  /** @return {@code extra} followed by the section's lines, once there are any */
  List<ResultLine> after(List<ResultLine> extra) {
    if (lines.isEmpty()) {
      return extra;
    }
    List<ResultLine> all = new ArrayList<>(extra);
    all.addAll(lines);
    return all;
  }

  /** Checks the accounts when the run phase's workload is a closed economy, and makes the lines. */
  void check(Workload workload, boolean load, Supplier<DB> newBinding, ErrorLog errors, PrintStream err,
             AbortCounts aborts) {
    if (load || !(workload instanceof ClosedEconomyWorkload)) {
      return;
    }
    ClosedEconomyWorkload economy = (ClosedEconomyWorkload) workload;
    EconomyCheck check = BindingAfterPhase.use(newBinding, errors, "closed economy check", economy::check);
    lines.addAll(TransactionLines.of(economy.ledger(), check, aborts.byCause()));
    if (check != null && (check.anomalies() > 0 || check.invariantDeviation() != 0)) {
      err.println("NOTE: " + check.wrongAccounts() + " of " + check.accounts() + " accounts are not their initial"
          + " balance plus the committed transfers (" + check.anomalies() + " anomalies, the total off by "
          + check.invariantDeviation() + "; see [TRANSACTIONS])");
    }
  }
}
