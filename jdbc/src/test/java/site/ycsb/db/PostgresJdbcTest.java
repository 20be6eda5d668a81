package site.ycsb.db;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The binding against a private PostgreSQL server. */
class PostgresJdbcTest extends JdbcBindingTests {
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
}
