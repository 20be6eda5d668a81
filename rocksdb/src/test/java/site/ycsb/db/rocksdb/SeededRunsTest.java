package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import site.ycsb.testsupport.YcsbRun;

/**
 * A seeded load and run ({@code seed}) leave the same data in the store every time: the load on
 * several threads (each insert's record follows its key), the run's updates on one (their order
 * is the run's). Compared by a checksum of every record as the store holds it.
 */
class SeededRunsTest {
  private static final int RECORDS = 2000;

  private static void phase(String command, Path store, String seed, String threads) {
    YcsbRun r = YcsbRun.execute(command, "rocksdb", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "rocksdb.dir=" + store, "-p", "recordcount=" + RECORDS, "-p", "operationcount=3000",
        "-p", "fieldlengthdistribution=uniform", "-p", "seed=" + seed, "-threads", threads);
    assertEquals(0, r.exitCode(), r.describe());
  }

  /** @return a checksum of every key and value of every table (column family), in the store's order */
  private static long contents(Path store) throws Exception {
    RocksDB.loadLibrary();
    CRC32 crc = new CRC32();
    long records = 0;
    try (Options listing = new Options()) {
      List<byte[]> families = RocksDB.listColumnFamilies(listing, store.toString());
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      for (byte[] f : families) {
        descriptors.add(new ColumnFamilyDescriptor(f));
      }
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      try (DBOptions options = new DBOptions();
           RocksDB db = RocksDB.openReadOnly(options, store.toString(), descriptors, handles)) {
        for (int i = 0; i < handles.size(); i++) {
          crc.update(families.get(i));
          try (RocksIterator it = db.newIterator(handles.get(i))) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
              crc.update(it.key());
              crc.update(it.value());
              records++;
            }
          }
        }
        handles.forEach(ColumnFamilyHandle::close);
      }
    }
    assertEquals(RECORDS, records, "every record loaded is there");
    crc.update(Long.toString(records).getBytes(StandardCharsets.US_ASCII));
    return crc.getValue();
  }

  private static long loadAndRun(Path store, String seed) throws Exception {
    phase("load", store, seed, "4");
    phase("run", store, seed, "1");
    return contents(store);
  }

  @Test
  void theSameSeedLeavesTheSameDataTwice(@TempDir Path tmp) throws Exception {
    long first = loadAndRun(tmp.resolve("first"), "2024");
    long second = loadAndRun(tmp.resolve("second"), "2024");
    assertEquals(first, second, "the same records, with the same values");
    long other = loadAndRun(tmp.resolve("other"), "2025");
    assertNotEquals(first, other, "another seed writes other values");
  }
}
