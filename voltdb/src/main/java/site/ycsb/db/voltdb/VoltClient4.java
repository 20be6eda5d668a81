package site.ycsb.db.voltdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.voltdb.VoltTable;
import org.voltdb.client.Client;
import org.voltdb.client.ClientConfig;
import org.voltdb.client.ClientFactory;
import org.voltdb.client.ProcCallException;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;

/**
 * VoltDB through its Java client. Each worker has a client of its own connected to every server
 * named; a record is one row of a table partitioned on its key (see {@link VoltSchema}), so reads,
 * writes and deletes run in the one partition that owns the key, and scans run on all of them.
 */
public class VoltClient4 extends DB {
  private Client client;
  private VoltSchema schema;
  private BindingContext context;
  /** Position of each field's column after the key column, by field name. */
  private final Map<String, Integer> fieldIndex = new HashMap<>();

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    Properties p = getProperties();
    List<String> fields = new ArrayList<>();
    int fieldLength;
    ClientConfig config;
    List<String[]> servers;
    try {
      long fieldCount = CoreProperties.FIELD_COUNT.getLong(p);
      String prefix = CoreProperties.FIELD_NAME_PREFIX.get(p);
      for (long i = 0; i < fieldCount; i++) {
        fields.add(prefix + i);
      }
      fieldLength = (int) Math.min(1_048_576, Math.max(1, CoreProperties.FIELD_LENGTH.getLong(p)));
      config = new ClientConfig(VoltProperties.USER.get(p),
          Objects.requireNonNullElse(VoltProperties.PASSWORD.given(p), ""));
      config.setProcedureCallTimeout(VoltProperties.CALL_TIMEOUT.getInt(p));
      int rateLimit = VoltProperties.RATE_LIMIT.getInt(p);
      if (rateLimit > 0) {
        config.setMaxTransactionsPerSecond(rateLimit);
      }
      servers = servers(VoltProperties.SERVERS.get(p), VoltProperties.PORT.getInt(p));
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
    for (int i = 0; i < fields.size(); i++) {
      fieldIndex.put(fields.get(i), i);
    }
    schema = VoltSchema.of(CoreProperties.TABLE.get(p), fields);
    client = ClientFactory.createClient(config);
    for (String[] server : servers) {
      try {
        client.createConnection(server[0], Integer.parseInt(server[1]));
      } catch (IOException e) {
        closeClient();
        throw new DBException("cannot connect to VoltDB at " + server[0] + ":" + server[1] + " (voltdb.servers): "
            + VoltFailures.describe(e));
      }
    }
    try {
      boolean create = VoltProperties.CREATE_SCHEMA.getBoolean(p);
      // once per table, fields and servers in this process; every worker gets the same failure
      ctx.shared("voltdb.schema " + VoltProperties.SERVERS.get(p) + " " + schema.table() + " " + fields, () -> {
        schema.ensure(client, create, fieldLength);
        return Boolean.TRUE;
      });
    } catch (DBException e) {
      closeClient();
      throw e;
    }
  }

  /** @return host and port of each server in a host[:port],... list */
  static List<String[]> servers(String list, int defaultPort) throws DBException {
    List<String[]> out = new ArrayList<>();
    for (String s : list.split(",")) {
      String server = s.strip();
      if (server.isEmpty()) {
        continue;
      }
      int colon = server.lastIndexOf(':');
      String host = colon < 0 ? server : server.substring(0, colon);
      String port = colon < 0 ? Integer.toString(defaultPort) : server.substring(colon + 1);
      try {
        int n = Integer.parseInt(port);
        if (n < 1 || n > 65535 || host.isEmpty()) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException e) {
        throw new DBException("property voltdb.servers=" + list + " is invalid: expected host[:port], got '"
            + server + "'");
      }
      out.add(new String[] {host, port});
    }
    if (out.isEmpty()) {
      throw new DBException("property voltdb.servers names no server");
    }
    return out;
  }

  @Override
  public void cleanup() throws DBException {
    closeClient();
  }

