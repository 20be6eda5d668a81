package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.PropertyException;

/**
 * What one binding instance was told, read and validated once in {@code init}: where to connect
 * (the {@link CassandraSessions.Settings} that identify a session), how each operation runs
 * (consistency levels, prepared or not, {@code IF NOT EXISTS}, tracing, how transactions are made)
 * and which schema it needs. The blocking and the asynchronous side read the same values.
 */
public final class CassandraConfig {
  /** Where and how the session connects. */
  public final CassandraSessions.Settings session;
  /** Whether all workers of a phase share one session (the default) or each opens its own. */
  public final boolean sharedSession;
  /** The keyspace of every table. */
  public final CqlIdentifier keyspace;
  /** The table and fields the workload needs, checked (and created on request) once per phase. */
  public final CassandraSchema schema;
  /** Whether the schema is created when missing. */
  public final boolean createSchema;
  /** Replication map of a created keyspace, as CQL. */
  public final String replication;
  /** CQL type of created field columns. */
  public final String columnType;
  /** Whether statements are prepared once and only bound per operation. */
  public final boolean usePrepared;
  /** Whether inserts are lightweight transactions. */
  public final boolean insertIfNotExists;
  /** Whether the server traces every request. */
  public final boolean tracing;
  /**
   * Whether transactions use lightweight transactions ({@code cassandra.transactions=lwt}): serial
   * reads and conditional updates; false makes them plain reads and updates.
   */
  public final boolean lwtTransactions;
  final ConsistencyLevel readLevel;
  final ConsistencyLevel scanLevel;
  final ConsistencyLevel writeLevel;
  final ConsistencyLevel deleteLevel;
  final ConsistencyLevel serialLevel;

  private CassandraConfig(Properties p) throws DBException {
    session = new CassandraSessions.Settings(contactPoints(p), CassandraProperties.LOCAL_DC.get(p),
        CassandraProperties.USERNAME.get(p), CassandraProperties.PASSWORD.get(p),
        CassandraProperties.REQUEST_TIMEOUT.getInt(p), CassandraProperties.CONNECT_TIMEOUT.getInt(p),
        optionalInt(CassandraProperties.CONNECTIONS_PER_HOST, p),
        optionalInt(CassandraProperties.MAX_REQUESTS_PER_CONNECTION, p),
        optionalInt(CassandraProperties.PAGE_SIZE, p));
    readLevel = level(CassandraProperties.READ_CL, p);
    writeLevel = level(CassandraProperties.WRITE_CL, p);
    scanLevel = CassandraProperties.SCAN_CL.isSet(p) ? level(CassandraProperties.SCAN_CL, p) : readLevel;
    deleteLevel = CassandraProperties.DELETE_CL.isSet(p) ? level(CassandraProperties.DELETE_CL, p) : writeLevel;
    serialLevel = level(CassandraProperties.SERIAL_CL, p);
    usePrepared = CassandraProperties.USE_PREPARED.getBoolean(p);
    insertIfNotExists = CassandraProperties.INSERT_IF_NOT_EXISTS.getBoolean(p);
    tracing = CassandraProperties.TRACING.getBoolean(p);
    lwtTransactions = "lwt".equals(CassandraProperties.TRANSACTIONS.getChoice(p));
    sharedSession = !CassandraProperties.SESSION_PER_THREAD.getBoolean(p);
    keyspace = identifier(CassandraProperties.KEYSPACE, p);
    CqlIdentifier table = identifier(CoreProperties.TABLE, p);
    int fieldCount = CoreProperties.FIELD_COUNT.getInt(p);
    String prefix = CoreProperties.FIELD_NAME_PREFIX.get(p);
    List<String> fields = new ArrayList<>(fieldCount);
    for (int i = 0; i < fieldCount; i++) {
      fields.add(prefix + i);
    }
    schema = new CassandraSchema(keyspace, table, fields);
    createSchema = CassandraProperties.CREATE_SCHEMA.getBoolean(p);
    replication = replication(p);
    columnType = CassandraProperties.COLUMN_TYPE.getChoice(p);
  }

  /**
   * @param p the binding's properties
   * @return them, validated
   * @throws DBException with one line naming the property when a value is missing or invalid
   */
  public static CassandraConfig from(Properties p) throws DBException {
    try {
      return new CassandraConfig(p);
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
  }

  private static List<InetSocketAddress> contactPoints(Properties p) throws DBException {
    String hosts = CassandraProperties.HOSTS.get(p);
    if (hosts == null || hosts.isBlank()) {
      throw new DBException("property hosts is required: the Cassandra nodes to contact, host[:port][,host[:port]...],"
          + " e.g. -p hosts=127.0.0.1");
    }
    int defaultPort = CassandraProperties.PORT.getInt(p);
    List<InetSocketAddress> out = new ArrayList<>();
    for (String item : hosts.split(",")) {
      String h = item.trim();
      if (h.isEmpty()) {
        continue;
      }
      String host = h;
      int port = defaultPort;
      int colon = h.lastIndexOf(':');
      // host:port, [v6]:port; a bare IPv6 address has several colons and no port
      if (colon > 0 && (h.indexOf(':') == colon || h.startsWith("["))) {
        host = h.substring(0, colon);
        try {
          port = Integer.parseInt(h.substring(colon + 1));
        } catch (NumberFormatException e) {
          port = -1;
        }
        if (port < 1 || port > 65535) {
          throw new DBException("property hosts=" + hosts + " is invalid: expected host[:port], got '" + h + "'");
        }
      }
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      InetSocketAddress address = new InetSocketAddress(host, port);
      if (address.isUnresolved()) {
        throw new DBException("property hosts=" + hosts + ": cannot resolve host '" + host + "'");
      }
      out.add(address);
    }
    if (out.isEmpty()) {
      throw new DBException("property hosts=" + hosts + " names no host");
    }
    return out;
  }

  /** @return the value when the property is set, else null (the driver's own default applies) */
  private static Integer optionalInt(PropertyDef def, Properties p) {
    return def.isSet(p) ? def.getInt(p) : null;
  }

  private static ConsistencyLevel level(PropertyDef def, Properties p) {
    return DefaultConsistencyLevel.valueOf(def.getChoice(p).toUpperCase(Locale.ROOT));
  }

  private static CqlIdentifier identifier(PropertyDef def, Properties p) throws DBException {
    String name = def.get(p);
    if (name == null || name.isBlank()) {
      throw new DBException("property " + def.name() + " must not be empty");
    }
    // as written in CQL: unquoted names are case-insensitive, "Quoted" ones keep their case
    return CqlIdentifier.fromCql(name);
  }

  private static String replication(Properties p) {
    int factor = CassandraProperties.REPLICATION_FACTOR.getInt(p);
    if ("networktopologystrategy".equals(CassandraProperties.REPLICATION_STRATEGY.getChoice(p))) {
      String dc = CassandraProperties.LOCAL_DC.get(p).replace("'", "''");
      return "{'class': 'NetworkTopologyStrategy', '" + dc + "': " + factor + "}";
    }
    return "{'class': 'SimpleStrategy', 'replication_factor': " + factor + "}";
  }
}
