package site.ycsb.db;

import site.ycsb.testsupport.BindingInstances;

/** Cassandra binding instances pointed at the module's test server, closed by the test. */
final class Clients extends BindingInstances<CassandraCQLClient> {
  Clients() {
    super(CassandraCQLClient::new, Clients::server);
  }

  /** @return hosts and credentials of the test server */
  private static String[] server() {
    return new String[] {"hosts", CassandraTestServer.get().hosts(), "cassandra.username", CassandraTestServer.USER,
        "cassandra.password", CassandraTestServer.PASSWORD};
  }

  /** @return hosts and credentials of the test server followed by more pairs (later ones win) */
  static String[] serverProperties(String... more) {
    return concat(server(), more);
  }

  /** @return a client with exactly these properties, not yet initialized */
  static CassandraCQLClient create(String... pairs) {
    return create(CassandraCQLClient::new, pairs);
  }
}
