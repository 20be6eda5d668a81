package site.ycsb.db;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.db.jdbc.ConnectionFactory;
import site.ycsb.db.jdbc.InsertBatch;
import site.ycsb.db.jdbc.JdbcEndpoint;
import site.ycsb.db.jdbc.JdbcProperties;
import site.ycsb.db.jdbc.JdbcTransactions;
import site.ycsb.db.jdbc.JdbcUrls;
import site.ycsb.db.jdbc.RecordStatements;
import site.ycsb.db.jdbc.TableCreator;
import site.ycsb.props.CoreProperties;

/**
 * The JDBC binding: any relational database with a JDBC driver, tested with PostgreSQL and
 * MariaDB. A record is one row of {@code YCSB_KEY} plus one column per field.
 *
 * <p>Each instance (one per worker thread) has its own connection to every database in
 * {@code db.url}, and its own prepared statements per table and field set. Several URLs shard the
 * keys by hash; {@code jdbc.readurls} sends reads and scans to replicas. With
 * {@code db.batchsize > 0} inserts are buffered per database and sent in batches.
 *
 * <p>As a {@link TransactionalDB} it makes a transaction's reads and updates on its one
 * {@code db.url} connection at the {@code jdbc.isolation} level ({@link JdbcTransactions}).
 */
public class JdbcDBClient extends DB implements TransactionalDB {
  /** Cache key of "every field" (null field set); no real column is called "*". */
  private static final Set<String> ALL_FIELDS = Set.of("*");

  private final List<JdbcEndpoint> opened = new ArrayList<>();
  private JdbcEndpoint[] writers;
  private JdbcEndpoint[] readers;
  private InsertBatch[] batches;
  private RecordStatements statements;
  private JdbcTransactions transactions;

  @Override
  public void init(BindingContext context) throws DBException {
    Properties p = getProperties();
    try {
      String urlList = JdbcProperties.URL.get(p);
      if (urlList == null || urlList.isEmpty()) {
        throw new DBException("property db.url is required: the JDBC URL of the database,"
            + " e.g. jdbc:postgresql://127.0.0.1:5432/ycsb or jdbc:mariadb://127.0.0.1:3306/ycsb");
      }
      List<String> urls = JdbcUrls.split(JdbcProperties.URL.name(), urlList);
      String readList = JdbcProperties.READ_URLS.get(p);
      List<String> readUrls = readList == null || readList.isEmpty() ? List.of()
          : JdbcUrls.split(JdbcProperties.READ_URLS.name(), readList);
      if (urls.size() > 1 && !readUrls.isEmpty() && readUrls.size() != urls.size()) {
        throw new DBException("property jdbc.readurls lists " + readUrls.size() + " URLs for " + urls.size()
            + " db.url shards: expected exactly one replica per shard, in the same order");
      }
      boolean autoCommit = JdbcProperties.AUTOCOMMIT.getBoolean(p);
      int batchSize = JdbcProperties.BATCH_SIZE.getInt(p);
      boolean batchApi = JdbcProperties.BATCH_UPDATE_API.getBoolean(p);
      boolean createTable = JdbcProperties.CREATE_TABLE.getBoolean(p);
      int fetchSize = JdbcProperties.FETCH_SIZE.getInt(p);
      int isolation = JdbcTransactions.isolationLevel(p);
      String table = CoreProperties.TABLE.get(p);
      int fieldCount = CoreProperties.FIELD_COUNT.getInt(p);
      String prefix = CoreProperties.FIELD_NAME_PREFIX.get(p);
      int fieldLength = CoreProperties.FIELD_LENGTH.getInt(p);
      // lower-case column name to the workload's field name, so read-back uses the workload's names
      Map<String, String> fieldNames = new HashMap<>();
      for (int i = 0; i < fieldCount; i++) {
        fieldNames.put((prefix + i).toLowerCase(Locale.ROOT), prefix + i);
      }
      statements = new RecordStatements(fetchSize, fieldNames);
      ConnectionFactory factory = ConnectionFactory.create(JdbcProperties.DRIVER.get(p),
          JdbcProperties.USER.get(p), JdbcProperties.PASSWORD.get(p));

      writers = new JdbcEndpoint[urls.size()];
      for (int i = 0; i < writers.length; i++) {
        writers[i] = open(new JdbcEndpoint(urls.get(i), factory, autoCommit, isolation), JdbcProperties.URL.name(),
            context);
      }
      transactions = new JdbcTransactions(writers, statements, context);
      if (createTable) {
        for (JdbcEndpoint w : writers) {
          // once per database and table in this process; concurrent CREATE TABLE IF NOT EXISTS can
          // fail on PostgreSQL
          context.shared("jdbc.createtable " + w.maskedUrl() + " " + table, () -> {
            TableCreator.createIfMissing(w, table, fieldCount, prefix, fieldLength);
            return Boolean.TRUE;
          });
        }
      }
      readers = writers;
      if (!readUrls.isEmpty()) {
        readers = new JdbcEndpoint[writers.length];
        if (writers.length == 1) {
          // worker i reads from replica i mod n: the workers spread evenly over the replicas
          int pick = Math.floorMod(context.workerIndex(), readUrls.size());
          readers[0] = open(new JdbcEndpoint(readUrls.get(pick), factory, autoCommit), JdbcProperties.READ_URLS.name(),
              context);
        } else {
          for (int i = 0; i < readers.length; i++) {
            readers[i] = open(new JdbcEndpoint(readUrls.get(i), factory, autoCommit), JdbcProperties.READ_URLS.name(),
                context);
          }
        }
      }
      if (batchSize > 0) {
        batches = new InsertBatch[writers.length];
        for (int i = 0; i < writers.length; i++) {
          batches[i] = new InsertBatch(writers[i], batchSize, batchApi);
        }
      }
    } catch (IllegalArgumentException e) {
      // PropertyException and a malformed URL list: their message is the one line to show
      closeAll();
      throw new DBException(e.getMessage());
    } catch (DBException e) {
      closeAll();
      throw e;
    }
  }

