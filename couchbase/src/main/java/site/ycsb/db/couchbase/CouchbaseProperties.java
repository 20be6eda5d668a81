package site.ycsb.db.couchbase;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the Couchbase binding: every value {@link site.ycsb.db.CouchbaseClient} reads
 * is declared here once, with its default and a one-line meaning. The names of the older studies'
 * scripts (hosts, bucket, password, opTimeout, checkOperationStatus, persistTo, replicateTo) are
 * kept; the rest are the SDK 3 additions.
 */
public final class CouchbaseProperties implements PropertyCatalog {

  public static final PropertyDef HOSTS = PropertyDef.string("couchbase.hosts", "127.0.0.1",
      "host list (h1,h2 or h1:11210,...) or a full SDK connection string (couchbase://..., couchbases://...,"
          + " e.g. couchbase://127.0.0.1:11210=kv,127.0.0.1:8091=manager for non-standard ports)");

  public static final PropertyDef BUCKET = PropertyDef.string("couchbase.bucket", "default", "bucket");

  public static final PropertyDef USER = PropertyDef.string("couchbase.user", null,
      "user name (RBAC); unset = the bucket's name, as with a bucket password of Couchbase Server before 5.0");

  public static final PropertyDef PASSWORD = PropertyDef.secret("couchbase.password",
      "password of couchbase.user (masked wherever properties are printed); unset = empty");

  public static final PropertyDef SCOPE = PropertyDef.string("couchbase.scope", "_default",
      "scope of the collection records go to");

  public static final PropertyDef COLLECTION = PropertyDef.string("couchbase.collection", "_default",
      "collection records go to (the YCSB table is not used)");

  public static final PropertyDef OP_TIMEOUT = PropertyDef.integer("couchbase.opTimeout", 2500, 1, Integer.MAX_VALUE,
      "ms a key-value operation (durable writes included) may take; a longer one returns TIMEOUT");

  public static final PropertyDef CONNECT_TIMEOUT = PropertyDef.integer("couchbase.connectTimeout", 10000, 1,
      Integer.MAX_VALUE, "ms the start may take to open the bucket before the phase stops with one line");

  public static final PropertyDef CHECK_OPERATION_STATUS = PropertyDef.bool("couchbase.checkOperationStatus", true,
      "false = inserts, updates and deletes return OK as soon as they are sent, without waiting for the"
          + " answer (failures are reported on stderr, not counted); reads and scans always wait");

  public static final PropertyDef PERSIST_TO = PropertyDef.choice("couchbase.persistTo", "0",
      "observe-based durability: a write returns once persisted on this many nodes (MASTER = the active"
          + " node only); 0 = not waited for",
      "0", "MASTER", "1", "2", "3", "4");

  public static final PropertyDef REPLICATE_TO = PropertyDef.choice("couchbase.replicateTo", "0",
      "observe-based durability: a write returns once in memory on this many replicas; 0 = not waited for",
      "0", "1", "2", "3");

  public static final PropertyDef DURABILITY = PropertyDef.choice("couchbase.durability", "none",
      "synchronous durability of Couchbase Server 6.5+ (cannot be combined with persistTo/replicateTo)",
      "none", "majority", "majorityAndPersistToActive", "persistToMajority");

  public static final PropertyDef JSON = PropertyDef.bool("couchbase.json", true,
      "true = a record is a JSON document with one string member per field; false = raw bytes"
          + " (fields length-prefixed in one binary document)");

  public static final PropertyDef UPSERT = PropertyDef.bool("couchbase.upsert", false,
      "true = an insert replaces an existing document (upsert) instead of failing with ERROR");

  @Override
  public String module() {
    return "couchbase";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.CouchbaseClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(HOSTS, BUCKET, USER, PASSWORD, SCOPE, COLLECTION, OP_TIMEOUT, CONNECT_TIMEOUT,
        CHECK_OPERATION_STATUS, PERSIST_TO, REPLICATE_TO, DURABILITY, JSON, UPSERT);
  }
}
