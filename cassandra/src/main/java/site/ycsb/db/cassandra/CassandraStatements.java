package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The CQL of one table's operations, built once per set of fields and (with
 * {@code cassandra.useprepared=true}) prepared once, then only bound per operation. One instance
 * belongs to one binding instance, i.e. one worker thread, so its caches need no locks.
 */
public final class CassandraStatements {
  /** Prepares a statement's text (on the worker's loop, a blocking call made while the loop runs). */
  private final Function<String, PreparedStatement> preparer;
  private final String table;
  private final boolean prepare;
  private final boolean insertIfNotExists;

  private Query readAll;
  private Query scanAll;
  private Query delete;
  private final Map<Set<String>, Query> reads = new HashMap<>();
  private final Map<Set<String>, Query> scans = new HashMap<>();
  private final Map<Set<String>, Query> inserts = new HashMap<>();
  private final Map<Set<String>, Query> updates = new HashMap<>();
  /** Conditional updates by the fields they set and the fields their condition compares. */
  private final Map<List<Set<String>>, Query> conditionalUpdates = new HashMap<>();

  /**
   * @param preparer prepares a statement's text: the session's {@code prepare}
   * @param qualifiedTable keyspace.table as CQL
   * @param prepare whether to prepare statements
   * @param insertIfNotExists whether inserts are lightweight transactions
   */
  public CassandraStatements(Function<String, PreparedStatement> preparer, String qualifiedTable, boolean prepare,
                             boolean insertIfNotExists) {
    this.preparer = preparer;
    this.table = qualifiedTable;
    this.prepare = prepare;
    this.insertIfNotExists = insertIfNotExists;
  }

  /** @return SELECT of the given fields (all when null) of one key */
  public Query read(Set<String> fields) {
    if (fields == null) {
      if (readAll == null) {
        readAll = query("SELECT * FROM " + table + " WHERE " + CassandraProperties.KEY_COLUMN + " = ?", null);
      }
      return readAll;
    }
    Query q = reads.get(fields);
    if (q == null) {
      Set<String> key = new HashSet<>(fields);
      q = query("SELECT " + columnList(key) + " FROM " + table + " WHERE " + CassandraProperties.KEY_COLUMN
          + " = ?", null);
      reads.put(key, q);
    }
    return q;
  }

  /** @return SELECT of the given fields (all when null) from a key's token on, with a LIMIT */
  public Query scan(Set<String> fields) {
    // token order, as upstream YCSB scans: with Murmur3 the rows come in hash order of their keys
    String where = " WHERE token(" + CassandraProperties.KEY_COLUMN + ") >= token(?) LIMIT ?";
    if (fields == null) {
      if (scanAll == null) {
        scanAll = query("SELECT * FROM " + table + where, null);
      }
      return scanAll;
    }
    Query q = scans.get(fields);
    if (q == null) {
      Set<String> key = new HashSet<>(fields);
      q = query("SELECT " + columnList(key) + " FROM " + table + where, null);
      scans.put(key, q);
    }
    return q;
  }

  /** @return INSERT of the key and the given fields (IF NOT EXISTS when so configured) */
  public Query insert(Set<String> fields) {
    Query q = inserts.get(fields);
    if (q == null) {
      String[] order = fields.toArray(new String[0]);
      StringBuilder cql = new StringBuilder("INSERT INTO ").append(table).append(" (")
          .append(CassandraProperties.KEY_COLUMN);
      for (String f : order) {
        cql.append(", ").append(CassandraSchema.column(f));
      }
      cql.append(") VALUES (?");
      for (int i = 0; i < order.length; i++) {
        cql.append(", ?");
      }
      cql.append(')');
      if (insertIfNotExists) {
        cql.append(" IF NOT EXISTS");
      }
      q = query(cql.toString(), order);
      inserts.put(new HashSet<>(fields), q);
    }
    return q;
  }

  /** @return UPDATE of the given fields of one key (values first, the key last) */
  public Query update(Set<String> fields) {
    Query q = updates.get(fields);
    if (q == null) {
      String[] order = fields.toArray(new String[0]);
      StringBuilder cql = new StringBuilder("UPDATE ").append(table).append(" SET ");
      for (int i = 0; i < order.length; i++) {
        cql.append(i == 0 ? "" : ", ").append(CassandraSchema.column(order[i])).append(" = ?");
      }
      cql.append(" WHERE ").append(CassandraProperties.KEY_COLUMN).append(" = ?");
      q = query(cql.toString(), order);
      updates.put(new HashSet<>(fields), q);
    }
    return q;
  }

