package site.ycsb.db.couchbase;

import com.couchbase.client.core.util.ConnectionString;
import java.time.Duration;
import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.Masking;
import site.ycsb.props.PropertyException;

/**
 * The binding's settings, read once from the properties and validated: where the cluster is,
 * which bucket, scope and collection, the credentials, the timeouts, the durability of writes
 * and how a record is stored.
 */
public final class CouchbaseConfig {
  /** The SDK connection string built from {@code couchbase.hosts}. */
  public final String connectionString;
  public final String bucket;
  public final String scope;
  public final String collection;
  public final String user;
  final String password;
  public final Duration opTimeout;
  public final Duration connectTimeout;
  public final boolean checkOperationStatus;
  public final Durability durability;
  public final boolean json;
  public final boolean upsert;
  /** {@code fieldcount}: an update of that many fields writes the whole record. */
  public final int fieldCount;

  /**
   * @param p the run's properties
   * @throws PropertyException with one line naming the property when a value cannot be used
   */
  public CouchbaseConfig(Properties p) {
    connectionString = connectionString(CouchbaseProperties.HOSTS.get(p));
    bucket = required(p, CouchbaseProperties.BUCKET);
    scope = required(p, CouchbaseProperties.SCOPE);
    collection = required(p, CouchbaseProperties.COLLECTION);
    String u = CouchbaseProperties.USER.get(p);
    user = u == null || u.isEmpty() ? bucket : u;
    String pw = CouchbaseProperties.PASSWORD.given(p);
    password = pw == null ? "" : pw;
    opTimeout = Duration.ofMillis(CouchbaseProperties.OP_TIMEOUT.getLong(p));
    connectTimeout = Duration.ofMillis(CouchbaseProperties.CONNECT_TIMEOUT.getLong(p));
    checkOperationStatus = CouchbaseProperties.CHECK_OPERATION_STATUS.getBoolean(p);
    durability = Durability.from(p);
    json = CouchbaseProperties.JSON.getBoolean(p);
    upsert = CouchbaseProperties.UPSERT.getBoolean(p);
    fieldCount = CoreProperties.FIELD_COUNT.getInt(p);
  }

  /**
   * @param hosts a host list ({@code h1,h2:11210}, also separated by ';' or blanks) or a
   *     connection string with a scheme
   * @return the SDK connection string
   * @throws PropertyException when the SDK cannot parse it
   */
  static String connectionString(String hosts) {
    String name = CouchbaseProperties.HOSTS.name();
    if (hosts == null || hosts.isBlank()) {
      throw new PropertyException("property " + name + " is empty: expected a host list such as"
          + " 127.0.0.1 or a connection string such as couchbase://127.0.0.1");
    }
    String cs = hosts.contains("://") ? hosts : "couchbase://" + String.join(",", hosts.trim().split("[,;\\s]+"));
    try {
      ConnectionString.create(cs);
    } catch (RuntimeException e) {
      throw PropertyException.invalid(name, hosts, "a host list or a connection string (" + e.getMessage() + ")");
    }
    return cs;
  }

  private static String required(Properties p, site.ycsb.props.PropertyDef def) {
    String v = def.get(p);
    if (v == null || v.isEmpty()) {
      throw new PropertyException("property " + def.name() + " is empty: " + def.description());
    }
    return v;
  }

  /** @return a key that is equal for settings that can share one SDK cluster object */
  public String clusterKey() {
    return connectionString + "|" + user + "|" + bucket + "|" + opTimeout + "|" + connectTimeout;
  }

  /**
   * @param text a message that may quote the password (an SDK error, say)
   * @return the text with the password replaced by {@link Masking#MASK}
   */
  public String mask(String text) {
    if (text == null || password.isEmpty()) {
      return text;
    }
    return text.replace(password, Masking.MASK);
  }

  /** @return the keyspace for messages: bucket.scope.collection */
  public String keyspace() {
    return bucket + "." + scope + "." + collection;
  }

  /** @return whether records go to the bucket's default collection */
  public boolean defaultCollection() {
    return "_default".equals(scope) && "_default".equals(collection);
  }
}
