package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.economy.BankDB;

/** The report of a closed economy's run shows its anomalies and aborts beside its other figures. */
class TransactionsReportTest {
  @TempDir
  Path tmp;

  @Test
  void theReportShowsAnomaliesAndAborts() throws Exception {
    BankDB.reset();
    String[] common = {"-db", BankDB.class.getName(), "-p", "workload=site.ycsb.workloads.ClosedEconomyWorkload",
        "-p", "recordcount=10"};
    assertEquals(0, Run.of(concat("load", common)).exitCode);
    Path dir = tmp.resolve("run");
    Run run = Run.of(concat("run", common, "-p", "operationcount=2000", "-p", "bank.doubleevery=9",
        "-p", "bank.abortevery=5", "-p", "resultsdir=" + dir));
    assertEquals(0, run.exitCode, run.toString());
    Path out = tmp.resolve("report.html");
    Run report = Run.of("report", dir.toString(), "-o", out.toString());
    assertEquals(0, report.exitCode, report.toString());
    String html = Files.readString(out);
    long anomalies = run.count("TRANSACTIONS", "Anomalies");
    long aborts = run.count("TRANSFER", "Retries");
    assertTrue(anomalies > 0 && aborts > 0, run.toString());
    assertTrue(html.matches("(?s).*<th>anomalies</th><td[^>]*>" + anomalies + "</td>.*"), "anomalies " + anomalies);
    assertTrue(html.matches("(?s).*<th>transfers aborted \\(retries\\)</th><td[^>]*>" + aborts + "</td>.*"),
        "aborts " + aborts);
  }

  private static String[] concat(String command, String[] common, String... more) {
    String[] out = new String[1 + common.length + more.length];
    out[0] = command;
    System.arraycopy(common, 0, out, 1, common.length);
    System.arraycopy(more, 0, out, 1 + common.length, more.length);
    return out;
  }
}
