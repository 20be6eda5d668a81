package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
}
