package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

/**
 * A database binding: one instance per worker thread, one driver call per operation.
 *
 * <p>The benchmark creates one instance per worker, hands it the effective properties with
 * {@link #setProperties(Properties)}, then calls {@link #init(BindingContext)} once before the
 * measured run starts and {@link #cleanup()} once after it ends. A binding overrides either
 * {@code init(BindingContext)} (to share resources between workers, know its worker's number and
 * report failures through the engine) or upstream's {@link #init()}. Every operation method is called only by that
 * worker's thread, so an instance needs no internal locking; state shared between instances
 * (a connection pool, a client object) must be made thread-safe by the binding.
 *
 * <p>Operations return a {@link Status}; they should not throw. An unchecked exception that
 * escapes anyway is counted as a failed operation with {@link Status#ERROR} and the worker goes on.
 * The benchmark measures latency around each call, so a binding does no timing of its own.
 *
 * <p>This class is source-compatible with the binding API of YCSB 0.17: a binding written for it
 * compiles here unchanged.
 */
public abstract class DB {
  private Properties properties = new Properties();
  /** The engine's context while {@link #init()} runs from {@link #init(BindingContext)}; null otherwise. */
  private BindingContext initContext;

  /**
   * Sets the properties of this run (workload files, {@code -p} options and defaults merged).
   *
   * @param p the properties; the binding may read but should not modify them
   */
  public void setProperties(Properties p) {
    properties = p;
  }

  /**
   * Returns the properties set by {@link #setProperties(Properties)}.
   *
   * @return the properties of this run, never null
   */
  public Properties getProperties() {
    return properties;
  }

  /**
   * Connects to the database. Called once per instance, before the synchronized start; its time
   * is reported apart and is not part of the measured run.
   *
   * @throws DBException when the database cannot be reached or configured; the run stops with a
   *     clear message
   */
  public void init() throws DBException {
  }

  /**
   * Connects to the database, with what the engine tells this instance. Called once per instance,
   * before the synchronized start, instead of {@link #init()}; by default it calls
   * {@link #init()}, so bindings written against upstream's API keep working, and holds the context
   * meanwhile ({@link #initContext()}).
   *
   * @param context the worker's number, failure reporting and resources shared by all workers
   * @throws DBException when the database cannot be reached or configured; the run stops with a
   *     clear message
   */
  public void init(BindingContext context) throws DBException {
    initContext = context;
    try {
      init();
    } finally {
      initContext = null;
    }
  }

  /**
   * The engine's context for a binding that connects in upstream's {@link #init()} and still takes
   * what the engine offers (resources shared by every worker, its worker's number).
   *
   * @return the context while {@code init()} runs from {@link #init(BindingContext)}; null when
   *     {@code init()} is called alone, as upstream's engine did
   */
  protected final BindingContext initContext() {
    return initContext;
  }

  /**
   * Releases connections and other resources. Called once per instance after its worker's last
   * operation; not part of the measured run.
   *
   * @throws DBException when cleanup fails
   */
  public void cleanup() throws DBException {
  }

  /**
   * Reads one record.
   *
   * @param table the table name
   * @param key the record key
   * @param fields the fields to read, or null for all fields
   * @param result receives field name to value for every field read
   * @return {@link Status#OK}, {@link Status#NOT_FOUND} when the key does not exist, or an error
   */
  public abstract Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  /**
   * Reads up to {@code recordcount} records in key order, starting at {@code startkey}.
   * Returning fewer records (even none) is a successful scan.
   *
   * @param table the table name
   * @param startkey the first key of the range
   * @param recordcount the maximum number of records to read
   * @param fields the fields to read, or null for all fields
   * @param result receives one map per record, in key order
   * @return {@link Status#OK} or an error
   */
  public abstract Status scan(String table, String startkey, int recordcount, Set<String> fields,
                              Vector<HashMap<String, ByteIterator>> result);

  /**
   * Updates the given fields of one record, leaving other fields unchanged.
   *
   * @param table the table name
   * @param key the record key
   * @param values field name to new value
   * @return {@link Status#OK} or an error
   */
  public abstract Status update(String table, String key, Map<String, ByteIterator> values);

  /**
   * Inserts one record.
   *
   * @param table the table name
   * @param key the record key
   * @param values field name to value
   * @return {@link Status#OK}, {@link Status#BATCHED_OK} when buffered for a later batch, or an error
   */
  public abstract Status insert(String table, String key, Map<String, ByteIterator> values);

  /**
   * Deletes one record.
   *
   * @param table the table name
   * @param key the record key
   * @return {@link Status#OK}, {@link Status#NOT_FOUND}, or an error
   */
  public abstract Status delete(String table, String key);
}
