package site.ycsb.db.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.OptimisticTransactionDB;
import org.rocksdb.Options;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksObject;
import site.ycsb.DBException;

/**
 * One open RocksDB store shared by every {@link RocksDBClient} of the phase that names the same
 * folder. RocksDB allows a single opener per folder, and one instance with many threads is also how
 * an application would use it, so workers share it through the binding context: the first worker
 * opens it, and the engine closes it when the phase ends.
 */
final class RocksStore implements AutoCloseable {
  private static final long BLOCK_CACHE_BYTES = 64L << 20;
  private static final int LOCK_STRIPES = 1024;

  private final Path dir;
  private final RocksDB db;
  private final Map<String, ColumnFamilyHandle> tables = new ConcurrentHashMap<>();
  /** Native objects that must outlive the store and be freed after it closes. */
  private final List<RocksObject> owned;
  /** Options for column families created later, by name; "default" serves unnamed ones. */
  private final Map<String, ColumnFamilyOptions> tableOptions;
  private final Object[] keyLocks = new Object[LOCK_STRIPES];

  private RocksStore(Path dir, RocksDB db, List<ColumnFamilyHandle> handles,
                     Map<String, ColumnFamilyOptions> tableOptions, List<RocksObject> owned) {
    this.dir = dir;
    this.db = db;
    this.tableOptions = tableOptions;
    this.owned = owned;
    for (ColumnFamilyHandle h : handles) {
      try {
        tables.put(new String(h.getName(), StandardCharsets.UTF_8), h);
      } catch (RocksDBException e) {
        throw new IllegalStateException("cannot read a column family name", e);
      }
    }
    for (int i = 0; i < keyLocks.length; i++) {
      keyLocks[i] = new Object();
    }
  }

  /**
   * @param dir the store folder as given
   * @return its real path, the folder created when missing: what identifies the store
   * @throws DBException when the folder cannot be created
   */
  static Path folder(Path dir) throws DBException {
    return prepareDir(dir);
  }

  /**
   * Opens the store in a folder prepared by {@link #folder}.
   *
   * @param real the store folder
   * @param optionsFile a RocksDB OPTIONS file, or null for the built-in tuning
   * @return the open store, closed by {@link #close()}
   * @throws DBException when the folder is locked or the store cannot be opened
   */
  static RocksStore openIn(Path real, String optionsFile) throws DBException {
    RocksStore store = open(real, optionsFile);
    // the one place a user learns where the data went (and what to delete later)
    System.err.println("rocksdb: using the store in " + real);
    return store;
  }

  /** Closes the store and frees its native memory: called by the engine when the phase ends. */
  @Override
  public void close() {
    closeNative();
  }

  /** @return the open database */
  RocksDB db() {
    return db;
  }

  /** @return the open database, to begin a transaction on */
  OptimisticTransactionDB transactions() {
    return (OptimisticTransactionDB) db;
  }

  /** @return the folder the store lives in */
  Path dir() {
    return dir;
  }

