package site.ycsb.db;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/** Binding instances as the benchmark makes them (properties, then init), closed by the test. */
final class Clients implements AutoCloseable {
  private final List<CassandraCQLClient> opened = new ArrayList<>();

  /**
   * @param more property pairs (name, value, ...) added to those that reach the test server
   * @return an initialized client
   */
  CassandraCQLClient open(String... more) throws DBException {
    CassandraCQLClient c = create(serverProperties(more));
    c.init();
    opened.add(c);
    return c;
  }

  /** @return hosts and credentials of the test server followed by more pairs (later ones win) */
  static String[] serverProperties(String... more) {
    CassandraTestServer server = CassandraTestServer.get();
    String[] base = {"hosts", server.hosts(), "cassandra.username", CassandraTestServer.USER,
        "cassandra.password", CassandraTestServer.PASSWORD};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  /** @return a client with exactly these properties, not yet initialized */
  static CassandraCQLClient create(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    CassandraCQLClient c = new CassandraCQLClient();
    c.setProperties(p);
    return c;
  }

  @Override
  public void close() throws DBException {
    for (CassandraCQLClient c : opened) {
      c.cleanup();
    }
    opened.clear();
  }
}
