package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.workloads.EconomyCheck;
import site.ycsb.workloads.TransferLedger;

/**
 * The {@code [TRANSACTIONS]} section of a closed economy's run: the transfers and audits this
 * client saw and, from the check after the phase, the anomalies. Commits, aborts and retries per
 * kind of transaction are in the {@code [TRANSFER]} and {@code [AUDIT]} sections ({@code Retries},
 * {@code Return=ABORTED}).
 */
public final class TransactionLines {
  /** The section's name. */
  public static final String SECTION = "TRANSACTIONS";
  /**
   * Its metrics, in order; every one adds up over clients (each client's economy is its own share
   * of the accounts, so their anomalies and the invariant's deviations add up to the whole's).
   */
  public static final List<String> METRICS = List.of("TransfersCommitted", "TransfersGivenUp", "TransfersUncertain",
      "Aborts", "AuditsCommitted", "InconsistentAudits", "AccountsChecked", "UnreadableAccounts", "WrongAccounts",
      "Anomalies", "AnomaliesAbove", "AnomaliesBelow", "InvariantDeviation");
  /** The start of the metrics that count aborts by cause, {@code Aborts(serialization failure)}: they add up too. */
  public static final String ABORTS_BY_CAUSE = "Aborts(";

  private TransactionLines() {
  }

  /**
   * @param ledger what the client saw
   * @param check what the check after the phase found, or null when it could not run
   * @param abortsByCause every abort of the phase's transactions (transfers and audits), by cause
   * @return the section's lines
   */
  public static List<ResultLine> of(TransferLedger ledger, EconomyCheck check, Map<String, Long> abortsByCause) {
    List<ResultLine> lines = new ArrayList<>();
    lines.add(new ResultLine(SECTION, "TransfersCommitted", ledger.committed()));
    lines.add(new ResultLine(SECTION, "TransfersGivenUp", ledger.givenUp()));
    lines.add(new ResultLine(SECTION, "TransfersUncertain", ledger.uncertain()));
    lines.add(new ResultLine(SECTION, "Aborts", abortsByCause.values().stream().mapToLong(Long::longValue).sum()));
    abortsByCause.forEach((cause, n) -> lines.add(new ResultLine(SECTION, ABORTS_BY_CAUSE + cause + ")", n)));
    lines.add(new ResultLine(SECTION, "AuditsCommitted", ledger.audits()));
    lines.add(new ResultLine(SECTION, "InconsistentAudits", ledger.inconsistentAudits()));
    if (check != null) {
      lines.add(new ResultLine(SECTION, "AccountsChecked", check.accounts() - check.unreadable()));
      lines.add(new ResultLine(SECTION, "UnreadableAccounts", check.unreadable()));
      lines.add(new ResultLine(SECTION, "WrongAccounts", check.wrongAccounts()));
      lines.add(new ResultLine(SECTION, "Anomalies", check.anomalies()));
      lines.add(new ResultLine(SECTION, "AnomaliesAbove", check.above()));
      lines.add(new ResultLine(SECTION, "AnomaliesBelow", check.below()));
      lines.add(new ResultLine(SECTION, "InvariantDeviation", check.invariantDeviation()));
    }
    return lines;
  }
}
