package site.ycsb.db.hbase2;

import site.ycsb.testsupport.BindingInstances;

/** HBase binding instances pointed at the module's test server, closed by the test. */
final class Clients extends BindingInstances<HBaseClient2> {
  Clients() {
    super(HBaseClient2::new, () -> HBaseTestServer.get().clientProperties());
  }

  /** @return the test server's address followed by more pairs (later ones win) */
  static String[] serverProperties(String... more) {
    return concat(HBaseTestServer.get().clientProperties(), more);
  }

  /** @return a client with exactly these properties, not yet initialized */
  static HBaseClient2 create(String... pairs) {
    return create(HBaseClient2::new, pairs);
  }
}
