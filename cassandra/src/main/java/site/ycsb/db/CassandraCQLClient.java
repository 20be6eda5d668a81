package site.ycsb.db;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.cassandra.CassandraErrors;
import site.ycsb.db.cassandra.CassandraProperties;
import site.ycsb.db.cassandra.CassandraSchema;
import site.ycsb.db.cassandra.CassandraSessions;
import site.ycsb.db.cassandra.CassandraStatements;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.PropertyException;

/**
 * Cassandra binding: CQL over the native protocol with the Apache Cassandra Java driver 4.x.
 *
 * <p>A record is one row of {@code keyspace.table}: the key in the text primary key {@code y_id},
 * each field in a column of its own (text or blob; values are sent and read as raw bytes). Reads
 * and writes address one partition; a scan reads {@code recordcount} rows from the key's token on
 * ({@code WHERE token(y_id) >= token(?) LIMIT ?}), i.e. in token order as upstream YCSB does.
 *
 * <p>All instances of a process share one driver session (counted by reference) unless
 * {@code cassandra.sessionperthread=true}. Each operation runs at its own configurable
 * consistency level. Driver failures become statuses and the run goes on: too few replicas for
 * the consistency level {@code UNAVAILABLE}, server or client timeouts {@code TIMEOUT}, lost nodes
 * {@code SERVICE_UNAVAILABLE}, invalid requests {@code BAD_REQUEST}, replica failures
 * {@code ERROR}; an {@code IF NOT EXISTS} insert of an existing key {@code UNEXPECTED_STATE}.
 */
public class CassandraCQLClient extends DB {
  private CqlSession session;
  /** Where failures are reported once. */
  private BindingContext context;
  private CassandraSessions.Settings settings;
  private boolean sharedSession;

  private CqlIdentifier keyspace;
  private final Map<String, CassandraStatements> tables = new HashMap<>();
  private boolean usePrepared;
  private boolean insertIfNotExists;
  private boolean tracing;
  private ConsistencyLevel readLevel;
  private ConsistencyLevel scanLevel;
  private ConsistencyLevel writeLevel;
  private ConsistencyLevel deleteLevel;
  private ConsistencyLevel serialLevel;

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    Properties p = getProperties();
    CassandraSchema schema;
    boolean createSchema;
    String replication;
    String columnType;
    try {
      settings = new CassandraSessions.Settings(contactPoints(p), CassandraProperties.LOCAL_DC.get(p),
          CassandraProperties.USERNAME.get(p), CassandraProperties.PASSWORD.get(p),
          CassandraProperties.REQUEST_TIMEOUT.getInt(p), CassandraProperties.CONNECT_TIMEOUT.getInt(p));
      readLevel = level(CassandraProperties.READ_CL, p);
      writeLevel = level(CassandraProperties.WRITE_CL, p);
      scanLevel = CassandraProperties.SCAN_CL.isSet(p) ? level(CassandraProperties.SCAN_CL, p) : readLevel;
      deleteLevel = CassandraProperties.DELETE_CL.isSet(p) ? level(CassandraProperties.DELETE_CL, p) : writeLevel;
      serialLevel = level(CassandraProperties.SERIAL_CL, p);
      usePrepared = CassandraProperties.USE_PREPARED.getBoolean(p);
      insertIfNotExists = CassandraProperties.INSERT_IF_NOT_EXISTS.getBoolean(p);
      tracing = CassandraProperties.TRACING.getBoolean(p);
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
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }

