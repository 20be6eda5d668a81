package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import site.ycsb.ByteIterator;

/**
 * The request of each operation, ready to execute: its statement (prepared on first use, see
 * {@link CassandraStatements}) bound to the key and values, at the operation's consistency level,
 * traced when so configured. The blocking side executes it with {@code execute}, the asynchronous
 * side with {@code executeAsync}: both send the same requests.
 *
 * <p>One instance belongs to one binding instance and is called from its worker thread only.
 */
public final class CassandraRequests {
  private final Function<String, PreparedStatement> preparer;
  private final CassandraConfig config;
  private final Map<String, CassandraStatements> tables = new HashMap<>();

  /**
   * @param session the session that prepares the statements
   * @param config the binding's settings
   */
  public CassandraRequests(CqlSession session, CassandraConfig config) {
    this(session::prepare, config);
  }

  /**
   * @param preparer prepares a statement's text (the session's {@code prepare}, made so that it
   *     can wait on the calling thread)
   * @param config the binding's settings
   */
  public CassandraRequests(Function<String, PreparedStatement> preparer, CassandraConfig config) {
    this.preparer = preparer;
    this.config = config;
  }

  /** @return the statements of a table, prepared on first use */
  private CassandraStatements statements(String table) {
    CassandraStatements s = tables.get(table);
    if (s == null) {
      String qualified = config.keyspace.asCql(true) + "." + CqlIdentifier.fromCql(table).asCql(true);
      s = new CassandraStatements(preparer, qualified, config.usePrepared, config.insertIfNotExists);
      tables.put(table, s);
    }
    return s;
  }

  /** @return SELECT of the fields (all when null) of one key */
  public Statement<?> read(String table, String key, Set<String> fields) {
    return statements(table).read(fields).bind(new Object[] {key}, config.readLevel, config.serialLevel,
        config.tracing);
  }

  /**
   * @return SELECT of the fields (all when null) of one key at the serial consistency level: a
   *     Paxos read, which sees every lightweight transaction accepted so far (and completes one left
   *     in progress) before it answers
   */
  public Statement<?> serialRead(String table, String key, Set<String> fields) {
    return statements(table).read(fields).bind(new Object[] {key}, config.serialLevel, config.serialLevel,
        config.tracing);
  }

  /** @return SELECT of up to {@code recordcount} rows from the start key's token on */
  public Statement<?> scan(String table, String startkey, int recordcount, Set<String> fields) {
    return statements(table).scan(fields).bind(new Object[] {startkey, recordcount}, config.scanLevel,
        config.serialLevel, config.tracing);
  }

  /** @return UPDATE of the given fields of one key */
  public Statement<?> update(String table, String key, Map<String, ByteIterator> values) {
    CassandraStatements.Query q = statements(table).update(values.keySet());
    // UPDATE ... SET f = ?, ... WHERE key = ?: the key comes last
    Object[] bind = boundValues(q.fieldOrder(), values, 0);
    bind[bind.length - 1] = key;
    return q.bind(bind, config.writeLevel, config.serialLevel, config.tracing);
  }

  /**
   * @param values the fields to set
   * @param expected for each field compared, the value it must still hold (null: no value)
   * @return {@code UPDATE ... IF c = ? AND ...}, a lightweight transaction: its Paxos phase at the
   *     serial level, its commit at the write level
   */
  public Statement<?> conditionalUpdate(String table, String key, Map<String, ByteIterator> values,
                                        Map<String, ByteBuffer> expected) {
    CassandraStatements.Query q = statements(table).conditionalUpdate(values.keySet(), expected.keySet());
    // UPDATE ... SET f = ?, ... WHERE key = ? IF c = ? AND ...: the values, the key, the expected values
    String[] set = q.fieldOrder();
    String[] compared = q.conditionOrder();
    Object[] bind = new Object[set.length + 1 + compared.length];
    System.arraycopy(boundValues(set, values, 0), 0, bind, 0, set.length);
    bind[set.length] = key;
    for (int i = 0; i < compared.length; i++) {
      ByteBuffer v = expected.get(compared[i]);
      bind[set.length + 1 + i] = v == null ? null : v.duplicate();
    }
    return q.bind(bind, config.writeLevel, config.serialLevel, config.tracing);
  }

  /** @return INSERT of a record ({@code IF NOT EXISTS} when so configured) */
  public Statement<?> insert(String table, String key, Map<String, ByteIterator> values) {
    CassandraStatements.Query q = statements(table).insert(values.keySet());
    // INSERT INTO t (key, f, ...) VALUES (?, ?, ...): the key comes first
    Object[] bind = boundValues(q.fieldOrder(), values, 1);
    bind[0] = key;
    return q.bind(bind, config.writeLevel, config.serialLevel, config.tracing);
  }

  /** @return DELETE of one key */
  public Statement<?> delete(String table, String key) {
    return statements(table).delete().bind(new Object[] {key}, config.deleteLevel, config.serialLevel,
        config.tracing);
  }

  /**
   * The values are copied into the request here, on the worker thread, before it is sent.
   *
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
}