  /**
   * A lightweight transaction: applied only when every condition column still holds the value
   * given for it ({@code [applied]} false otherwise, and nothing written).
   *
   * @param fields the fields to set
   * @param conditions the fields compared in the {@code IF}
   * @return {@code UPDATE ... SET f = ?, ... WHERE key = ? IF c = ? AND ...}: the values set first,
   *     then the key, then the expected values
   */
  public Query conditionalUpdate(Set<String> fields, Set<String> conditions) {
    List<Set<String>> shape = List.of(fields, conditions);
    Query q = conditionalUpdates.get(shape);
    if (q == null) {
      String[] order = fields.toArray(new String[0]);
      String[] compared = conditions.toArray(new String[0]);
      StringBuilder cql = new StringBuilder("UPDATE ").append(table).append(" SET ");
      for (int i = 0; i < order.length; i++) {
        cql.append(i == 0 ? "" : ", ").append(CassandraSchema.column(order[i])).append(" = ?");
      }
      cql.append(" WHERE ").append(CassandraProperties.KEY_COLUMN).append(" = ? IF ");
      for (int i = 0; i < compared.length; i++) {
        cql.append(i == 0 ? "" : " AND ").append(CassandraSchema.column(compared[i])).append(" = ?");
      }
      q = new Query(cql.toString(), order, compared, prepare ? preparer.apply(cql.toString()) : null);
      conditionalUpdates.put(List.of(new HashSet<>(fields), new HashSet<>(conditions)), q);
    }
    return q;
  }

  /** @return DELETE of one key */
  public Query delete() {
    if (delete == null) {
      delete = query("DELETE FROM " + table + " WHERE " + CassandraProperties.KEY_COLUMN + " = ?", null);
    }
    return delete;
  }

  private static String columnList(Set<String> fields) {
    StringBuilder b = new StringBuilder();
    for (String f : fields) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(CassandraSchema.column(f));
    }
    return b.toString();
  }

  private Query query(String cql, String[] fieldOrder) {
    return new Query(cql, fieldOrder, null, prepare ? preparer.apply(cql) : null);
  }

  /**
   * One statement's text, the order its field values (and a conditional update's expected
   * values) are bound in, and its prepared form (null when statements are not prepared: then every
   * request carries the text and the server parses it).
   */
  public static final class Query {
    private final String cql;
    private final String[] fieldOrder;
    private final String[] conditionOrder;
    private final PreparedStatement prepared;

    Query(String cql, String[] fieldOrder, String[] conditionOrder, PreparedStatement prepared) {
      this.cql = cql;
      this.fieldOrder = fieldOrder;
      this.conditionOrder = conditionOrder;
      this.prepared = prepared;
    }

    /** @return the CQL text */
    String cql() {
      return cql;
    }

    /** @return the field names in the order their values are bound */
    public String[] fieldOrder() {
      return fieldOrder;
    }

    /** @return the fields a conditional update compares, in the order their expected values are bound */
    public String[] conditionOrder() {
      return conditionOrder;
    }

    /**
     * @param values bind values in order: a String (the key), a ByteBuffer (a field value; null
     *     for none, as a condition on a column that has no value) or an Integer (a LIMIT)
     * @param consistency the consistency level of this request
     * @param serial the serial consistency level (used by lightweight transactions only)
     * @param tracing whether the server traces the request
     * @return the statement to execute
     */
    public Statement<?> bind(Object[] values, ConsistencyLevel consistency, ConsistencyLevel serial, boolean tracing) {
      if (prepared != null) {
        BoundStatementBuilder b = prepared.boundStatementBuilder();
        for (int i = 0; i < values.length; i++) {
          Object v = values[i];
          if (v == null || v instanceof ByteBuffer) {
            // raw bytes fit a blob column and, for the printable values workloads generate, a text column
            b.setBytesUnsafe(i, (ByteBuffer) v);
          } else if (v instanceof Integer) {
            b.setInt(i, (Integer) v);
          } else {
            b.setString(i, (String) v);
          }
        }
        b.setConsistencyLevel(consistency).setSerialConsistencyLevel(serial);
        if (tracing) {
          b.setTracing(true);
        }
        return b.build();
      }
      SimpleStatementBuilder b = new SimpleStatementBuilder(cql).addPositionalValues(values)
          .setConsistencyLevel(consistency).setSerialConsistencyLevel(serial);
      if (tracing) {
        b.setTracing(true);
      }
      return b.build();
    }
  }
}
