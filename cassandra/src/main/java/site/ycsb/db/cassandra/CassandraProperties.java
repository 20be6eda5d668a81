package site.ycsb.db.cassandra;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the Cassandra binding: every value {@link site.ycsb.db.CassandraCQLClient} reads is
 * declared here once, with its default and a one-line meaning. Names follow upstream YCSB's
 * Cassandra binding where it has one ({@code hosts}, {@code port}, {@code cassandra.keyspace},
 * the consistency levels, {@code cassandra.username}/{@code cassandra.password}).
 */
public final class CassandraProperties implements PropertyCatalog {

  /** Consistency level names accepted by every {@code cassandra.*consistencylevel} property. */
  static final String[] CONSISTENCY_LEVELS = {"ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_QUORUM",
      "LOCAL_ONE", "EACH_QUORUM", "ANY", "SERIAL", "LOCAL_SERIAL"};

  public static final PropertyDef HOSTS = PropertyDef.string("hosts", null,
      "Cassandra contact points, host or host:port, comma separated (required)");

  public static final PropertyDef PORT = PropertyDef.integer("port", 9042, 1, 65535,
      "CQL native port for contact points given without one");

  public static final PropertyDef KEYSPACE = PropertyDef.string("cassandra.keyspace", "ycsb",
      "keyspace of the table (a CQL name: unquoted = case-insensitive)");

  public static final PropertyDef LOCAL_DC = PropertyDef.string("cassandra.localdc", "datacenter1",
      "data center whose nodes the driver sends requests to (a single node is in datacenter1)");

  public static final PropertyDef USERNAME = PropertyDef.string("cassandra.username", null,
      "user name for PasswordAuthenticator; unset = no authentication");

  public static final PropertyDef PASSWORD = PropertyDef.secret("cassandra.password",
      "password of cassandra.username");

  public static final PropertyDef READ_CL = PropertyDef.choice("cassandra.readconsistencylevel", "ONE",
      "consistency level of reads", CONSISTENCY_LEVELS);

  public static final PropertyDef WRITE_CL = PropertyDef.choice("cassandra.writeconsistencylevel", "ONE",
      "consistency level of inserts and updates", CONSISTENCY_LEVELS);

  public static final PropertyDef SCAN_CL = PropertyDef.choice("cassandra.scanconsistencylevel", null,
      "consistency level of scans; unset = cassandra.readconsistencylevel", CONSISTENCY_LEVELS);

  public static final PropertyDef DELETE_CL = PropertyDef.choice("cassandra.deleteconsistencylevel", null,
      "consistency level of deletes; unset = cassandra.writeconsistencylevel", CONSISTENCY_LEVELS);

  public static final PropertyDef SERIAL_CL = PropertyDef.choice("cassandra.serialconsistencylevel", "SERIAL",
      "consistency level of the Paxos phase of lightweight transactions: IF NOT EXISTS inserts, and the reads and"
          + " conditional updates of cassandra.transactions=lwt", "SERIAL", "LOCAL_SERIAL");

  public static final PropertyDef USE_PREPARED = PropertyDef.bool("cassandra.useprepared", true,
      "prepare each statement once and send only its id and values; false = the server parses every request");

  public static final PropertyDef INSERT_IF_NOT_EXISTS = PropertyDef.bool("cassandra.insertifnotexists", false,
      "inserts are lightweight transactions (INSERT ... IF NOT EXISTS); an existing key returns UNEXPECTED_STATE");

  public static final PropertyDef TRANSACTIONS = PropertyDef.choice("cassandra.transactions", "lwt",
      "how transactions (the closed economy) are made: lwt = reads at the serial level, each update a conditional"
          + " UPDATE ... IF field = value read (a conflict on the first one aborts, on a later one leaves the"
          + " transaction applied in part); plain = reads at the read level and plain UPDATEs (no isolation)",
      "lwt", "plain");

  public static final PropertyDef REQUEST_TIMEOUT = PropertyDef.integer("cassandra.requesttimeout", 60_000, 1,
      Integer.MAX_VALUE, "ms the driver waits for a response (retries included) before TIMEOUT; high so it"
          + " does not cap latency (the server's own timeouts still apply)");

  public static final PropertyDef CONNECT_TIMEOUT = PropertyDef.integer("cassandra.connecttimeout", 5_000, 1,
      Integer.MAX_VALUE, "ms to open a connection and run its start-up queries");

  public static final PropertyDef TRACING = PropertyDef.bool("cassandra.tracing", false,
      "ask the server to trace every request (into system_traces; slows the server down)");

  public static final PropertyDef SESSION_PER_THREAD = PropertyDef.bool("cassandra.sessionperthread", false,
      "each worker thread opens its own driver session; false = one session shared by all threads");

  public static final PropertyDef CONNECTIONS_PER_HOST = PropertyDef.longValue("cassandra.connectionsperhost", null, 1,
      1024, "connections per node of the local data center (advanced.connection.pool.local.size); unset = the"
          + " driver's default, 1");

  public static final PropertyDef MAX_REQUESTS_PER_CONNECTION = PropertyDef.longValue(
      "cassandra.maxrequestsperconnection", null, 1, 32767, "requests in flight per connection"
          + " (advanced.connection.max-requests-per-connection); more fail at once with SERVICE_UNAVAILABLE;"
          + " unset = the driver's default, 1024");

  public static final PropertyDef PAGE_SIZE = PropertyDef.longValue("cassandra.pagesize", null, 1, Integer.MAX_VALUE,
      "rows per page of a scan's result; longer scans fetch further pages (basic.request.page-size); unset = the"
          + " driver's default, 5000");

  public static final PropertyDef CREATE_SCHEMA = PropertyDef.bool("cassandra.createschema", false,
      "create the keyspace and the table when missing (y_id text primary key + one column per field)");

  public static final PropertyDef REPLICATION_STRATEGY = PropertyDef.choice("cassandra.replicationstrategy",
      "SimpleStrategy", "replication of a keyspace made by cassandra.createschema; NetworkTopologyStrategy"
          + " puts cassandra.replicationfactor replicas in cassandra.localdc",
      "SimpleStrategy", "NetworkTopologyStrategy");

  public static final PropertyDef REPLICATION_FACTOR = PropertyDef.integer("cassandra.replicationfactor", 1, 1,
      100, "replicas per record in a keyspace made by cassandra.createschema");

  public static final PropertyDef COLUMN_TYPE = PropertyDef.choice("cassandra.columntype", "text",
      "CQL type of the field columns made by cassandra.createschema", "text", "blob");

  /** The primary key column, as in upstream YCSB's schema. */
  public static final String KEY_COLUMN = "y_id";

  @Override
  public String module() {
    return "cassandra";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.CassandraCQLClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(HOSTS, PORT, KEYSPACE, LOCAL_DC, USERNAME, PASSWORD, READ_CL, WRITE_CL, SCAN_CL, DELETE_CL,
        SERIAL_CL, USE_PREPARED, INSERT_IF_NOT_EXISTS, TRANSACTIONS, REQUEST_TIMEOUT, CONNECT_TIMEOUT, TRACING,
        SESSION_PER_THREAD, CONNECTIONS_PER_HOST, MAX_REQUESTS_PER_CONNECTION, PAGE_SIZE, CREATE_SCHEMA,
        REPLICATION_STRATEGY, REPLICATION_FACTOR, COLUMN_TYPE);
  }
}
