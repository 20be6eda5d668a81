package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding's transactions against a private MariaDB server. At {@code serializable} InnoDB
 * makes plain reads take shared locks, so two transfers that read the same row and then write
 * deadlock, and the server counts each deadlock it resolved.
 */
class MariaDbTransactionTest extends JdbcTransactionTests {
  private static MariaDbServer server;

  @BeforeAll
  static void startServer() {
    server = MariaDbServer.start();
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
  void everyAbortIsADeadlockTheServerResolved() throws Exception {
    server.recreateDatabase("tx_stats");
    createAccounts("tx_stats", "alice", 100, "bob", 100);
    // a server-wide count, updated as the deadlock is resolved; this class's server runs nothing else meanwhile
    long before = deadlocks();

    int aborted = forceConflicts("tx_stats", 8);

    assertEquals(aborted, deadlocks() - before,
        "Innodb_deadlocks grew by as many transactions as the binding returned ABORTED");
  }

  private static long deadlocks() throws SQLException {
    List<List<String>> rows = server.query(server.adminDatabase(), "SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'");
    assertEquals(1, rows.size(), "MariaDB reports Innodb_deadlocks: " + rows);
    return Long.parseLong(rows.get(0).get(1));
  }
}