    CassandraSessions.Settings s = settings;
    // one session per connection setting and phase, closed by the engine; or one per worker
    session = sharedSession ? ctx.shared("cassandra " + s + " " + s.hashCode(), () -> CassandraSessions.open(s))
        : CassandraSessions.open(settings);
    try {
      CqlSession first = session;
      // the schema is created and checked once per session, table and fields in the phase
      ctx.shared("cassandra schema " + s + " " + schema.qualifiedTable() + " " + createSchema, () -> {
        if (createSchema) {
          schema.create(first, replication, columnType);
        }
        schema.check(first);
        return Boolean.TRUE;
      });
    } catch (DBException | RuntimeException e) {
      closeSession();
      throw e;
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

  @Override
  public void cleanup() throws DBException {
    closeSession();
  }

  private void closeSession() {
    if (session == null) {
      return;
    }
    try {
      if (!sharedSession) {
        session.close();
      }
    } finally {
      session = null;
      tables.clear();
    }
  }

  /** @return the statements of a table, prepared on first use */
  private CassandraStatements statements(String table) {
    CassandraStatements s = tables.get(table);
    if (s == null) {
      String qualified = keyspace.asCql(true) + "." + CqlIdentifier.fromCql(table).asCql(true);
      s = new CassandraStatements(session, qualified, usePrepared, insertIfNotExists);
      tables.put(table, s);
    }
    return s;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      CassandraStatements.Query q = statements(table).read(fields);
      Row row = session.execute(q.bind(new Object[] {key}, readLevel, serialLevel, tracing)).one();
      if (row == null) {
        return Status.NOT_FOUND;
      }
      copy(row, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraErrors.report(context, "read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      CassandraStatements.Query q = statements(table).scan(fields);
      ResultSet rows = session.execute(q.bind(new Object[] {startkey, recordcount}, scanLevel, serialLevel, tracing));
      for (Row row : rows) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        copy(row, record);
        result.add(record);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraErrors.report(context, "scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      CassandraStatements.Query q = statements(table).update(values.keySet());
      // UPDATE ... SET f = ?, ... WHERE key = ?: the key comes last
      Object[] bind = boundValues(q.fieldOrder(), values, 0);
      bind[bind.length - 1] = key;
      session.execute(q.bind(bind, writeLevel, serialLevel, tracing));
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraErrors.report(context, "update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      CassandraStatements.Query q = statements(table).insert(values.keySet());
      // INSERT INTO t (key, f, ...) VALUES (?, ?, ...): the key comes first
      Object[] bind = boundValues(q.fieldOrder(), values, 1);
      bind[0] = key;
      ResultSet rs = session.execute(q.bind(bind, writeLevel, serialLevel, tracing));
      // only a lightweight transaction can be "not applied": the key already existed
      return rs.wasApplied() ? Status.OK : Status.UNEXPECTED_STATE;
    } catch (RuntimeException e) {
      return CassandraErrors.report(context, "insert", e);
    }
  }

  /**
   * @param order the fields in the statement's order
   * @param values the record's values
   * @param firstField where the first field goes; the one free place (first or last) is the key's
   * @return the values to bind, with the key's place left empty
   */
  private static Object[] boundValues(String[] order, Map<String, ByteIterator> values, int firstField) {
    Object[] bind = new Object[order.length + 1];
    for (int i = 0; i < order.length; i++) {
      bind[firstField + i] = ByteBuffer.wrap(values.get(order[i]).toArray());
    }
    return bind;
  }

  @Override
  public Status delete(String table, String key) {
    try {
      session.execute(statements(table).delete().bind(new Object[] {key}, deleteLevel, serialLevel, tracing));
      return Status.OK;
    } catch (RuntimeException e) {
      return CassandraErrors.report(context, "delete", e);
    }
  }

  /** Copies the field columns of a row (not the key, not unset columns) as byte iterators. */
  private static void copy(Row row, Map<String, ByteIterator> into) {
    ColumnDefinitions defs = row.getColumnDefinitions();
    for (int i = 0; i < defs.size(); i++) {
      String name = defs.get(i).getName().asInternal();
      if (CassandraProperties.KEY_COLUMN.equals(name)) {
        continue;
      }
      ByteBuffer value = row.getBytesUnsafe(i);
      if (value == null) {
        continue;
      }
      byte[] bytes = new byte[value.remaining()];
      value.duplicate().get(bytes);
      into.put(name, new ByteArrayByteIterator(bytes));
    }
  }
}