  private void closeClient() {
    if (client == null) {
      return;
    }
    try {
      client.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      client = null;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      VoltTable t = client.callProcedure(schema.table + ".select", key).getResults()[0];
      if (!t.advanceRow()) {
        return Status.NOT_FOUND;
      }
      copyRow(t, fields, result);
      return Status.OK;
    } catch (IOException | ProcCallException e) {
      return VoltFailures.report(context, "read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      VoltTable t = client.callProcedure(schema.scanProcedure(), startkey, recordcount).getResults()[0];
      while (t.advanceRow()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        copyRow(t, fields, row);
        result.add(row);
      }
      return Status.OK;
    } catch (IOException | ProcCallException e) {
      return VoltFailures.report(context, "scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      VoltTable t;
      if (values.size() == 1) {
        Map.Entry<String, ByteIterator> only = values.entrySet().iterator().next();
        Integer i = fieldIndex.get(only.getKey());
        if (i == null) {
          return unknownField("update", only.getKey());
        }
        t = client.callProcedure(schema.setOneProcedure(i), only.getValue().toArray(), key).getResults()[0];
      } else if (values.size() == fieldIndex.size() && fieldIndex.keySet().containsAll(values.keySet())) {
        Object[] params = new Object[values.size() + 1];
        values.forEach((f, v) -> params[fieldIndex.get(f)] = v.toArray());
        params[values.size()] = key;
        t = client.callProcedure(schema.setAllProcedure(), params).getResults()[0];
      } else {
        t = updateSome(key, values);
        if (t == null) {
          return unknownField("update", values.keySet().toString());
        }
      }
      return t.asScalarLong() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (IOException | ProcCallException e) {
      return VoltFailures.report(context, "update", e);
    }
  }

  /** Any other set of fields: a statement planned by the server for this call. */
  private VoltTable updateSome(String key, Map<String, ByteIterator> values) throws IOException, ProcCallException {
    StringBuilder sql = new StringBuilder("UPDATE ").append(schema.table).append(" SET ");
    // @AdHoc takes the statement, then its parameters: the values, then the key
    Object[] call = new Object[values.size() + 2];
    int n = 1;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      if (!fieldIndex.containsKey(e.getKey())) {
        return null;
      }
      sql.append(n == 1 ? "" : ", ").append(e.getKey()).append(" = ?");
      call[n++] = e.getValue().toArray();
    }
    call[0] = sql.append(" WHERE ").append(VoltProperties.KEY_COLUMN).append(" = ?;").toString();
    call[n] = key;
    return client.callProcedure("@AdHoc", call).getResults()[0];
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Object[] row = new Object[fieldIndex.size() + 1];
    row[0] = key;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      Integer i = fieldIndex.get(e.getKey());
      if (i == null) {
        return unknownField("insert", e.getKey());
      }
      row[i + 1] = e.getValue().toArray();
    }
    try {
      client.callProcedure(schema.table + ".insert", row);
      return Status.OK;
    } catch (IOException | ProcCallException e) {
      return VoltFailures.report(context, "insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      VoltTable t = client.callProcedure(schema.table + ".delete", key).getResults()[0];
      return t.asScalarLong() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (IOException | ProcCallException e) {
      return VoltFailures.report(context, "delete", e);
    }
  }

  private Status unknownField(String operation, String field) {
    VoltFailures.report(context, operation, new IllegalArgumentException("no column for field " + field
        + " (the table has fieldcount columns named fieldnameprefix + number)"));
    return Status.BAD_REQUEST;
  }

  /** Copies the current row's fields (all, or the named ones) into a record. */
  private void copyRow(VoltTable t, Set<String> wanted, Map<String, ByteIterator> into) {
    for (Map.Entry<String, Integer> f : fieldIndex.entrySet()) {
      if (wanted != null && !wanted.contains(f.getKey())) {
        continue;
      }
      byte[] value = t.getVarbinary(f.getValue() + 1);
      if (!t.wasNull()) {
        into.put(f.getKey(), new ByteArrayByteIterator(value));
      }
    }
  }
}
