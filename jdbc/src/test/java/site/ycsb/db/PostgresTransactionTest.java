package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.testsupport.AcknowledgedTransfers;
import site.ycsb.testsupport.EconomyChecks;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;

/**
 * The binding's transactions against a private PostgreSQL server, which also counts rolled-back
 * transactions per database: every ABORTED the binding returns must be one the server rolled back.
 */
class PostgresTransactionTest extends JdbcTransactionTests {
  /** How long the server may take to publish a closed session's counts; only reached when they never match. */
  private static final long SETTLE_MILLIS = 60_000;

  private static PostgresServer server;

  @BeforeAll
  static void startServer() {
    server = PostgresServer.start();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  SqlServer server() {
    return server;
  }

  @Test
  void everyAbortIsATransactionTheServerRolledBack() throws Exception {
    server.recreateDatabase("tx_stats");
    createAccounts("tx_stats", "alice", 100, "bob", 100);
    long before = settledRollbacks("tx_stats", -1);

    int aborted = forceConflicts("tx_stats", 8);

    long after = settledRollbacks("tx_stats", before + aborted);
    assertEquals(aborted, after - before,
        "pg_stat_database.xact_rollback grew by as many transactions as the binding returned ABORTED");
  }

  /**
   * Reads {@code xact_rollback} of a database once no client session is connected to it: a backend
   * publishes its counts at the latest when it exits, but they may show up a little later.
   *
   * @param expected the value to wait for, or -1 to take the first one read with no session left
   * @return the value, or the last one read when {@code expected} did not show up in time
   */
  private static long settledRollbacks(String database, long expected) throws SQLException, InterruptedException {
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    try (Connection c = server.connect(server.adminDatabase()); Statement clear = c.createStatement();
         PreparedStatement sessions = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
             + " WHERE datname = ? AND backend_type = 'client backend'");
         PreparedStatement rollbacks = c.prepareStatement(
             "SELECT xact_rollback FROM pg_stat_database WHERE datname = ?")) {
      sessions.setString(1, database);
      rollbacks.setString(1, database);
      long value;
      while (true) {
        // the statistics views answer from a snapshot taken at their first use in a transaction
        clear.execute("SELECT pg_stat_clear_snapshot()");
        long open = single(sessions);
        value = single(rollbacks);
        boolean settled = open == 0 && (expected < 0 || value == expected);
        if (settled || System.currentTimeMillis() > deadline) {
          return value;
        }
        Thread.sleep(100);
      }
    }
  }

  private static long single(PreparedStatement query) throws SQLException {
    try (ResultSet rs = query.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  // --- the closed economy through the engine: 8 workers on 10 accounts (high contention) ---

  private static final int ACCOUNTS = 10;
  private static final long INITIAL = 1000;

  /** Loads a fresh economy into {@code database} and runs it at {@code isolation}. */
  private static Results economy(String database, String isolation) throws SQLException {
    server.recreateDatabase(database);
    AcknowledgedTransfers.reset();
    String[] common = {"-db", TransferLoggingJdbc.class.getName(), "-P",
        YcsbRun.workload("workload_closed_economy").toString(), "-p", "db.url=" + server.url(database),
        "-p", "db.user=" + server.user(), "-p", "jdbc.createtable=true", "-p", "fieldcount=1",
        "-p", "recordcount=" + ACCOUNTS, "-p", "closedeconomy.initialbalance=" + INITIAL};
    YcsbRun load = YcsbRun.execute(concat(concat(new String[] {"load"}, common), "-threads", "1"));
    assertEquals(0, load.exitCode(), load.describe());
    YcsbRun run = YcsbRun.execute(concat(concat(new String[] {"run"}, common), "-threads", "8",
        "-p", "jdbc.isolation=" + isolation, "-p", "operationcount=6000", "-p", "transaction.retries=1000",
        "-p", "closedeconomy.transferproportion=0.95", "-p", "closedeconomy.auditproportion=0.01",
        "-p", "closedeconomy.readproportion=0.04"));
    assertEquals(0, run.exitCode(), run.describe());
    return run.results();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static long balance(String database, int account) throws SQLException {
    try (Connection c = server.connect(database); Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT field0 FROM usertable WHERE YCSB_KEY = 'account" + account + "'")) {
      rs.next();
      return Long.parseLong(rs.getString(1).trim());
    }
  }

  @Test
  void serializableLosesNoTransferAndEveryAbortIsARollback() throws Exception {
    Results r = economy("economy_serializable", "serializable");
    long transfers = r.getLong("TRANSFER", "Operations");
    assertTrue(transfers >= 5_000, r.toString());
    assertEquals(transfers, r.getLong("TRANSACTIONS", "TransfersCommitted"));
    assertEquals(0, r.getLong("TRANSACTIONS", "Anomalies"), r.toString());
    assertEquals(0, r.getLong("TRANSACTIONS", "WrongAccounts"));
    assertEquals(0, r.getLong("TRANSACTIONS", "InvariantDeviation"));
    assertEquals(0, r.getLong("TRANSACTIONS", "InconsistentAudits"));
    long total = 0;
    for (int i = 0; i < ACCOUNTS; i++) {
      total += balance("economy_serializable", i);
    }
    assertEquals(ACCOUNTS * INITIAL, total);
    // every abort is one the server rolled back
    long aborts = EconomyChecks.aborts(r);
    assertTrue(aborts > 0, "8 workers on 10 accounts conflict: " + r);
    assertEquals(aborts, settledRollbacks("economy_serializable", aborts),
        "pg_stat_database.xact_rollback grew by the aborts the client counted");
    // the committed transfers' latency holds none of the given-up ones: those are in TRANSFER-FAILED
    assertEquals(r.getLong("TRANSFER", "Return=OK"), transfers);
  }

  @Test
  void readCommittedLosesUpdatesCountedAsTheLogFindsThem() throws Exception {
    Results r = economy("economy_read_committed", "read_committed");
    long anomalies = r.getLong("TRANSACTIONS", "Anomalies");
    assertTrue(anomalies > 0, "a read-then-write transfer at read committed loses updates: " + r);
    EconomyChecks.assertCountedAsLogged(r, ACCOUNTS, INITIAL, i -> {
      try {
        return balance("economy_read_committed", i);
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    });
  }
}
