package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The closed economy through the command line with {@code cassandra.transactions=lwt}: 10 accounts
 * and 4 workers, so transfers contend. Lightweight transactions hold per account, so the one
 * anomaly they let through is a transfer applied in part (its first write applied, its second
 * refused): each is a transfer that failed with that status, never one the client saw committed.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraClosedEconomyTest {
  private static final String KS = "economy_test";
  private static final int ACCOUNTS = 10;
  private static final long INITIAL = 1000;
  /** The status of a transfer applied in part ({@code CassandraTransactions.APPLIED_IN_PART}). */
  private static final String IN_PART = "UNEXPECTED_STATE";

  private static String[] args(String command, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList(command, "cassandra",
        "-P", YcsbRun.workload("workload_closed_economy").toString(),
        "-p", "workload=site.ycsb.workloads.ClosedEconomyWorkload",
        "-p", "table=accounts",
        "-p", "cassandra.transactions=lwt",
        "-p", "recordcount=" + ACCOUNTS, "-p", "closedeconomy.initialbalance=" + INITIAL));
    args.addAll(CassandraTestServer.get().clientOptions(KS));
    args.addAll(Arrays.asList(more));
    return args.toArray(new String[0]);
  }

  @Test
  void withLwtEveryAnomalyIsATransferAppliedInPart() {
    YcsbRun load = YcsbRun.execute(args("load", "-p", "cassandra.createschema=true"));
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(ACCOUNTS, load.results().getLong("INSERT", "Return=OK"), load.describe());

    YcsbRun run = YcsbRun.execute(args("run", "-threads", "4", "-p", "operationcount=1500"));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long committed = r.getLong("TRANSACTIONS", "TransfersCommitted");
    long givenUp = r.getLong("TRANSACTIONS", "TransfersGivenUp");
    long uncertain = r.getLong("TRANSACTIONS", "TransfersUncertain");
    long inPart = r.getLong("TRANSFER-FAILED", "Return=" + IN_PART, 0);
    long timedOut = r.getLong("TRANSFER-FAILED", "Return=TIMEOUT", 0);
    assertTrue(committed > 0, run.describe());
    assertEquals(committed, r.getLong("TRANSFER", "Operations"), run.describe());
    assertEquals(givenUp, r.getLong("TRANSFER-FAILED", "Return=ABORTED", 0), run.describe());
    // a transfer fails given up (aborted every time), applied in part, or timed out in a contended
    // Paxos round (at a read: not uncertain, nothing was written; at an update: uncertain)
    for (String metric : r.section("TRANSFER-FAILED").keySet()) {
      if (metric.startsWith("Return=")) {
        assertTrue(Set.of("Return=ABORTED", "Return=" + IN_PART, "Return=TIMEOUT").contains(metric),
            metric + ": " + run.describe());
      }
    }
    long uncertainOtherwise = uncertain - inPart;
    assertTrue(uncertainOtherwise >= 0 && uncertainOtherwise <= timedOut, run.describe());
    assertEquals(0, r.getLong("TRANSACTIONS", "UnreadableAccounts"), run.describe());

    long anomalies = r.getLong("TRANSACTIONS", "Anomalies");
    long deviation = r.getLong("TRANSACTIONS", "InvariantDeviation");
    // a transfer applied in part moved one account by one amount, up (its credit alone: the lower-
    // numbered account is written first) or down (its debit alone); on one account an up and a down
    // cancel, so the check sees at most one anomaly per such transfer, and as many as they leave
    if (uncertainOtherwise == 0) {
      assertTrue(anomalies <= inPart, "only transfers applied in part: " + run.describe());
      assertEquals(inPart % 2, anomalies % 2, "an even number of them cancelled: " + run.describe());
    } else {
      // an update that timed out may have been applied: its transfer in full, in part or not at all
      assertTrue(anomalies <= inPart + 2 * uncertainOtherwise, run.describe());
    }
    assertTrue(Math.abs(deviation) <= anomalies, "deviation " + deviation + ", anomalies " + anomalies);
    assertEquals(anomalies, r.getLong("TRANSACTIONS", "AnomaliesAbove") + r.getLong("TRANSACTIONS", "AnomaliesBelow"));
    assertEquals(deviation, r.getLong("TRANSACTIONS", "AnomaliesAbove") - r.getLong("TRANSACTIONS", "AnomaliesBelow"),
        "each anomaly is one amount (closedeconomy.amount=1) up or down");
    if (inPart > 0) {
      assertTrue(run.err().contains("applied in part"), "told once: " + run.err());
    }

    // what the server holds adds up to the figures: the economy short of the debits it kept alone
    long total = 0;
    for (Row row : CassandraTestServer.get().admin().execute("SELECT field0 FROM " + KS + ".accounts")) {
      total += Long.parseLong(row.getString(0));
    }
    assertEquals(ACCOUNTS * INITIAL + deviation, total, run.describe());
    System.out.println("closed economy, lwt: " + Map.of("committed", committed, "givenUp", givenUp,
        "appliedInPart", inPart, "timedOut", timedOut, "retries", r.getLong("TRANSFER", "Retries", 0),
        "anomalies", anomalies, "deviation", deviation));
  }
}
