package site.ycsb.db.rocksdb;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the embedded RocksDB binding. Every value the binding reads is declared here
 * once, with its default and a one-line meaning.
 */
public final class RocksDBProperties implements PropertyCatalog {

  /** Default store folder, relative to the directory the benchmark is started from. */
  public static final String DEFAULT_DIR = "ycsb-rocksdb-data";

  /** Where the store lives; created when missing and kept after the run so `run` finds what `load` wrote. */
  public static final PropertyDef DIR = PropertyDef.string("rocksdb.dir", DEFAULT_DIR,
      "folder holding the RocksDB store (created when missing, kept after the run)");

  /** An OPTIONS file as RocksDB itself writes them; replaces the binding's built-in tuning. */
  public static final PropertyDef OPTIONS_FILE = PropertyDef.string("rocksdb.optionsfile", null,
      "RocksDB OPTIONS file to load (DB options and per column family options); unset = built-in defaults");

  /** Whether each write waits for the write-ahead log to reach the disk. */
  public static final PropertyDef SYNC = PropertyDef.bool("rocksdb.sync", false,
      "fsync the write-ahead log on every write (durable but much slower)");

  @Override
  public String module() {
    return "rocksdb";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.rocksdb.RocksDBClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(DIR, OPTIONS_FILE, SYNC);
  }
}
