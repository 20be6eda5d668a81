package site.ycsb.db;

import site.ycsb.testsupport.BindingInstances;

/** Couchbase binding instances pointed at one bucket of the module's shared mock, closed by the test. */
final class Clients extends BindingInstances<CouchbaseClient> {
  /** @param bucket the test class's bucket */
  Clients(String bucket) {
    super(CouchbaseClient::new, () -> CouchbaseTestServer.get().properties(bucket));
  }

  /** @return a client with exactly these properties, not yet initialized */
  static CouchbaseClient create(String... pairs) {
    return create(CouchbaseClient::new, pairs);
  }
}
