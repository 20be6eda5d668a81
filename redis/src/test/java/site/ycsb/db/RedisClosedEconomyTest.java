package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.AcknowledgedTransfers;
import site.ycsb.testsupport.EconomyChecks;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The closed economy against a real redis-server, 10 accounts and 8 workers (high contention):
 * with WATCH no anomaly, the total exact, and every EXEC the server ran either a commit or an
 * abort the client counted; without WATCH lost updates, counted exactly as the test's own log of
 * what Redis acknowledged (AcknowledgedTransfers) finds them, account by account.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisClosedEconomyTest {
  private static final int ACCOUNTS = 10;
  private static final long INITIAL = 1000;
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  @BeforeEach
  void freshAccounts() {
    REDIS.server().cli("FLUSHALL");
    AcknowledgedTransfers.reset();
    YcsbRun load = YcsbRun.execute(args("load", "1"));
    assertEquals(0, load.exitCode(), load.describe());
    REDIS.server().cli("CONFIG", "RESETSTAT");
  }

  private static String[] args(String command, String threads, String... more) {
    String[] head = {command, "-db", TransferLoggingRedis.class.getName(), "-P",
        YcsbRun.workload("workload_closed_economy").toString(), "-p", "redis.host=" + REDIS.server().host(),
        "-p", "redis.port=" + REDIS.server().port(), "-p", "recordcount=" + ACCOUNTS,
        "-p", "closedeconomy.initialbalance=" + INITIAL, "-p", "operationcount=24000",
        "-p", "transaction.retries=1000", "-threads", threads};
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }

  private static long balance(int account) {
    return Long.parseLong(REDIS.server().cli("HGET", "account" + account, "field0").trim());
  }

  @Test
  void withWatchNoTransferIsLostAndEveryAbortIsCounted() {
    // few audits: with WATCH an audit of every account aborts whenever any transfer commits meanwhile;
    // fewer operations than without WATCH, each transfer retried until it commits
    YcsbRun run = YcsbRun.execute(args("run", "8", "-p", "closedeconomy.auditproportion=0.01",
        "-p", "closedeconomy.transferproportion=0.95", "-p", "closedeconomy.readproportion=0.04",
        "-p", "operationcount=6000"));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long transfers = r.getLong("TRANSFER", "Operations");
    assertTrue(transfers >= 5_000, run.describe());
    assertEquals(transfers, r.getLong("TRANSACTIONS", "TransfersCommitted"));
    assertEquals(0, r.getLong("TRANSACTIONS", "Anomalies"), run.describe());
    assertEquals(0, r.getLong("TRANSACTIONS", "WrongAccounts"));
    assertEquals(0, r.getLong("TRANSACTIONS", "InvariantDeviation"));
    assertEquals(0, r.getLong("TRANSACTIONS", "InconsistentAudits"));
    long total = 0;
    for (int i = 0; i < ACCOUNTS; i++) {
      total += balance(i);
    }
    assertEquals(ACCOUNTS * INITIAL, total);
    // every EXEC is a commit (a transfer or an audit) or an abort: those retried and those given up
    long aborts = EconomyChecks.aborts(r);
    assertTrue(aborts > 0, "10 accounts and 8 workers contend: " + run.describe());
    assertEquals(REDIS.server().commandCalls("exec"), transfers + r.getLong("AUDIT", "Operations", 0) + aborts,
        run.describe());
  }

  @Test
  void withoutWatchLostUpdatesAreCountedAsTheLogFindsThem() {
    YcsbRun run = YcsbRun.execute(args("run", "8", "-p", "redis.watch=false"));
    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long anomalies = r.getLong("TRANSACTIONS", "Anomalies");
    assertTrue(anomalies > 0, "read-then-write without WATCH loses updates: " + run.describe());

    EconomyChecks.assertCountedAsLogged(r, ACCOUNTS, INITIAL, RedisClosedEconomyTest::balance);
    assertEquals(0, r.getLong("TRANSFER", "Retries", 0), "nothing aborts without WATCH");
  }
}