  private JdbcEndpoint open(JdbcEndpoint e, String property, BindingContext context) throws DBException {
    e.reportTo(context);
    e.open(property);
    opened.add(e);
    return e;
  }

  @Override
  public void cleanup() throws DBException {
    String failure = null;
    if (batches != null) {
      for (InsertBatch b : batches) {
        int pending = b.pending();
        Status s = b.flush();
        if (!s.isOk() && failure == null) {
          failure = "db.batchsize: the last " + pending + " batched inserts to " + b.target()
              + " were not stored (" + s.getName() + ")";
        }
      }
    }
    closeAll();
    if (failure != null) {
      throw new DBException(failure);
    }
  }

  private void closeAll() {
    for (JdbcEndpoint e : opened) {
      e.close();
    }
    opened.clear();
  }

  private int shard(String key) {
    return JdbcUrls.shardOf(key, writers.length);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    JdbcEndpoint ep = readers[shard(key)];
    try {
      Status status = statements.read(ep, table, key, fields, result);
      ep.done();
      return status;
    } catch (SQLException e) {
      return ep.failed("read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (readers.length == 1) {
      return scanOne(readers[0], table, startkey, recordcount, fields, result, null);
    }
    // keys are spread over every shard by hash: take the first rows of each and merge them in key order
    List<String> keys = new ArrayList<>();
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    for (JdbcEndpoint ep : readers) {
      Status s = scanOne(ep, table, startkey, recordcount, fields, rows, keys);
      if (!s.isOk()) {
        return s;
      }
    }
    Integer[] order = new Integer[keys.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> keys.get(a).compareTo(keys.get(b)));
    for (int i = 0; i < order.length && i < recordcount; i++) {
      result.add(rows.get(order[i]));
    }
    return Status.OK;
  }

  private Status scanOne(JdbcEndpoint ep, String table, String startkey, int recordcount, Set<String> fields,
                         Vector<HashMap<String, ByteIterator>> result, Collection<String> keys) {
    try {
      statements.scan(ep, table, startkey, recordcount, fields, result, keys);
      ep.done();
      return Status.OK;
    } catch (SQLException e) {
      return ep.failed("scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    JdbcEndpoint ep = writers[shard(key)];
    try {
      Status status = statements.update(ep, table, key, values);
      ep.done();
      return status;
    } catch (SQLException e) {
      return ep.failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    int shard = shard(key);
    if (batches != null) {
      return batches[shard].add(table, key, values);
    }
    JdbcEndpoint ep = writers[shard];
    try {
      JdbcEndpoint.Prepared p = ep.cached(JdbcEndpoint.Kind.INSERT, table, values.keySet());
      if (p == null) {
        String[] columns = JdbcEndpoint.sortedColumns(values.keySet());
        StringBuilder sql = new StringBuilder(JdbcEndpoint.insertHead(table, columns)).append(" VALUES (?");
        for (int i = 0; i < columns.length; i++) {
          sql.append(", ?");
        }
        p = ep.prepare(JdbcEndpoint.Kind.INSERT, table, values.keySet(), sql.append(')').toString(), columns);
      }
      p.statement.setString(1, key);
      for (int i = 0; i < p.columns.length; i++) {
        p.statement.setString(i + 2, values.get(p.columns[i]).toString());
      }
      int rows = p.statement.executeUpdate();
      ep.done();
      return rows == 1 ? Status.OK : Status.UNEXPECTED_STATE;
    } catch (SQLException e) {
      return ep.failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    JdbcEndpoint ep = writers[shard(key)];
    try {
      JdbcEndpoint.Prepared p = ep.cached(JdbcEndpoint.Kind.DELETE, table, ALL_FIELDS);
      if (p == null) {
        p = ep.prepare(JdbcEndpoint.Kind.DELETE, table, ALL_FIELDS,
            "DELETE FROM " + table + " WHERE " + JdbcProperties.KEY_COLUMN + " = ?", new String[0]);
      }
      p.statement.setString(1, key);
      int rows = p.statement.executeUpdate();
      ep.done();
      return rows == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (SQLException e) {
      return ep.failed("delete", e);
    }
  }

  @Override
  public Status transaction(String table, TransactionWork work) {
    return transactions.run(table, work);
  }
}
