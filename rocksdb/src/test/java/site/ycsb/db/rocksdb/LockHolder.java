package site.ycsb.db.rocksdb;

import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * A separate process that keeps a RocksDB store open until its standard input closes, so tests can
 * see what the binding does when another process owns the folder.
 */
public final class LockHolder {
  private LockHolder() {
  }

  /**
   * @param args the store folder
   * @throws Exception when the store cannot be opened
   */
  public static void main(String[] args) throws Exception {
    RocksDB.loadLibrary();
    try (Options o = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(o, args[0])) {
      System.out.println("LOCKED");
      System.out.flush();
      while (System.in.read() >= 0) {
        // wait for the parent to close our input
      }
    }
  }
}