  /**
   * The column family holding a table, created on first use.
   *
   * @param table the YCSB table name
   * @return its handle
   * @throws RocksDBException when RocksDB cannot create it
   */
  ColumnFamilyHandle table(String table) throws RocksDBException {
    ColumnFamilyHandle h = tables.get(table);
    if (h != null) {
      return h;
    }
    synchronized (tables) {
      h = tables.get(table);
      if (h == null) {
        h = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8),
            optionsFor(table)));
        tables.put(table, h);
      }
      return h;
    }
  }

  /**
   * The monitor guarding read-merge-write cycles on one key. Updates read a record and write it
   * back; without this, a concurrent update or delete of the same key could be silently undone.
   *
   * @param key the record key
   * @return a monitor shared by every key that hashes to the same stripe
   */
  Object lockFor(String key) {
    return keyLocks[(key.hashCode() & 0x7fffffff) % LOCK_STRIPES];
  }

  private ColumnFamilyOptions optionsFor(String table) {
    ColumnFamilyOptions o = tableOptions.get(table);
    return o != null ? o : tableOptions.get("default");
  }

  private static Path prepareDir(Path dir) throws DBException {
    String name = RocksDBProperties.DIR.name();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new DBException(name + "=" + dir + " is not a folder: expected a folder for the RocksDB store");
    }
    try {
      Files.createDirectories(dir);
      return dir.toRealPath();
    } catch (IOException e) {
      throw new DBException(name + "=" + dir + " cannot be created: " + site.ycsb.props.FileProblems.reason(e));
    } catch (SecurityException e) {
      throw new DBException(name + "=" + dir + " cannot be created: " + reason(e));
    }
  }

  private static RocksStore open(Path dir, String optionsFile) throws DBException {
    try {
      RocksDB.loadLibrary();
    } catch (RuntimeException | UnsatisfiedLinkError e) {
      throw new DBException("the RocksDB native library cannot be loaded on this platform: " + reason(e));
    }
    List<RocksObject> owned = new ArrayList<>();
    Map<String, ColumnFamilyOptions> tableOptions = new HashMap<>();
    DBOptions dbOptions;
    try {
      dbOptions = optionsFile == null
          ? builtInOptions(owned, tableOptions)
          : loadOptionsFile(optionsFile, owned, tableOptions);
      dbOptions.setCreateIfMissing(true).setCreateMissingColumnFamilies(true);

      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      for (byte[] cf : existingColumnFamilies(dir)) {
        ColumnFamilyOptions o = tableOptions.getOrDefault(new String(cf, StandardCharsets.UTF_8),
            tableOptions.get("default"));
        descriptors.add(new ColumnFamilyDescriptor(cf, o));
      }
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      // optimistic transactions cost nothing until one begins: plain calls go to the same database
      RocksDB db = OptimisticTransactionDB.open(dbOptions, dir.toString(), descriptors, handles);
      return new RocksStore(dir, db, handles, tableOptions, owned);
    } catch (RocksDBException e) {
      closeAll(owned);
      throw new DBException(openFailure(dir, e));
    } catch (DBException | RuntimeException e) {
      closeAll(owned);
      throw e;
    }
  }

  /** Modest tuning that suits a shared small machine: bloom filters and a 64 MB block cache. */
  private static DBOptions builtInOptions(List<RocksObject> owned, Map<String, ColumnFamilyOptions> tableOptions) {
    DBOptions dbOptions = new DBOptions();
    owned.add(dbOptions);
    int cores = Math.max(2, Runtime.getRuntime().availableProcessors());
    dbOptions.setIncreaseParallelism(cores).setMaxBackgroundJobs(cores);
    // every open rotates RocksDB's info log; without a cap, repeated runs pile up LOG.old files
    dbOptions.setKeepLogFileNum(5);

    Cache cache = new LRUCache(BLOCK_CACHE_BYTES);
    BloomFilter filter = new BloomFilter(10);
    owned.add(cache);
    owned.add(filter);
    ColumnFamilyOptions cf = new ColumnFamilyOptions()
        .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache).setFilterPolicy(filter));
    owned.add(cf);
    tableOptions.put("default", cf);
    return dbOptions;
  }

  private static DBOptions loadOptionsFile(String file, List<RocksObject> owned,
                                           Map<String, ColumnFamilyOptions> tableOptions) throws DBException {
    String name = RocksDBProperties.OPTIONS_FILE.name();
    if (!Files.isRegularFile(Path.of(file))) {
      throw new DBException(name + "=" + file + " does not exist: expected a RocksDB OPTIONS file");
    }
    DBOptions dbOptions = new DBOptions();
    owned.add(dbOptions);
    List<ColumnFamilyDescriptor> described = new ArrayList<>();
    try (ConfigOptions config = new ConfigOptions()) {
      // unknown keys come from files written by other RocksDB versions; skipping them beats refusing to run
      config.setIgnoreUnknownOptions(true);
      OptionsUtil.loadOptionsFromFile(config, file, dbOptions, described);
    } catch (RocksDBException e) {
      throw new DBException(name + "=" + file + " cannot be loaded as a RocksDB OPTIONS file: " + reason(e));
    }
    for (ColumnFamilyDescriptor d : described) {
      owned.add(d.getOptions());
      tableOptions.put(new String(d.getName(), StandardCharsets.UTF_8), d.getOptions());
    }
    if (!tableOptions.containsKey("default")) {
      ColumnFamilyOptions cf = new ColumnFamilyOptions();
      owned.add(cf);
      tableOptions.put("default", cf);
    }
    return dbOptions;
  }

  /** Column families already in the folder; RocksDB refuses to open a store without naming them all. */
  private static List<byte[]> existingColumnFamilies(Path dir) throws RocksDBException {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      return List.of(RocksDB.DEFAULT_COLUMN_FAMILY);
    }
    try (Options options = new Options()) {
      return RocksDB.listColumnFamilies(options, dir.toString());
    }
  }

  private static String openFailure(Path dir, RocksDBException e) {
    String name = RocksDBProperties.DIR.name();
    String msg = reason(e);
    if (msg.contains("lock hold by current process")) {
      return name + "=" + dir + " is already open elsewhere in this process: expected a folder no one else uses";
    }
    if (msg.contains("LOCK")) {
      return name + "=" + dir + " is locked by another process (" + msg
          + "): stop that process or choose another " + name;
    }
    return name + "=" + dir + " cannot be opened as a RocksDB store: " + msg;
  }

  private static String reason(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.replace('\n', ' ');
  }

  private void closeNative() {
    for (ColumnFamilyHandle h : tables.values()) {
      h.close();
    }
    tables.clear();
    try {
      // waits for background flushes and compactions, so the next process finds a clean store
      db.closeE();
    } catch (RocksDBException e) {
      System.err.println("rocksdb: closing the store in " + dir + " reported: " + reason(e));
    }
    closeAll(owned);
  }

  private static void closeAll(List<RocksObject> objects) {
    for (int i = objects.size() - 1; i >= 0; i--) {
      objects.get(i).close();
    }
    objects.clear();
  }
}
