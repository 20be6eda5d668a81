package site.ycsb.db.voltdb;

import site.ycsb.testsupport.BindingInstances;

/** VoltDB binding instances pointed at the module's test server, closed by the test. */
final class Clients extends BindingInstances<VoltClient4> {
  Clients() {
    super(VoltClient4::new, () -> new String[] {"voltdb.servers", VoltTestServer.get().servers()});
  }

  /** @return a client with exactly these properties, not yet initialized */
  static VoltClient4 create(String... pairs) {
    return create(VoltClient4::new, pairs);
  }
}
