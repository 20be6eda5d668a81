package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.economy.BankDB;

/**
 * Two clients of one closed economy, merged: each loads, transfers within and checks its own share
 * of the accounts, so the merged anomalies are the sum of theirs, and the merged invariant
 * deviation is the whole economy's, each equal to what the store itself counted.
 */
class ClosedEconomyMergeTest {
  @TempDir
  Path tmp;

  @Test
  void twoClientsMergedAddUpTheirAnomaliesAndCheckOneInvariant() {
    BankDB.reset();
    String[] common = {"-db", BankDB.class.getName(), "-p", "workload=site.ycsb.workloads.ClosedEconomyWorkload",
        "-p", "recordcount=20", "-p", "clientcount=2"};
    for (int client = 0; client < 2; client++) {
      Run load = Run.of(concat(new String[] {"load"}, common, "-p", "clientid=" + client));
      assertEquals(0, load.exitCode, load.toString());
    }
    assertEquals(20, BankDB.RECORDS.size(), "each client loaded its half");
    long[] anomalies = new long[2];
    for (int client = 0; client < 2; client++) {
      Run run = Run.of(concat(new String[] {"run"}, common, "-p", "clientid=" + client, "-threads", "4",
          "-p", "operationcount=3000", "-p", "bank.doubleevery=11", "-p", "bank.abortevery=13", "-p", "resultsdir=" + tmp.resolve("c" + client)));
      assertEquals(0, run.exitCode, run.toString());
      assertEquals(10, run.get("TRANSACTIONS", "AccountsChecked"), "a client checks its own half");
      anomalies[client] = (long) run.get("TRANSACTIONS", "Anomalies");
    }
    long doubled = BankDB.DOUBLED.get();
    assertTrue(doubled > 0);
    assertEquals(doubled, anomalies[0] + anomalies[1], "each doubled credit counted by the client it hit");

    Run merged = Run.of("merge", tmp.resolve("c0").toString(), tmp.resolve("c1").toString(),
        "-o", tmp.resolve("merged").toString());
    assertEquals(0, merged.exitCode, merged.toString());
    assertEquals(doubled, (long) merged.get("TRANSACTIONS", "Anomalies"), merged.out);
    assertEquals(doubled, (long) merged.get("TRANSACTIONS", "InvariantDeviation"), merged.out);
    assertEquals(20, merged.get("TRANSACTIONS", "AccountsChecked"));
    assertEquals(BankDB.ABORTED.get(), (long) merged.get("TRANSACTIONS", "Aborts"));
    assertEquals(BankDB.ABORTED.get(), (long) merged.get("TRANSACTIONS", "Aborts(every n-th attempt)"));
  }

  private static String[] concat(String[] a, String[] b, String... c) {
    String[] out = new String[a.length + b.length + c.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    System.arraycopy(c, 0, out, a.length + b.length, c.length);
    return out;
  }
}
