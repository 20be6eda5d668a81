package site.ycsb.db;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The binding against a private MariaDB server. */
class MariaDbJdbcTest extends JdbcBindingTests {
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
}
