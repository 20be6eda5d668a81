package site.ycsb.economy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;

/**
 * The closed economy's counts against a store whose right answer the test knows: serializable
 * transactions keep every account exact; a store that applies some credits twice is caught once
 * per doubled credit; aborts are retried and counted, and never reach the committed latency; a
 * binding without transactions is refused unless asked to go without them.
 */
class ClosedEconomyTest {
  private static final String WORKLOAD = "site.ycsb.workloads.ClosedEconomyWorkload";

  @BeforeEach
  void emptyStore() {
    BankDB.reset();
  }

  private static Run phase(String command, String db, String... more) {
    String[] head = {command, "-db", db, "-p", "workload=" + WORKLOAD, "-p", "recordcount=10",
        "-p", "closedeconomy.initialbalance=1000", "-threads", command.equals("load") ? "1" : "8"};
    String[] args = new String[head.length + more.length];
    System.arraycopy(head, 0, args, 0, head.length);
    System.arraycopy(more, 0, args, head.length, more.length);
    Run r = Run.of(args);
    return r;
  }

  private static Run loadThenRun(String db, String... runProps) {
    Run load = phase("load", db);
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(10, BankDB.RECORDS.size());
    return phase("run", db, runProps);
  }

  @Test
  void serializableTransactionsKeepEveryAccountExact() {
    Run r = loadThenRun(BankDB.class.getName(), "-p", "operationcount=20000",
        "-p", "requestdistribution=zipfian");
    assertEquals(0, r.exitCode, r.toString());
    double transfers = r.get("TRANSFER", "Operations");
    assertTrue(transfers > 15_000, r.out);
    assertEquals(transfers, r.get("TRANSACTIONS", "TransfersCommitted"));
    assertEquals(BankDB.COMMITTED.get(), (long) (transfers + r.get("AUDIT", "Operations")));
    assertEquals(0, r.get("TRANSACTIONS", "Anomalies"));
    assertEquals(0, r.get("TRANSACTIONS", "WrongAccounts"));
    assertEquals(0, r.get("TRANSACTIONS", "InvariantDeviation"));
    assertEquals(0, r.get("TRANSACTIONS", "InconsistentAudits"));
    assertEquals(10, r.get("TRANSACTIONS", "AccountsChecked"));
    assertTrue(r.get("TRANSACTIONS", "AuditsCommitted") > 0, r.out);
  }

  @Test
  void everyCreditAppliedTwiceIsCountedOnce() {
    Run r = loadThenRun(BankDB.class.getName(), "-p", "operationcount=5000", "-p", "bank.doubleevery=7",
        "-p", "closedeconomy.auditproportion=0", "-p", "closedeconomy.readproportion=0",
        "-p", "closedeconomy.transferproportion=1");
    assertEquals(0, r.exitCode, r.toString());
    long doubled = BankDB.DOUBLED.get();
    assertEquals(5000 / 7, doubled);
    assertEquals(doubled, (long) r.get("TRANSACTIONS", "Anomalies"));
    assertEquals(doubled, (long) r.get("TRANSACTIONS", "InvariantDeviation"));
    assertEquals(doubled, (long) r.get("TRANSACTIONS", "AnomaliesAbove"), "a credit applied twice is money created");
    assertEquals(0, r.get("TRANSACTIONS", "AnomaliesBelow"));
    assertTrue(r.err.contains("see [TRANSACTIONS]"), r.err);
  }

  @Test
  void abortedTransactionsAreRetriedAndCountedApart() {
    Run r = loadThenRun(BankDB.class.getName(), "-p", "operationcount=3000", "-p", "bank.abortevery=3",
        "-p", "transaction.retries=5");
    assertEquals(0, r.exitCode, r.toString());
    long retries = (long) (r.get("TRANSFER", "Retries") + r.get("AUDIT", "Retries"));
    assertEquals(BankDB.ABORTED.get(), retries, "every abort retried once, none given up");
    assertEquals(BankDB.ABORTED.get(), (long) r.get("TRANSACTIONS", "Aborts"));
    assertEquals(BankDB.ABORTED.get(), (long) r.get("TRANSACTIONS", "Aborts(every n-th attempt)"), "by cause");
    assertEquals(3000, r.get("TRANSFER", "Operations") + r.get("AUDIT", "Operations") + r.get("READ", "Operations"));
    assertEquals(0, r.get("TRANSACTIONS", "TransfersGivenUp"));
    assertEquals(0, r.get("TRANSACTIONS", "Anomalies"));

    BankDB.reset();
    Run none = loadThenRun(BankDB.class.getName(), "-p", "operationcount=3000", "-p", "bank.abortevery=3",
        "-p", "transaction.retries=0", "-p", "closedeconomy.auditproportion=0");
    assertEquals(0, none.exitCode, none.toString());
    double givenUp = none.get("TRANSACTIONS", "TransfersGivenUp");
    assertEquals(BankDB.ABORTED.get(), (long) givenUp);
    assertEquals(givenUp, none.get("TRANSFER-FAILED", "Operations"));
    assertEquals(none.get("TRANSFER", "Operations"), none.get("TRANSACTIONS", "TransfersCommitted"),
        "the committed latency holds the committed transfers only");
    assertEquals(0, none.get("TRANSACTIONS", "Anomalies"));
  }

  @Test
  void theTimeSeriesCountsEachIntervalsAborts(@TempDir Path dir) throws IOException {
    Run r = loadThenRun(BankDB.class.getName(), "-p", "operationcount=3000", "-p", "bank.abortevery=4",
        "-p", "resultsdir=" + dir, "-p", "closedeconomy.auditproportion=0");
    assertEquals(0, r.exitCode, r.toString());
    List<String> lines = Files.readAllLines(dir.resolve("timeseries.csv"));
    List<String> header = List.of(lines.get(0).split(","));
    int section = header.indexOf("section");
    int retries = header.indexOf("retries");
    long perInterval = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      if (f[section].equals("TRANSFER") && !f[retries].isEmpty()) {
        perInterval += Long.parseLong(f[retries]);
      }
    }
    assertEquals(BankDB.ABORTED.get(), perInterval, "every abort in the interval it happened in");
    assertEquals((long) r.get("TRANSFER", "Retries"), perInterval);
  }

  @Test
  void aBindingWithoutTransactionsIsRefusedUnlessAskedToGoWithout() {
    Run refused = phase("run", "basic", "-p", "operationcount=10");
    assertEquals(2, refused.exitCode, refused.toString());
    assertEquals(1, refused.err.strip().lines().count(), refused.err);
    assertTrue(refused.err.contains("closedeconomy.transactions=false"), refused.err);

    Run without = phase("run", "basic", "-p", "operationcount=10", "-p", "closedeconomy.transactions=false",
        "-p", "basicdb.verbose=false");
    assertEquals(0, without.exitCode, without.toString());
  }
}
